/** What other features use of the legal minimum wage (issue 22): the notes under a price. */
export { HourlyMinimumNote, LegalMinimumNote } from './LegalMinimum';
export { useWageRules } from './api';
