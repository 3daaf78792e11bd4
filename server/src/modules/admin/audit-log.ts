import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/access/auth-user';
import { AdminRepository } from './admin.repository';

/** What an admin did, kept in admin_audit_log: who, what, on which row, before and after. */
export interface AuditEntry {
  action: string;
  targetType:
    | 'user'
    | 'membership'
    | 'job_offer'
    | 'membership_type'
    | 'wage_scale'
    | 'service'
    | 'reference'
    | 'labor_parameter'
    | 'safety_word';
  targetId: number | null;
  before?: unknown;
  after?: unknown;
}

@Injectable()
export class AuditLog {
  constructor(private readonly entries: AdminRepository) {}

  /** Written with the manager of the change, so the entry commits (or not) with it. */
  async record(m: EntityManager, actor: AuthUser, entry: AuditEntry): Promise<void> {
    await this.entries.addAuditEntry(
      {
        actorId: actor.id,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: wellFormed(entry.before),
        after: wellFormed(entry.after),
      },
      m,
    );
  }

  /**
   * A deleted account's erasure: the personal values in the rows about that person (their
   * account, their memberships, the references `referenceIds`) become AUDIT_REDACTED_VALUE; who
   * did what and when stays.
   */
  async redactPerson(m: EntityManager, userId: number, referenceIds: number[]): Promise<void> {
    await this.entries.redactAuditValues(userId, referenceIds, AUDIT_PERSONAL_FIELDS, AUDIT_REDACTED_VALUE, m);
  }
}

/**
 * The fields of an audit row that hold someone's personal data (names, contact, the reasons an
 * admin wrote about them): redacted when that person's account is erased.
 */
export const AUDIT_PERSONAL_FIELDS = ['email', 'first_name', 'last_name', 'phone', 'user_full_name', 'reason'] as const;

/** What a redacted value reads afterwards. */
export const AUDIT_REDACTED_VALUE = 'Dato eliminado';

/** The value as jsonb will hold it (see `jsonb`); null when there is none. */
function wellFormed(value: unknown): object | null {
  const text = jsonb(value);
  return text === null ? null : (JSON.parse(text) as object);
}

/** A lone UTF-16 surrogate: half of a pair, which no UTF-8 text can hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A value as jsonb text. A JSON body may carry a lone surrogate (`"\ud800"`); a text column
 * stores it as U+FFFD (the driver encodes UTF-8), but JSON.stringify writes it back as the
 * escape `\ud800`, which PostgreSQL refuses in jsonb: a 500 for the admin's whole change. Strings
 * are made well-formed the same way first.
 */
export function jsonb(value: unknown): string | null {
  if (value === undefined) return null;
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? item.replace(LONE_SURROGATE, '\ufffd') : item,
  );
}
