import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const HOME_JS_BUDGET_KB = 170;
export const HOME_JS_GOAL_KB = 100;

interface Fetched {
  /** bytes on the wire */
  sent: Buffer;
  /** the content-encoding the server chose ('identity' when none) */
  encoding: string;
  body: Buffer;
}

/** A GET as a browser makes it, bytes counted as they travel (Node's fetch would decode them). */
function fetchRaw(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET ${url}: ${response.statusCode}`));
          return;
        }
        const sent = Buffer.concat(parts);
        const encoding = response.headers['content-encoding'] ?? 'identity';
        const body =
          encoding === 'br' ? brotliDecompressSync(sent) : encoding === 'gzip' ? gunzipSync(sent) : sent;
        resolve({ sent, encoding, body });
      });
    });
    request.on('error', reject);
  });
}

export interface HomeJavaScript {
  files: { file: string; gzipKb: number; sentKb: number; encoding: string }[];
  gzipKb: number;
  sentKb: number;
  page: { sentKb: number; encoding: string };
}

/**
 * The JavaScript the home page makes a phone fetch before it can draw: the entry script and every
 * module the page (as the server sends it, with the start-up preloads) names. Counted twice: gzip -9
 * of each file, and the bytes the server actually sends a browser that takes brotli and gzip.
 */
export async function homeJavaScript(baseUrl: string): Promise<HomeJavaScript> {
  const page = await fetchRaw(`${baseUrl}/`);
  const html = page.body.toString('utf8');
  const sources = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] as string);
  const files = await Promise.all(
    [...new Set(sources)].map(async (file) => {
      const fetched = await fetchRaw(new URL(file, baseUrl).href);
      return {
        file,
        gzipKb: gzipSync(fetched.body, { level: 9 }).length / 1024,
        sentKb: fetched.sent.length / 1024,
        encoding: fetched.encoding,
      };
    }),
  );
  return {
    files,
    gzipKb: files.reduce((sum, item) => sum + item.gzipKb, 0),
    sentKb: files.reduce((sum, item) => sum + item.sentKb, 0),
    page: { sentKb: page.sent.length / 1024, encoding: page.encoding },
  };
}

export function describeHomeJavaScript(figures: HomeJavaScript): string[] {
  const encodings = [...new Set(figures.files.map((item) => item.encoding))].join(', ');
  return [
    ...figures.files.map(
      (item) =>
        `  ${item.gzipKb.toFixed(1).padStart(7)} KB gz  ${item.sentKb.toFixed(1).padStart(7)} KB sent (${item.encoding})  ${item.file}`,
    ),
    `  ${figures.gzipKb.toFixed(1).padStart(7)} KB gz  ${figures.sentKb.toFixed(1).padStart(7)} KB sent (${encodings})  total, ${figures.files.length} files (budget ${HOME_JS_BUDGET_KB} KB gz, goal ${HOME_JS_GOAL_KB} KB)`,
    `  the page itself: ${figures.page.sentKb.toFixed(1)} KB sent (${figures.page.encoding})`,
  ];
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  CLS: 'cumulative-layout-shift',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
} as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
}

/** One Lighthouse run with its mobile preset (the default: a mid-range phone on slow 4G, simulated). */
async function lighthouseOnce(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`lighthouse: ${lhr?.runtimeError?.message ?? 'no result'}`);
    const score = (name: string) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      metrics: {
        FCP: value(METRICS.FCP),
        LCP: value(METRICS.LCP),
        CLS: value(METRICS.CLS),
        TBT: value(METRICS.TBT),
        SI: value(METRICS.SI),
      },
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse itself sometimes fails to record a trace (NO_NAVSTART, as its message says: "run
 * Lighthouse again"); such a run is tried again, up to three times, before the error stands.
 */
async function lighthouseRetried(url: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export interface LighthouseFigures {
  runs: LighthouseRun[];
  median: LighthouseRun;
  /** the 1-minute load average before and after, on this many cores */
  load: { before: number; after: number; cores: number };
}

/**
 * Lighthouse on `url`, `runs` times, each in a fresh Chromium; the median of each figure. The CPU
 * figures (TBT above all) grow with whatever else the machine runs, hence the load printed beside.
 */
export async function lighthouseFigures(url: string, runs = 3): Promise<LighthouseFigures | null> {
  if (!existsSync(CHROMIUM)) return null;
  const before = os.loadavg()[0] ?? 0;
  const results: LighthouseRun[] = [];
  for (let index = 0; index < runs; index += 1) results.push(await lighthouseRetried(url));
  const after = os.loadavg()[0] ?? 0;
  const pick = <K extends string>(keys: readonly K[], read: (run: LighthouseRun, key: K) => number) =>
    Object.fromEntries(keys.map((key) => [key, median(results.map((run) => read(run, key)))])) as Record<
      K,
      number
    >;
  return {
    runs: results,
    median: {
      scores: pick(CATEGORIES, (run, key) => run.scores[key]),
      metrics: pick(Object.keys(METRICS) as (keyof typeof METRICS)[], (run, key) => run.metrics[key]),
    },
    load: { before, after, cores: os.cpus().length },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function describeLighthouse(figures: LighthouseFigures): string[] {
  const line = (run: LighthouseRun) =>
    `perf ${run.scores.performance}, a11y ${run.scores.accessibility}, best practices ${run.scores['best-practices']}, SEO ${run.scores.seo} | FCP ${seconds(run.metrics.FCP)}, LCP ${seconds(run.metrics.LCP)}, CLS ${run.metrics.CLS.toFixed(3)}, TBT ${Math.round(run.metrics.TBT)} ms, SI ${seconds(run.metrics.SI)}`;
  return [
    `  median   ${line(figures.median)}`,
    ...figures.runs.map((run, index) => `  run ${index + 1}    ${line(run)}`),
    `  load average ${figures.load.before.toFixed(2)} before, ${figures.load.after.toFixed(2)} after, on ${figures.load.cores} cores (TBT grows with it)`,
  ];
}

/** The machine's own account of its load, for the record. */
export function uptime(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`;
  }
}

/** A page with one heading and nothing else, served from this process: what the machine alone costs. */
async function withReferencePage<T>(use: (url: string) => Promise<T>): Promise<T> {
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="Reference page"><title>Reference</title></head><body><h1>Reference</h1><p>Nothing else.</p></body></html>';
  const server = http.createServer((request, response) => {
    if (request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    return await use(`http://127.0.0.1:${port}/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The home page's figures on the built server (`baseUrl`): its initial JavaScript, and where Chromium
 * is present, Lighthouse's mobile scores (the median of `runs`), beside one run on a bare page.
 */
export async function printHomePage(baseUrl: string, runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)) {
  console.log('\nHome page initial JavaScript (entry and every module the served page preloads):');
  for (const line of describeHomeJavaScript(await homeJavaScript(baseUrl))) console.log(line);

  if (!existsSync(CHROMIUM)) {
    console.log(`\nLighthouse: skipped (no Chromium at ${CHROMIUM}; CHROMIUM_PATH names another)`);
    return;
  }
  console.log(`\nLighthouse ${runs}x, mobile preset (simulated slow 4G, 4x CPU), home page; ${uptime()}`);
  console.log(
    '  Scores are absolute (0-100, Lighthouse 13 curves); the bare page beside shows what this machine alone costs:',
  );
  let home: LighthouseFigures | null;
  try {
    home = await lighthouseFigures(`${baseUrl}/`, runs);
  } catch (error) {
    // The other figures of the bench still count: say what failed and go on.
    console.log(`  Lighthouse failed: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (home) for (const line of describeLighthouse(home)) console.log(line);
  const reference = await withReferencePage((url) => lighthouseFigures(url, 1)).catch(() => null);
  if (reference)
    console.log(
      `  bare page ${describeLighthouse(reference)[0]
        ?.trim()
        .replace(/^median\s+/, '')}`,
    );
}
