import { launchBrowserServer } from './browser-server';
import globalSetup from './global-setup';

/**
 * The browser suites' set-up: the template database, and one Chromium for the whole run. Its
 * WebSocket endpoint goes in CYM_BROWSER_ENDPOINT, which Jest's workers (started after this)
 * inherit; each suite connects there and keeps apart from the others by a context per page.
 */
export default async function browserGlobalSetup(): Promise<void> {
  await globalSetup();
  const server = await launchBrowserServer();
  (globalThis as { __cymBrowserServer?: unknown }).__cymBrowserServer = server;
  process.env.CYM_BROWSER_ENDPOINT = server.wsEndpoint();
}
