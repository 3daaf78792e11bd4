import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/access/auth-user';

/** What an admin did, kept in admin_audit_log: who, what, on which row, before and after. */
export interface AuditEntry {
  action: string;
  targetType: 'user' | 'membership' | 'job_offer' | 'membership_type';
  targetId: number | null;
  before?: unknown;
  after?: unknown;
}

@Injectable()
export class AuditLog {
  /** Written with the manager of the change, so the entry commits (or not) with it. */
  async record(m: EntityManager, actor: AuthUser, entry: AuditEntry): Promise<void> {
    await m.query(
      `INSERT INTO admin_audit_log (actor_id, action, target_type, target_id, before, after)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
      [actor.id, entry.action, entry.targetType, entry.targetId, jsonb(entry.before), jsonb(entry.after)],
    );
  }
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
