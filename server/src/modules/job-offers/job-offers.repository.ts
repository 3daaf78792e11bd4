import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { JobOfferInput } from '@cym/common';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import { hasActiveMembershipSql } from '../memberships/membership-rules';
import { JobOffer } from './entities/job-offer.entities';

/**
 * An offer `o` is public while its `status` is true and its employer has an active membership at
 * `now` (a parameter such as '$1'); an offer with no employer (published by the team) while its
 * `status` is true. The one definition: the directories and the chat read it.
 */
export const publicOfferSql = (now: string) =>
  `o.status AND (o.parent_profile_id IS NULL OR ${hasActiveMembershipSql('o.parent_profile_id', now)})`;

/*
 * The job-offers module's data access: an offer's own columns (through the JobOffer entity), its
 * choice lists (one statement per table), the row lock of an admin write and the deleted
 * account's offers. The offers as the directories read them are in browse.repository.ts.
 */

/** Each choice list of an offer: its field in the body, its table and the catalog column. */
const OFFER_CHOICE_TABLES = [
  ['services', 'job_offer_services', 'service_id'],
  ['tasks', 'job_offer_tasks', 'task_id'],
  ['work_arrangements', 'job_offer_work_arrangements', 'work_arrangement_id'],
  ['languages', 'job_offer_languages', 'language_id'],
  ['work_shifts', 'job_offer_shifts', 'shift_id'],
] as const satisfies readonly (readonly [keyof JobOfferInput, string, string])[];

type ChoiceTable = (typeof OFFER_CHOICE_TABLES)[number];

/** Empties one choice list (`table`, from OFFER_CHOICE_TABLES) of the offer $1. */
function deleteOfferChoicesSql(table: ChoiceTable[1]): string {
  return `DELETE FROM ${table} WHERE job_offer_id = $1`;
}

/** Adds to the offer $1 one row of `table` per id of the array $2 (`column`, the table's catalog column). */
function insertOfferChoicesSql(table: ChoiceTable[1], column: ChoiceTable[2]): string {
  return `INSERT INTO ${table} (job_offer_id, ${column}) SELECT $1, unnest($2::int[])`;
}

/** Locks the offer $1 for the rest of the transaction (two admin writes apply in turn). */
const LOCK_OFFER = `SELECT id FROM job_offers WHERE id = $1 FOR UPDATE`;

/** Deletes every offer of the user $1's employer profile (a deleted account). */
const DELETE_OFFERS_OF_USER = `DELETE FROM job_offers WHERE parent_profile_id IN (SELECT id FROM parent_profiles WHERE user_id = $1)`;

/** An offer's own columns, as an employer or the team writes them. */
export type OfferColumns = Pick<
  JobOffer,
  'title' | 'description' | 'neighborhood' | 'provinceId' | 'municipalityId' | 'monthlyPrice' | 'nativeLanguageId'
>;

/** An offer's choice lists: catalog ids per list. */
export type OfferChoices = Pick<JobOfferInput, ChoiceTable[0]>;

/** One line of an employer's offers list. */
export type OfferSummaryRow = Pick<JobOffer, 'id' | 'title' | 'status' | 'createdAt'>;

/**
 * The offers' rows. Methods that take `m` run in the caller's transaction; where it is optional
 * they run on their own without one.
 */
@Injectable()
export class JobOffersRepository {
  constructor(@InjectRepository(JobOffer) private readonly offers: Repository<JobOffer>) {}

  private repo(m?: EntityManager): Repository<JobOffer> {
    return m ? m.getRepository(JobOffer) : this.offers;
  }

  /** The employer profile's offers, newest first. */
  summariesOf(parentProfileId: number): Promise<OfferSummaryRow[]> {
    return this.offers.find({
      select: { id: true, title: true, status: true, createdAt: true },
      where: { parentProfileId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** How many offers the employer profile has. */
  countOf(parentProfileId: number, m: EntityManager): Promise<number> {
    return m.getRepository(JobOffer).countBy({ parentProfileId });
  }

  /** Whether the offer is the employer profile's. */
  isOfParent(offerId: number, parentProfileId: number): Promise<boolean> {
    return this.offers.existsBy({ id: offerId, parentProfileId });
  }

  /** A new offer of the employer profile (null: the team's); answers its id. */
  async add(parentProfileId: number | null, columns: OfferColumns, m: EntityManager): Promise<number> {
    const inserted = await m.getRepository(JobOffer).insert({ parentProfileId, ...columns });
    return (inserted.identifiers[0] as { id: number }).id;
  }

  async update(offerId: number, columns: OfferColumns, m: EntityManager): Promise<void> {
    await m.getRepository(JobOffer).update({ id: offerId }, columns);
  }

  /** Writes the offer's columns only while it has no employer (the team's). */
  async updateTeamOffer(offerId: number, columns: OfferColumns, m: EntityManager): Promise<void> {
    await m.getRepository(JobOffer).update({ id: offerId, parentProfileId: IsNull() }, columns);
  }

  /**
   * Switches the offer on or off; switching on an offer the team hid changes nothing and answers
   * false (one guarded UPDATE, so a hiding in between is never undone).
   */
  async setStatus(offerId: number, status: boolean): Promise<boolean> {
    const [, count] = (await this.offers.query(
      `UPDATE job_offers SET status = $2, updated_at = now() WHERE id = $1 AND (NOT $2 OR NOT hidden_by_admin)`,
      [offerId, status],
    )) as [unknown, number];
    return count > 0;
  }

  /** The team hides an offer (switched off and kept off) or shows it again with its old switch. */
  async setHiddenByAdmin(offerId: number, hidden: boolean, status: boolean, m: EntityManager): Promise<void> {
    await this.repo(m).update(offerId, { hiddenByAdmin: hidden, status });
  }

  /** The offer's switch and whether the team hid it, its row locked (null when it does not exist). */
  async lockState(offerId: number, m: EntityManager): Promise<{ status: boolean; hidden: boolean } | null> {
    const rows = (await m.query(`SELECT status, hidden_by_admin AS hidden FROM job_offers WHERE id = $1 FOR UPDATE`, [
      offerId,
    ])) as { status: boolean; hidden: boolean }[];
    return rows[0] ?? null;
  }

  async remove(offerId: number, m?: EntityManager): Promise<void> {
    await this.repo(m).delete(offerId);
  }

  /** Every offer of the user's employer profile goes. */
  async removeAllOfUser(userId: number, m: EntityManager): Promise<void> {
    await m.query(DELETE_OFFERS_OF_USER, [userId]);
  }

  /** Locks the offer's row for the rest of the transaction. */
  async lock(offerId: number, m: EntityManager): Promise<void> {
    await m.query(LOCK_OFFER, [offerId]);
  }

  /** The offer's choice lists become `choices`. */
  async replaceChoices(offerId: number, choices: OfferChoices, m: EntityManager): Promise<void> {
    for (const [key, table, column] of OFFER_CHOICE_TABLES) {
      await m.query(deleteOfferChoicesSql(table), [offerId]);
      const ids = choices[key];
      if (ids.length > 0) await m.query(insertOfferChoicesSql(table, column), [offerId, ids]);
    }
  }
}
