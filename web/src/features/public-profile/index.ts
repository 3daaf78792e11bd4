/**
 * The pages are reached through the router's lazy routes (app/router.tsx). What another feature
 * needs goes through this file, never a deep import: the keys of the public offer's query, which
 * the employer's writes make stale.
 */
export { publicProfileKeys } from './api';
