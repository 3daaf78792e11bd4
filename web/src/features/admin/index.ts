/**
 * Nothing here is for other features: the pages are reached through the router's lazy routes
 * (app/router.tsx). What another feature needs goes through this file, never a deep import.
 */
export {};
