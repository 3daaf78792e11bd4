// Measures what the first screen of each public page transfers (compressed bytes on the wire)
// and how many requests it makes, in Debian's Chromium against a server started here on a
// throw-away embedded database with the demo data. Run: `npm run bench` (builds first if needed).
import { FIRST_SCREEN_HEADER, firstScreen, launchChromium } from './first-screen.mjs';
import { startBenchServer } from './server.mjs';

const PAGES = [
  '/',
  '/contact',
  '/faqs',
  '/terms',
  '/how-it-works',
  '/workers',
  '/job-offers',
  '/memberships',
  '/no-existe',
];

const server = await startBenchServer({ SEED_DEMO: 'true' });
try {
  const browser = await launchChromium();
  console.log(FIRST_SCREEN_HEADER);
  for (const path of PAGES) console.log(await firstScreen(browser, server.url + path, path));
  await browser.close();
} finally {
  await server.stop();
}
