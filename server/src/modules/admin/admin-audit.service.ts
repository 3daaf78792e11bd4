import { Injectable } from '@nestjs/common';
import { AUDIT_ACTIONS, formatDateTime } from '@cym/common';
import { AppException } from '../../common/app-exception';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, positiveInt } from '../browse/filters';
import { AdminRepository, type AuditFilters, type AuditRow } from './admin.repository';
import { AuditEntryDto, AuditFiltersDto, AuditPageDto, AuditPersonDto } from './dto/admin-audit.dto';

export interface AuditQuery extends AuditFilters {
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

/** The audit log read back: newest first, filtered and paged in SQL. */
@Injectable()
export class AdminAuditService {
  constructor(private readonly log: AdminRepository) {}

  async list(q: AuditQuery): Promise<AuditPageDto> {
    const { rows, total } = await this.log.auditEntries(q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    return { results: rows.map((r) => this.entry(r)), count: total, page: q.page, page_size: q.pageSize };
  }

  async filters(): Promise<AuditFiltersDto> {
    const admins = await this.log.auditAdmins();
    const used = await this.log.auditUsedActions();
    const values = [...new Set([...Object.keys(AUDIT_ACTIONS), ...used])];
    const actions = values.map((value) => ({ value, label: AUDIT_ACTIONS[value] ?? value }));
    actions.sort((x, y) => x.label.localeCompare(y.label, 'es'));
    return { admins, actions };
  }

  private entry(r: AuditRow): AuditEntryDto {
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

  private target(r: AuditRow, person: AuditPersonDto | null): string {
    switch (r.target_type) {
      case 'user':
        return person?.full_name || `Usuario n.º ${r.target_id}`;
      case 'membership':
        return `Membresía n.º ${r.target_id}${person ? ` de ${person.full_name}` : ''}`;
      case 'job_offer':
        return r.offer_title ? `Oferta «${r.offer_title}»` : `Oferta n.º ${r.target_id}`;
      case 'membership_type':
        return 'Precio de la membresía';
      case 'wage_scale':
        return `Escala salarial n.º ${r.target_id}`;
      case 'labor_parameter':
        return `Parámetro laboral n.º ${r.target_id}`;
      case 'service':
        return r.service_name ? `Servicio «${r.service_name}»` : `Servicio n.º ${r.target_id}`;
      case 'reference':
        return `Referencia n.º ${r.target_id}`;
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
