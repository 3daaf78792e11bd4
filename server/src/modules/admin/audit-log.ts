import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';

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
      [
        actor.id,
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.before === undefined ? null : JSON.stringify(entry.before),
        entry.after === undefined ? null : JSON.stringify(entry.after),
      ],
    );
  }
}
