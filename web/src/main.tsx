import './styles/global.css';

/**
 * The app's start, in steps with a task between them: React and react-dom (the chunk this entry
 * imports), the router and TanStack Query, common's rules and texts, then the app itself
 * (src/app-start.tsx: the shell and the routes, then in steps of its own the router, the page
 * and hydration). Evaluated as one module graph they were one task of 230–310 ms on a mid-range
 * phone, in which a tap waited; between these the browser paints and answers input. Each step is
 * a chunk of its own (vite.config.ts), all fetched together from the start (modulepreload) and
 * evaluated in turn.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import('./start/react');
  await nextTask();
  await import('./start/libraries');
  await nextTask();
  await import('./start/common');
  await nextTask();
  const { startApp } = await import('./app-start');
  await nextTask();
  await startApp(nextTask);
}

// A step whose code could not be fetched (a dropped connection): told to the start of rendered
// pages (src/boot.ts), which says so on the page it drew.
start().catch(() => document.dispatchEvent(new Event('cym-app-failed')));
