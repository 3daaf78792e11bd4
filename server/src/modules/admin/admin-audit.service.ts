import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatDateTime } from '@cym/common';
import { DataSource } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, positiveInt } from '../browse/filters';
import { FULL_NAME, foldedContains } from './admin-search';
import { AuditEntryDto, AuditFiltersDto, AuditPageDto, AuditPersonDto } from './dto/admin-audit.dto';

/** The actions admins take (audit-log.ts writers), in Spanish; an unknown one shows as written. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.visibility': 'Visibilidad del perfil',
  'user.delete': 'Cuenta eliminada',
  'membership.toggle': 'Membresía activada o desactivada',
  'membership.grant': 'Membresía otorgada',
  'job_offer.add': 'Oferta publicada',
  'job_offer.update': 'Oferta editada',
  'job_offer.delete': 'Oferta eliminada',
  'membership_type.price': 'Precio de la membresía',
};

export interface AuditQuery {
  actorId: number | null;
  action: string | null;
  person: string | null;
  page: number;
  pageSize: number;
}

const text = (raw: unknown): unknown => (Array.isArray(raw) ? raw[0] : raw);

/** The audit list's query string: every filter optional, always a page (50 rows unless asked). */
export function parseAuditQuery(query: Record<string, unknown>): AuditQuery {
  const actor = text(query.actor_id);
  if (actor !== undefined && (typeof actor !== 'string' || !/^[1-9]\d{0,9}$/.test(actor)))
    throw AppException.validation({ actor_id: ['El administrador no es válido.'] });
  const action = text(query.action);
  if (action !== undefined && (typeof action !== 'string' || !/^[a-z_.]{0,60}$/.test(action)))
    throw AppException.validation({ action: ['La acción no es válida.'] });
  const person = text(query.person);
  if (person !== undefined && typeof person !== 'string')
    throw AppException.validation({ person: ['La búsqueda no es válida.'] });
  const personText = (person ?? '').trim();
  if (personText.length > 100) throw AppException.validation({ person: ['La búsqueda admite hasta 100 caracteres.'] });
  const page = positiveInt(query.page, 'page');
  const size = positiveInt(query.page_size, 'page_size');
  return {
    actorId: actor ? Number(actor) : null,
    action: action || null,
    person: personText || null,
    page: page ?? 1,
    pageSize: Math.min(size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

interface Row {
  id: number;
  created_at: Date;
  action: string;
  target_type: string;
  target_id: number | null;
  before: unknown;
  after: unknown;
  actor_id: number | null;
  actor_name: string | null;
  actor_deleted: boolean | null;
  person_id: number | null;
  person_name: string | null;
  person_deleted: boolean | null;
  offer_title: string | null;
  total: number;
}

/*
 * The person an entry is about: the user itself, or the employer of the membership or offer
 * (found through the row, or through the entry's own snapshot once the offer is gone). A deleted
 * account reads "Usuario eliminado"; its name comes from the snapshot of its deletion.
 */
const FROM = `FROM admin_audit_log l
  LEFT JOIN users a ON a.id = l.actor_id
  LEFT JOIN memberships ms ON l.target_type = 'membership' AND ms.id = l.target_id
  LEFT JOIN job_offers jo ON l.target_type = 'job_offer' AND jo.id = l.target_id
  LEFT JOIN parent_profiles pp ON l.target_type IN ('membership', 'job_offer')
        AND pp.id = coalesce(ms.parent_profile_id, jo.parent_profile_id,
                             (l.before ->> 'parent_profile_id')::int, (l.after ->> 'parent_profile_id')::int)
  LEFT JOIN users pu ON pu.id = CASE WHEN l.target_type = 'user' THEN l.target_id ELSE pp.user_id END
  LEFT JOIN LATERAL (
    SELECT d.before ->> 'first_name' AS first_name, d.before ->> 'last_name' AS last_name
      FROM admin_audit_log d
     WHERE pu.deleted_at IS NOT NULL AND d.action = 'user.delete' AND d.target_type = 'user' AND d.target_id = pu.id
     ORDER BY d.id LIMIT 1) dn ON true`;

const PERSON_NAME = `CASE WHEN dn.first_name IS NOT NULL THEN dn.first_name || ' ' || coalesce(dn.last_name, '')
                          ELSE pu.first_name || ' ' || pu.last_name END`;

/** The audit log read back (issue 16, item 13): newest first, filtered and paged in SQL. */
@Injectable()
export class AdminAuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(q: AuditQuery): Promise<AuditPageDto> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (q.actorId !== null) {
      params.push(q.actorId);
      where.push(`l.actor_id = $${params.length}`);
    }
    if (q.action !== null) {
      params.push(q.action);
      where.push(`l.action = $${params.length}`);
    }
    if (q.person !== null) where.push(foldedContains([PERSON_NAME, FULL_NAME('pu'), 'pu.email'], q.person, params));
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    params.push(q.pageSize, (q.page - 1) * q.pageSize);
    const rows: Row[] = await this.dataSource.query(
      `SELECT l.id::int AS id, l.created_at, l.action, l.target_type, l.target_id, l.before, l.after,
              a.id AS actor_id, a.first_name || ' ' || a.last_name AS actor_name, a.deleted_at IS NOT NULL AS actor_deleted,
              pu.id AS person_id, ${PERSON_NAME} AS person_name, pu.deleted_at IS NOT NULL AS person_deleted,
              coalesce(jo.title, l.after ->> 'title', l.before ->> 'title') AS offer_title,
              count(*) OVER ()::int AS total
         ${FROM} ${filter}
        ORDER BY l.created_at DESC, l.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let count = rows[0]?.total ?? 0;
    if (!rows[0] && q.page > 1) {
      const [row] = (await this.dataSource.query(
        `SELECT count(*)::int AS n ${FROM} ${filter}`,
        params.slice(0, -2),
      )) as { n: number }[];
      count = row!.n;
    }
    return { results: rows.map((r) => this.entry(r)), count, page: q.page, page_size: q.pageSize };
  }

  async filters(): Promise<AuditFiltersDto> {
    const admins: { id: number; full_name: string }[] = await this.dataSource.query(
      `SELECT id, trim(first_name || ' ' || last_name) AS full_name FROM users
        WHERE is_admin OR id IN (SELECT actor_id FROM admin_audit_log WHERE actor_id IS NOT NULL)
        ORDER BY lower(first_name), lower(last_name), id`,
    );
    const used: { action: string }[] = await this.dataSource.query(
      `SELECT DISTINCT action FROM admin_audit_log ORDER BY action`,
    );
    const values = [...new Set([...Object.keys(AUDIT_ACTIONS), ...used.map((u) => u.action)])];
    const actions = values.map((value) => ({ value, label: AUDIT_ACTIONS[value] ?? value }));
    actions.sort((x, y) => x.label.localeCompare(y.label, 'es'));
    return { admins, actions };
  }

  private entry(r: Row): AuditEntryDto {
    const person: AuditPersonDto | null =
      r.person_id === null
        ? null
        : { id: r.person_id, full_name: (r.person_name ?? '').trim(), deleted: r.person_deleted ?? false };
    return {
      id: r.id,
      created_at: r.created_at.toISOString(),
      formatted_created_at: formatDateTime(r.created_at),
      actor:
        r.actor_id === null
          ? null
          : { id: r.actor_id, full_name: (r.actor_name ?? '').trim(), deleted: r.actor_deleted ?? false },
      action: r.action,
      action_display: AUDIT_ACTIONS[r.action] ?? r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      target_display: this.target(r, person),
      person,
      before: object(r.before),
      after: object(r.after),
    };
  }

  private target(r: Row, person: AuditPersonDto | null): string {
    switch (r.target_type) {
      case 'user':
        return person?.full_name || `Usuario n.º ${r.target_id}`;
      case 'membership':
        return `Membresía n.º ${r.target_id}${person ? ` de ${person.full_name}` : ''}`;
      case 'job_offer':
        return r.offer_title ? `Oferta «${r.offer_title}»` : `Oferta n.º ${r.target_id}`;
      case 'membership_type':
        return 'Precio de la membresía';
      default:
        return `${r.target_type} ${r.target_id ?? ''}`.trim();
    }
  }
}

/** A recorded value as an object (the writers record objects; anything else is wrapped). */
function object(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}
