/**
 * The pages are reached through the router's lazy routes (app/router.tsx). What another feature
 * needs goes through this file, never a deep import: the back office's pager and spinner, for the
 * admin pages of other features (moderation).
 */
export { AdminLoading, AdminPager } from './AdminList';
