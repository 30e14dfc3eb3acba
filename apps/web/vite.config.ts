import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { startUpNamespaces } from './src/i18n/start-up-namespaces';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, once, at the highest levels: the
 * server sends them as they are (@fastify/static preCompressed), so a phone downloads a third of the
 * bytes and the server spends no CPU compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Replaces the entry's stylesheet links with the styles themselves (about 5 KB once compressed): the
 * first paint then waits for the page alone, not for a second request over a phone's network.
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return tag;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            if (css.includes('</style')) return tag;
            // The link stays, disabled (a disabled stylesheet is never fetched), because Vite's loader
            // looks for it before it loads a lazy chunk's styles: without it, it would fetch them again.
            return `<style>${css}</style>${tag.replace(/>$/, ' disabled>')}`;
          },
        );
      },
    },
  };
}

/**
 * The lazily loaded pages a server preloads for the address a visitor lands on, so their chunks come
 * with the page instead of after the entry script ran (ADR 017). Keys are what the server names.
 */
const startUpPages: Record<string, string[]> = {
  // The home page and the content feature that draws its banner and promotions.
  home: ['src/features/home/index.ts', 'src/features/content/index.ts'],
};

interface ChunkList {
  scripts: string[];
}

/**
 * Writes start-up.json: for each page above, the chunks it loads beyond what the entry already brings;
 * for each language, the translation chunks start-up waits for. The server reads it at start. Their
 * styles are not listed: Vite's loader adds them when the page is rendered, and a preload the first
 * paint does not use only draws Chromium's "preloaded but not used" warning (ADR 017).
 */
function startUpChunks(): Plugin {
  let root = '';
  return {
    name: 'start-up-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // Each source module, by its path in the project, and the chunk it landed in.
      const bySource = new Map(
        chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [path.relative(root, id), chunk] as const)),
      );
      // Everything the entry loads statically is already on its way with the page.
      const closure = (start: Rolldown.OutputChunk[], skip: ReadonlySet<string> = new Set()): Set<string> => {
        const seen = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (seen.has(chunk.fileName) || skip.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) {
            const next = byFile.get(file);
            if (next) visit(next);
          }
        };
        start.forEach(visit);
        return seen;
      };
      const entryFiles = closure(chunks.filter((chunk) => chunk.isEntry));
      const listOf = (sources: string[]): ChunkList => {
        const found = sources.map((source) => {
          const chunk = bySource.get(source);
          if (!chunk) throw new Error(`start-up-chunks: ${source} is not a chunk of the build`);
          return chunk;
        });
        return { scripts: [...closure(found, entryFiles)].map((file) => `/${file}`) };
      };
      const locales: Record<string, string[]> = {};
      for (const source of bySource.keys()) {
        // Only the namespaces start-up waits for; the others load when first used.
        const match = /^src\/i18n\/locales\/([^/]+)\/([^/]+)\.json$/.exec(source);
        const needed = (startUpNamespaces as readonly string[]).includes(match?.[2] ?? '');
        if (match?.[1] && needed) (locales[match[1]] ??= []).push(...listOf([source]).scripts);
      }
      const pages = Object.fromEntries(
        Object.entries(startUpPages).map(([name, sources]) => [name, listOf(sources)]),
      );
      this.emitFile({
        type: 'asset',
        fileName: 'start-up.json',
        source: JSON.stringify({ pages, locales }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineEntryStyles(), startUpChunks(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/wps': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
      // The server names the installable app after the site (ADR 084).
      '/manifest.webmanifest': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 300,
    // Every browser the site serves (es2020: Chrome 80+, Safari 14+, Firefox 80+) follows <link
    // rel="modulepreload"> or, in Safari before 17, just fetches the module when imported: the polyfill
    // would only add bytes to the first load.
    modulePreload: { polyfill: false },
  },
});
