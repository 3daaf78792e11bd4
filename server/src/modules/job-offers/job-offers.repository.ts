import type { JobOfferInput } from '@cym/common';

/*
 * The job-offers module's hand-written SQL: the offer's choice lists (one statement per table),
 * the row lock of an admin write and the deleted account's offers. An offer's own columns go
 * through the JobOffer entity; the offers as the directories read them are in browse.repository.ts.
 */

/** Each choice list of an offer: its field in the body, its table and the catalog column. */
export const OFFER_CHOICE_TABLES = [
  ['services', 'job_offer_services', 'service_id'],
  ['tasks', 'job_offer_tasks', 'task_id'],
  ['work_arrangements', 'job_offer_work_arrangements', 'work_arrangement_id'],
  ['languages', 'job_offer_languages', 'language_id'],
  ['work_shifts', 'job_offer_shifts', 'shift_id'],
] as const satisfies readonly (readonly [keyof JobOfferInput, string, string])[];

type ChoiceTable = (typeof OFFER_CHOICE_TABLES)[number];

/** Empties one choice list (`table`, from OFFER_CHOICE_TABLES) of the offer $1. */
export function deleteOfferChoicesSql(table: ChoiceTable[1]): string {
  return `DELETE FROM ${table} WHERE job_offer_id = $1`;
}

/** Adds to the offer $1 one row of `table` per id of the array $2 (`column`, the table's catalog column). */
export function insertOfferChoicesSql(table: ChoiceTable[1], column: ChoiceTable[2]): string {
  return `INSERT INTO ${table} (job_offer_id, ${column}) SELECT $1, unnest($2::int[])`;
}

/** Locks the offer $1 for the rest of the transaction (two admin writes apply in turn). */
export const LOCK_OFFER = `SELECT id FROM job_offers WHERE id = $1 FOR UPDATE`;

/** Deletes every offer of the user $1's employer profile (a deleted account). */
export const DELETE_OFFERS_OF_USER = `DELETE FROM job_offers WHERE parent_profile_id IN (SELECT id FROM parent_profiles WHERE user_id = $1)`;
