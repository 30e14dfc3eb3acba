import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { bannerImageSizes, routes } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describePage } from './modules/system/index.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The addresses the web app's router shows as its home page (apps/web/src/app/router.tsx). */
const HOME_PATHS = new Set(['/', '/index', '/index.html', '/home']);

/**
 * Whether a path names a file rather than a page of the web app: anything under /assets/ (the build's
 * fingerprinted files) and any last segment with an extension. A missing file answers 404, never the
 * page: a chunk gone after a deploy must fail to load (so the app reloads), not be parsed as a script
 * made of HTML, and the service worker keeps only what answered 200. `.html` stays a page, as the
 * router has /index.html and /register.html (SPEC section 2); a page's own segments (ids) have no dots.
 */
export function namesAFile(pathName: string): boolean {
  if (pathName.startsWith('/assets/')) return true;
  const last = pathName.slice(pathName.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(last) && !/\.html$/i.test(last);
}

/** start-up.json, written by the web build (apps/web/vite.config.ts, startUpChunks). */
const startUpChunksSchema = z.object({
  pages: z.record(z.string(), z.object({ scripts: z.array(z.string()) })),
  locales: z.record(z.string(), z.array(z.string())),
});
type StartUpChunks = z.infer<typeof startUpChunksSchema>;

/** Only what the page reads of the answers it carries; the client validates them as it always does. */
const envelopeSchema = z.object({ success: z.literal(true), value: z.unknown() });
const permissionSchema = z.object({
  info: z.object({ siteName: z.string(), languages: z.array(z.string()), defaultLanguage: z.string() }),
});
const bannersSchema = z.array(
  z.object({
    url: z.string(),
    image: z
      .object({ srcset: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable()
      .optional(),
  }),
);

/** `url` with its query sorted: the key under which the client looks an answer up (lib/start-up-answers.ts). */
export function answerKey(pathName: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query);
  search.sort();
  const text = search.toString();
  return text ? `${pathName}?${text}` : pathName;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every inline script of the page, as a CSP source: the policy allows these and no other inline code. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (/\bsrc=/.test(attributes) || /\btype="application\/json"/.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The encoding to send to a client with this Accept-Encoding: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((item) => /^\s*q=([\d.]+)\s*$/.exec(item)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

export interface RenderedPage {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

/**
 * The web app's page (ADR 017). It carries what the first screen would otherwise fetch one round trip
 * after another: the answers the start-up and the home page ask for (as a JSON data block, never run),
 * the chunks of the landing page and of the language, and the first home banner's image, preloaded.
 * The answers are made by this server's own routes (app.inject with the visitor's address and
 * forwarding headers), so they are exactly what the client would have been given: maintenance, region
 * rules and every other guard apply. Nothing that depends on a session is carried.
 */
export class WebPage {
  readonly scriptHashes: string[];
  private readonly template: string;
  private readonly chunks: StartUpChunks;

  constructor(
    private readonly app: FastifyInstance,
    webDist: string,
    merchantCode: string,
  ) {
    // One deployment serves one merchant: the page learns its merchant code from the page itself.
    this.template = readFileSync(path.join(webDist, 'index.html'), 'utf8').replace(
      '__MERCHANT_CODE__',
      escapeHtml(merchantCode),
    );
    this.scriptHashes = inlineScriptHashes(this.template);
    const chunksFile = path.join(webDist, 'start-up.json');
    this.chunks = existsSync(chunksFile)
      ? startUpChunksSchema.parse(JSON.parse(readFileSync(chunksFile, 'utf8')))
      : { pages: {}, locales: {} };
  }

  /** The page for `request`, compressed as its Accept-Encoding allows. */
  async render(request: FastifyRequest): Promise<RenderedPage> {
    const html = await this.html(request);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const bytes = Buffer.from(html);
    if (encoding === 'br') {
      // Quality 5 compresses a page in about a millisecond, within a few per cent of the best.
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      };
      return { body: await brotli(bytes, { params }), encoding };
    }
    if (encoding === 'gzip') return { body: await gzipAsync(bytes), encoding };
    return { body: bytes, encoding };
  }

  async html(request: FastifyRequest): Promise<string> {
    const pathName = request.url.split('?')[0] ?? '/';
    const answers = new Map<string, string>();
    const ask = async (key: string): Promise<unknown> => {
      const response = await this.app.inject({
        method: 'GET',
        url: key,
        remoteAddress: request.socket.remoteAddress,
        headers: {
          accept: 'application/json',
          ...pick(request.headers, ['host', 'x-forwarded-for', 'x-forwarded-proto', 'user-agent']),
        },
      });
      if (response.statusCode !== 200) return undefined;
      const envelope = envelopeSchema.safeParse(response.json());
      if (!envelope.success) return undefined;
      answers.set(key, response.body);
      return envelope.data.value;
    };

    const [, permissionValue] = await Promise.all([
      ask(answerKey(routes.systemStatus.path)),
      ask(answerKey(routes.permission.path, { url: request.headers.host ?? '' })),
    ]);
    const permission = permissionSchema.safeParse(permissionValue);
    // The client's choice when nothing is stored (apps/web/src/i18n: resolveLanguage).
    const language =
      permission.success && permission.data.info.languages.includes(permission.data.info.defaultLanguage)
        ? permission.data.info.defaultLanguage
        : 'bn';

    // The first banner goes first in the head; the chunks go after the entry's own (end of the body).
    const headPreloads: string[] = [];
    const chunkPreloads: string[] = [];
    let splashBanner = '';
    const modulePreload = (href: string) =>
      chunkPreloads.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);

    if (permission.success && HOME_PATHS.has(pathName)) {
      const [, banners] = await Promise.all([
        ask(answerKey(routes.gameVendors.path)),
        ask(answerKey(routes.banners.path, { groupName: 'w_home', language })),
        ask(answerKey(routes.promotions.path, { category: 'new_player', language })),
        // The big-wins ticker (ADR 023): in the page, so the strip is there from the first render.
        ask(answerKey(routes.bigWins.path, { limit: '10' })),
      ]);
      const first = bannersSchema.safeParse(banners).data?.[0];
      if (first) {
        // The largest paint of the home page: fetched with the page, not after the script and two
        // calls, and drawn by the splash where the page will draw it (same URL choice, one download).
        const href = escapeHtml(first.url);
        const srcset = first.image?.srcset ? escapeHtml(first.image.srcset) : null;
        const sizes = escapeHtml(bannerImageSizes);
        headPreloads.push(
          `<link rel="preload" as="image" href="${href}"${srcset ? ` imagesrcset="${srcset}" imagesizes="${sizes}"` : ''} fetchpriority="high">`,
        );
        const box = first.image ? ` width="${first.image.width}" height="${first.image.height}"` : '';
        splashBanner = `<div class="boot-splash__banner"><img src="${href}"${srcset ? ` srcset="${srcset}" sizes="${sizes}"` : ''}${box} alt="" fetchpriority="high"></div>`;
      }
      // Home's chunks, scripts only: the splash needs none of their styles, which Vite's loader adds as
      // the script imports home. Preloaded, they went unused (and Chromium warned) wherever home is not
      // drawn within three seconds of the load event, or never (a visitor sent to log in first).
      this.chunks.pages.home?.scripts.forEach(modulePreload);
    }

    (this.chunks.locales[language] ?? []).forEach(modulePreload);

    let html = this.template
      .replace('<!--start-up-preloads-->', headPreloads.join(''))
      .replace('<!--splash-banner-->', splashBanner);
    if (permission.success) {
      const { siteName } = permission.data.info;
      html = html.replace(/<!--site-name-->[\s\S]*?<!--\/site-name-->/, escapeHtml(siteName));
      // For search engines and link previews, which do not run the app (ADR 019).
      html = describePage(html, pathName, language, siteName).replace(
        /<html lang="[^"]*"/,
        `<html lang="${escapeHtml(language)}"`,
      );
    }
    let answersBlock = '';
    if (answers.size > 0) {
      const json = `{${[...answers].map(([key, body]) => `${JSON.stringify(key)}:${body}`).join(',')}}`;
      // `<` escaped, so no answer's text can close the block; a JSON block is data, never run.
      answersBlock = `<script type="application/json" id="start-up-answers">${json.replaceAll('<', '\\u003c')}</script>`;
    }
    html = html.replace('<!--start-up-answers-->', chunkPreloads.join('') + answersBlock);
    return html;
  }
}

function pick(source: FastifyRequest['headers'], names: string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}
