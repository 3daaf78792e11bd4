import type { BrowserServer } from 'playwright-core';
import globalTeardown from './global-teardown';

export default async function browserGlobalTeardown(): Promise<void> {
  await (globalThis as { __cymBrowserServer?: BrowserServer }).__cymBrowserServer?.close();
  delete process.env.CYM_BROWSER_ENDPOINT;
  await globalTeardown();
}
