/** What other features use of the legal minimum wage: the notes under a price. */
export { HourlyMinimumNote, LegalMinimumNote } from './LegalMinimum';
export { useWageRules, wageRulesQuery } from './api';
