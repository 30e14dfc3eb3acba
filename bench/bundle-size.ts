import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './support/server.js';

export const HOME_JS_BUDGET_KB = 170;

/**
 * The JavaScript a phone must fetch before the home page can render: the entry script and every
 * module it preloads, gzipped as a server would send them.
 */
export function homeInitialJavaScript(): { files: { file: string; gzipKb: number }[]; totalKb: number } {
  const dist = path.join(repoRoot, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] as string);
  const files = [...new Set(sources)].map((source) => {
    const bytes = readFileSync(path.join(dist, source.replace(/^\//, '')));
    return { file: source, gzipKb: gzipSync(bytes, { level: 9 }).length / 1024 };
  });
  return { files, totalKb: files.reduce((sum, item) => sum + item.gzipKb, 0) };
}
