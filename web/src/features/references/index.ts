/** What other features use of references: the profile's section, the button, the queries the public pages and the admin read. */
export { LeaveReference } from './LeaveReference';
export { ProfileRating, ReferencesSection } from './ReferencesSection';
export {
  referencePageQuery,
  useAdminReferences,
  useHideReference,
  useRestoreReference,
  type AdminReference,
  type AdminReferenceFilter,
} from './api';
