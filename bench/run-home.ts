import { printHomePage } from './home-page.js';
import { startBuiltServer } from './support/server.js';

// The home page's figures alone (npm run bench:home): the built server with the demo data (banners,
// promotions, vendors), as `npm start` runs it.
const site = await startBuiltServer('demo');
try {
  await printHomePage(site.url);
} finally {
  await site.stop();
}
