import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { MembershipType } from './entities/membership-type.entity';
import { Membership } from './entities/membership.entities';
import { activeMembershipSql, hasActiveMembershipSql } from './membership-rules';

/*
 * The memberships module's data access: a membership with its type and payment (the MEMBRESÍA
 * table and the grant's answer; `$2` is the Clock's now), the types on sale, the pending bank
 * transfer, and the reads and locks of a grant or an admin's switch.
 */

export interface MembershipRow {
  id: number;
  type_id: number;
  type_name: string;
  type_price: number;
  start_date: Date;
  end_date: Date;
  active: boolean;
  status: boolean;
  payment_id: number | null;
  payment_method: string | null;
  amount: number | null;
  payment_status: string | null;
  transaction_id: string | null;
}

const MEMBERSHIP_SELECT = `SELECT ms.id, mt.id AS type_id, mt.name AS type_name, mt.price AS type_price,
       ms.start_date, ms.end_date, ms.status, ${activeMembershipSql('ms', '$2')} AS active,
       py.id AS payment_id, py.payment_method, py.amount, py.status AS payment_status, py.transaction_id
  FROM memberships ms
  JOIN membership_types mt ON mt.id = ms.membership_type_id
  LEFT JOIN payments py ON py.id = ms.payment_id`;

/** The memberships of the employer profile $1, newest first; `$2` is now. */
const MEMBERSHIPS_OF_PARENT = `${MEMBERSHIP_SELECT} WHERE ms.parent_profile_id = $1 ORDER BY ms.created_at DESC, ms.id DESC`;

/** The membership $1; `$2` is now. */
const MEMBERSHIP_BY_ID = `${MEMBERSHIP_SELECT} WHERE ms.id = $1`;

/** A membership type as sold (CURRENT_MEMBERSHIP_TYPE, ACTIVE_MEMBERSHIP_TYPE). */
export interface MembershipTypeRow {
  id: number;
  name: string;
  price: number;
  duration_days: number;
}

/** The membership type on sale: the first active one. */
const CURRENT_MEMBERSHIP_TYPE = `SELECT id, name, price, duration_days FROM membership_types WHERE is_active ORDER BY id LIMIT 1`;

/** The membership type $1 when it is active. */
const ACTIVE_MEMBERSHIP_TYPE = `SELECT id, name, price, duration_days FROM membership_types WHERE id = $1 AND is_active`;

/** Whether the employer profile $1 has an active membership at $2 (now): `active`. */
const PROFILE_HAS_ACTIVE_MEMBERSHIP = `SELECT ${hasActiveMembershipSql('$1', '$2')} AS active`;

/**
 * The employer profile $1's newest bank-transfer request still pending (`id` of its membership)
 * for the type $2 at the amount $3; no row when there is none.
 */
const PENDING_BANK_TRANSFER = `SELECT ms.id FROM memberships ms JOIN payments py ON py.id = ms.payment_id
          WHERE ms.parent_profile_id = $1 AND ms.membership_type_id = $2 AND py.payment_method = 'bank_transfer'
            AND py.status = 'pending' AND py.amount = $3
          ORDER BY ms.id DESC LIMIT 1`;

/** The membership (`id`) the payment $1 granted, if any. */
const MEMBERSHIP_OF_PAYMENT = `SELECT id FROM memberships WHERE payment_id = $1`;

/** A membership as the admin's switch reads it (LOCK_MEMBERSHIP_FOR_SWITCH). */
export interface SwitchedMembershipRow {
  id: number;
  parent_profile_id: number;
  membership_type_id: number;
  status: boolean;
  end_date: Date;
  payment_id: number | null;
  payment_method: string | null;
  payment_status: string | null;
}

/** The membership $1 with its payment, its row locked for the rest of the transaction. */
const LOCK_MEMBERSHIP_FOR_SWITCH = `SELECT ms.id, ms.parent_profile_id, ms.membership_type_id, ms.status, ms.end_date,
              py.id AS payment_id, py.payment_method, py.status AS payment_status
         FROM memberships ms LEFT JOIN payments py ON py.id = ms.payment_id
        WHERE ms.id = $1 FOR UPDATE OF ms`;

/**
 * When the employer profile $1's cover ends (`end_date`, null without one): the latest end of its
 * memberships active at $3 (now), the membership $2 left out.
 */
const COVER_END = `SELECT max(ms.end_date) AS end_date FROM memberships ms
        WHERE ms.parent_profile_id = $1 AND ms.id <> $2 AND ${activeMembershipSql('ms', '$3')}`;

/** Who an employer profile belongs to, for an e-mail (LIVE_EMPLOYER_CONTACT). */
export interface EmployerContactRow {
  email: string;
  first_name: string;
}

/** The e-mail and first name of the employer profile $1's owner; no row for a deleted account. */
const LIVE_EMPLOYER_CONTACT = `SELECT u.email, u.first_name FROM parent_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND u.deleted_at IS NULL`;

/** Switches off every membership of the user $1's employer profile (a deleted account). */
const SWITCH_OFF_MEMBERSHIPS_OF_USER = `UPDATE memberships SET status = false
        WHERE parent_profile_id IN (SELECT id FROM parent_profiles WHERE user_id = $1)`;

/** A new membership's columns. */
export type NewMembership = Pick<
  Membership,
  'parentProfileId' | 'membershipTypeId' | 'paymentId' | 'status' | 'startDate' | 'endDate'
>;

/**
 * The memberships, their types, and the reads the grant and the admin's switch make. Each method
 * takes the caller's transaction (`m`) last; without one it runs on its own.
 */
@Injectable()
export class MembershipsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The membership type on sale (the first active one), if any. */
  async currentType(m: EntityManager = this.dataSource.manager): Promise<MembershipTypeRow | undefined> {
    const [row] = (await m.query(CURRENT_MEMBERSHIP_TYPE)) as MembershipTypeRow[];
    return row;
  }

  /** The membership type `id` when it is on sale. */
  async activeType(id: number, m: EntityManager = this.dataSource.manager): Promise<MembershipTypeRow | undefined> {
    const [row] = (await m.query(ACTIVE_MEMBERSHIP_TYPE, [id])) as MembershipTypeRow[];
    return row;
  }

  /** Whether the employer profile has a membership active at `now`. */
  async hasActive(parentProfileId: number, now: Date, m: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [row] = (await m.query(PROFILE_HAS_ACTIVE_MEMBERSHIP, [parentProfileId, now])) as { active: boolean }[];
    return row!.active;
  }

  /** The employer profile's memberships with their types and payments, newest first. */
  ofParent(parentProfileId: number, now: Date): Promise<MembershipRow[]> {
    return this.dataSource.query(MEMBERSHIPS_OF_PARENT, [parentProfileId, now]);
  }

  /** The membership with its type and payment. */
  async byId(id: number, now: Date, m: EntityManager = this.dataSource.manager): Promise<MembershipRow | undefined> {
    const [row] = (await m.query(MEMBERSHIP_BY_ID, [id, now])) as MembershipRow[];
    return row;
  }

  /** The id of the employer's newest bank-transfer request still pending for that type and amount. */
  async pendingBankTransfer(
    parentProfileId: number,
    typeId: number,
    amount: number,
    m: EntityManager,
  ): Promise<number | undefined> {
    const [row] = (await m.query(PENDING_BANK_TRANSFER, [parentProfileId, typeId, amount])) as { id: number }[];
    return row?.id;
  }

  /** The id of the membership the payment granted, if any. */
  async idOfPayment(paymentId: number, m: EntityManager): Promise<number | undefined> {
    const [row] = (await m.query(MEMBERSHIP_OF_PAYMENT, [paymentId])) as { id: number }[];
    return row?.id;
  }

  /** The membership with its payment, its row locked until the transaction ends. */
  async lockForSwitch(id: number, m: EntityManager): Promise<SwitchedMembershipRow | undefined> {
    const [row] = (await m.query(LOCK_MEMBERSHIP_FOR_SWITCH, [id])) as SwitchedMembershipRow[];
    return row;
  }

  /** When the employer's cover ends: the latest end of its memberships active at `now`, `exceptId` left out. */
  async coverEnd(parentProfileId: number, exceptId: number, now: Date, m: EntityManager): Promise<Date | null> {
    const [row] = (await m.query(COVER_END, [parentProfileId, exceptId, now])) as { end_date: Date | null }[];
    return row?.end_date ?? null;
  }

  /** The employer profile's owner, for an e-mail; none for a deleted account. */
  async liveEmployerContact(parentProfileId: number, m: EntityManager): Promise<EmployerContactRow | undefined> {
    const [row] = (await m.query(LIVE_EMPLOYER_CONTACT, [parentProfileId])) as EmployerContactRow[];
    return row;
  }

  /** A new membership; answers its id. */
  async add(membership: NewMembership, m: EntityManager): Promise<number> {
    const result = await m.getRepository(Membership).insert(membership);
    return (result.identifiers[0] as { id: number }).id;
  }

  /** Moves a membership's switch and, when given, its period. */
  async update(
    id: number,
    changes: Partial<Pick<Membership, 'status' | 'startDate' | 'endDate'>>,
    m: EntityManager,
  ): Promise<void> {
    await m.getRepository(Membership).update(id, changes);
  }

  /** Switches off the membership the payment granted. */
  async switchOffOfPayment(paymentId: number, m: EntityManager): Promise<void> {
    await m.getRepository(Membership).update({ paymentId }, { status: false });
  }

  /** Switches off every membership of the user's employer profile. */
  async switchOffAllOfUser(userId: number, m: EntityManager): Promise<void> {
    await m.query(SWITCH_OFF_MEMBERSHIPS_OF_USER, [userId]);
  }

  /** The type's price, its row locked until the transaction ends. */
  async lockTypePrice(typeId: number, m: EntityManager): Promise<number> {
    const locked = await m
      .getRepository(MembershipType)
      .findOne({ where: { id: typeId }, lock: { mode: 'pessimistic_write' } });
    return locked!.price;
  }

  async setTypePrice(typeId: number, price: number, m: EntityManager): Promise<void> {
    await m.getRepository(MembershipType).update(typeId, { price });
  }
}
