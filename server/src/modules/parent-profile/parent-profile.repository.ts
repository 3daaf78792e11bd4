import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ParentProfile } from './entities/parent-profile.entity';
import { activeMembershipSql } from '../memberships/membership-rules';

/** An employer profile with its owner's e-mail and first name (PARENT_OWNER). */
export interface ParentRow {
  id: number;
  user_id: number;
  email: string;
  first_name: string;
}

/** The employer profile $1 and its owner, when the owner's account is active; no row otherwise. */
export const PARENT_OWNER = `SELECT p.id, p.user_id, u.email, u.first_name FROM parent_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND u.is_active`;

/** The user behind the employer profile $1 when the account is active and not deleted. */
export const PARENT_ACTIVE_USER = `SELECT p.user_id FROM parent_profiles p JOIN users u ON u.id = p.user_id
 WHERE p.id = $1 AND u.is_active AND u.deleted_at IS NULL`;

/** The employer's info as PARENT_INFO reads it. */
export interface ParentInfoRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  profile_image: string | null;
  date_of_birth: string | null;
  gender: 'male' | 'female' | null;
  nationality: string | null;
  membership_id: number | null;
  membership_active: boolean | null;
  start_date: Date | null;
  end_date: Date | null;
}

/**
 * An employer's profile with the account's fields and the membership the page shows: the active
 * one when there is one, otherwise the one that ends last. `$1` is the profile, `$2` the Clock's now.
 */
export const PARENT_INFO = `SELECT p.id, p.user_id, u.first_name, u.last_name, u.email, u.phone, u.profile_image,
              p.date_of_birth::text AS date_of_birth, p.gender, p.nationality,
              m.id AS membership_id, ${activeMembershipSql('m', '$2')} AS membership_active, m.start_date, m.end_date
         FROM parent_profiles p JOIN users u ON u.id = p.user_id
         LEFT JOIN LATERAL (
           SELECT * FROM memberships ms WHERE ms.parent_profile_id = p.id
            ORDER BY ${activeMembershipSql('ms', '$2')} DESC, ms.end_date DESC LIMIT 1) m ON true
        WHERE p.id = $1`;

/** An employer's personal info as the info card writes it. */
export type ParentInfoFields = Pick<ParentProfile, 'dateOfBirth' | 'gender' | 'nationality'>;

/** The employer profiles. Methods that a service runs inside its transaction take that transaction's manager last. */
@Injectable()
export class ParentProfileRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The empty profile of an employer who just signed up. */
  async addEmpty(userId: number, m: EntityManager): Promise<void> {
    await m.getRepository(ParentProfile).insert({ userId });
  }

  /** A deleted account's profile: its personal fields emptied (the row stays with its payments). */
  async forgetPersonalData(userId: number, m: EntityManager): Promise<void> {
    await m.getRepository(ParentProfile).update({ userId }, { dateOfBirth: null, nationality: null });
  }

  /** The profile and its owner, when the owner's account is active (PARENT_OWNER). */
  async owner(id: number, m: EntityManager = this.dataSource.manager): Promise<ParentRow | undefined> {
    const rows: ParentRow[] = await m.query(PARENT_OWNER, [id]);
    return rows[0];
  }

  /** The user behind the profile when the account is active and not deleted (PARENT_ACTIVE_USER). */
  async activeUserIdOf(id: number): Promise<number | undefined> {
    const rows: { user_id: number }[] = await this.dataSource.query(PARENT_ACTIVE_USER, [id]);
    return rows[0]?.user_id;
  }

  /** Locks the profile row for the rest of the transaction. */
  async lock(id: number, m: EntityManager): Promise<void> {
    await m.getRepository(ParentProfile).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The employer's info with the membership the page shows, at `now` (PARENT_INFO). */
  async info(id: number, now: Date): Promise<ParentInfoRow | undefined> {
    const rows = (await this.dataSource.query(PARENT_INFO, [id, now])) as ParentInfoRow[];
    return rows[0];
  }

  async updateInfo(id: number, info: ParentInfoFields): Promise<void> {
    await this.dataSource.getRepository(ParentProfile).update(id, info);
  }
}
