import type { FastifyInstance } from 'fastify';

/**
 * Where the demo's customer service lives: a page of this server outside /wps and outside the web app,
 * so it answers while the site is in maintenance or restricted (the web app itself shows the status
 * page on every path then, /helpmc included).
 */
export const DEMO_CUSTOMER_SERVICE_PATH = '/demo-customer-service';

/**
 * The demo's stand-in for the operator's live chat (site.customerService): a real deployment points
 * that setting at its chat provider. Both languages on one page: a popup has no language switch.
 */
const page = `<!doctype html>
<html lang="bn">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>গ্রাহক সেবা · Customer service</title>
<style>
  body { margin: 0; font-family: system-ui, "Noto Sans Bengali", sans-serif; background: #0b1120; color: #f2f3f5; }
  main { max-width: 420px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 1.3rem; margin: 0 0 4px; }
  .badge { display: inline-block; font-size: 12px; font-weight: 700; padding: 2px 8px; border-radius: 8px;
    background: #b45309; color: #fff; }
  .bubble { margin: 16px 0; padding: 12px 16px; border-radius: 16px 16px 16px 4px; background: #1b2336;
    line-height: 1.5; }
  .bubble p { margin: 0; }
  .bubble p + p { margin-top: 6px; color: #c3c8d4; }
  .note { font-size: 0.85rem; color: #c3c8d4; line-height: 1.5; }
  code { color: #ffe08a; }
</style>
</head>
<body><main>
<p class="badge">ডেমো · Demo</p>
<h1>গ্রাহক সেবা <span lang="en">· Customer service</span></h1>
<div class="bubble" role="log" aria-label="চ্যাট · Chat">
  <p>নমস্কার! আমরা কীভাবে সাহায্য করতে পারি?</p>
  <p lang="en">Hello! How can we help you?</p>
</div>
<p class="note">এটি ডেমো সাইটের গ্রাহক সেবা: আসল সাইটে এই জানালায় অপারেটরের লাইভ চ্যাট খোলে, রক্ষণাবেক্ষণের সময়ও।</p>
<p class="note" lang="en">This is the demo's customer service: on a real site this window opens the operator's live chat
(the <code>site.customerService</code> setting), during maintenance too.</p>
</main></body>
</html>`;

/** Mounted by the demo only; a production site sends visitors to its own chat provider. */
export function registerDemoCustomerService(app: FastifyInstance): void {
  app.get(DEMO_CUSTOMER_SERVICE_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(page),
  );
}
