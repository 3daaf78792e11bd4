/** What other features use of references (issue 22): the profile's section, the button, the admin's reads. */
export { LeaveReference } from './LeaveReference';
export { ProfileRating, ReferencesSection } from './ReferencesSection';
export {
  useAdminReferences,
  useHideReference,
  useRestoreReference,
  type AdminReference,
  type AdminReferenceFilter,
} from './api';
