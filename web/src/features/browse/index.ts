/**
 * The pages are reached through the router's lazy routes (app/router.tsx). What another feature
 * needs goes through this file, never a deep import: the cards, for the saved lists, and the keys
 * of the directories' queries, which writes elsewhere make stale.
 */
export { browseKeys } from './api';
export { OfferCard } from './OfferCard';
export { WorkerCard } from './WorkerCard';
