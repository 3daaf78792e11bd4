/** The window event the app sends once the page is live (hydrated or drawn): see usePageLive. */
export const PAGE_LIVE_EVENT = 'cym:page-live';
