import { formatDate, formatPesos } from './format';
import { laborParameterDefinition } from './labor-parameters';
import { MODERATION_ACTION_WORDS, REPORT_TARGET_WORDS, type ModerationAction, type ReportTarget } from './moderation';
import { formatPhone } from './phone';
import { VERIFICATION_KIND_LABELS } from './verifications';

/**
 * The admin audit log as the admin reads it: every action
 * kind, and every field and value it records, in Spanish. The server names the actions; /admin/audit
 * shows the changes through `auditChanges`. A new action or field needs its words here: the
 * common spec walks every action kind and fails on a raw code.
 */

/** The actions admins take (the server's audit-log writers), in Spanish. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.visibility': 'Visibilidad del perfil',
  'user.delete': 'Cuenta eliminada',
  'membership.toggle': 'Membresía activada o desactivada',
  'membership.grant': 'Membresía otorgada',
  'job_offer.add': 'Oferta publicada',
  'job_offer.update': 'Oferta editada',
  'job_offer.delete': 'Oferta eliminada',
  'membership_type.price': 'Precio de la membresía',
  'wage_scale.create': 'Escala salarial cargada',
  'wage_service.category': 'Categoría salarial de un servicio',
  'labor_parameter.create': 'Parámetro laboral cargado',
  'reference.hide': 'Referencia ocultada',
  'reference.restore': 'Referencia mostrada de nuevo',
  'verification.approve': 'Documento aprobado',
  'verification.reject': 'Documento rechazado',
  'verification.view': 'Documento abierto',
  'moderation.dismiss': 'Denuncia desestimada',
  'moderation.warn': 'Advertencia por una denuncia',
  'moderation.hide': 'Ocultado por una denuncia',
  'moderation.suspend': 'Cuenta suspendida',
  'moderation.undo': 'Decisión sobre una denuncia deshecha',
  'safety_word.add': 'Palabra de alerta agregada',
  'safety_word.remove': 'Palabra de alerta quitada',
  'second_factor.reset': 'Segundo factor restablecido',
};

/** Fields every action may record, in Spanish. */
const FIELDS: Record<string, string> = {
  profile_visibility: 'Perfil visible',
  active: 'Vigente',
  start_date: 'Desde',
  end_date: 'Hasta',
  payment_status: 'Estado del pago',
  payment_method_display: 'Medio de pago',
  transaction_id: 'Referencia',
  price: 'Precio',
  title: 'Título',
  description: 'Descripción',
  monthly_price: 'Sueldo mensual',
  first_name: 'Nombre',
  last_name: 'Apellido',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  profile_type: 'Tipo de cuenta',
  deleted: 'Eliminada',
  hidden: 'Oculta',
  reason: 'Motivo',
};

/** Fields whose meaning depends on the kind of thing the action is about (the first word of the action). */
const FIELDS_BY_SUBJECT: Record<string, Record<string, string>> = {
  membership: { status: 'Activada' },
  job_offer: { status: 'Publicada' },
  verification: { kind: 'Documento', status: 'Estado', issued_on: 'Emitido el', expires_on: 'Vence el' },
  wage_scale: {
    effective_from: 'Vigente desde',
    source: 'Fuente',
    zone_supplement_percent: 'Adicional por zona',
    rates: 'Valores cargados',
  },
  wage_service: { category: 'Categoría' },
  moderation: {
    target_type: 'Denunciado',
    action: 'Decisión',
    reports: 'Denuncias',
    suspended: 'Suspendida',
    hidden: 'Oculto',
  },
  safety_word: { word: 'Palabra' },
  second_factor: { enrolled: 'Segundo factor activo', sessions: 'Sesiones abiertas' },
  labor_parameter: {
    key: 'Parámetro',
    effective_from: 'Vigente desde',
    value: 'Valor',
    source: 'Fuente',
    unconfirmed: 'Sin confirmar',
  },
};

/**
 * Recorded but not shown: ids and links the entry's "Sobre" already names (the service, the
 * employer, the document), the code behind a label shown beside it, and an offer's catalog choices
 * (ids of services, tasks, languages, shifts and places; the offer's page shows them).
 */
export const AUDIT_HIDDEN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'document_id',
  'parent_profile_id',
  'granted_by',
  'user_full_name',
  'payment_method',
  'service',
  'services',
  'tasks',
  'work_arrangements',
  'languages',
  'native_language',
  'work_shifts',
  'location',
  'target_id',
  'action_id',
]);

const PAYMENT_STATUS: Record<string, string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  refunded: 'Reintegrado',
  expired: 'Vencido',
};
const DOCUMENT_STATUS: Record<string, string> = { pending: 'En revisión', approved: 'Aprobado', rejected: 'Rechazado' };
const PROFILE_TYPES: Record<string, string> = { Worker: 'Trabajador', Parent: 'Empleador' };

function subjectOf(action: string): string {
  return action.split('.')[0] ?? '';
}

/** The Spanish name of a recorded field for an action, or null when it is not shown. */
export function auditFieldLabel(action: string, field: string): string | null {
  if (AUDIT_HIDDEN_FIELDS.has(field)) return null;
  return FIELDS_BY_SUBJECT[subjectOf(action)]?.[field] ?? FIELDS[field] ?? null;
}

/** A recorded value as the admin reads it. */
export function auditValue(action: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return field === 'category' ? 'Fuera del régimen' : '—';
  }
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.length === 1 ? '1 valor' : `${value.length} valores`;
  const subject = subjectOf(action);
  if (field === 'price' || field === 'monthly_price') {
    const amount = Number(value);
    if (Number.isFinite(amount)) return formatPesos(amount);
  }
  if (field === 'zone_supplement_percent') return `${String(value)} %`;
  if (field === 'category') return `Categoría ${String(value)}`;
  if (typeof value === 'number') return String(value);
  if (field === 'key' && subject === 'labor_parameter')
    return laborParameterDefinition(String(value))?.label ?? String(value);
  if (typeof value === 'string') {
    if (field === 'status' && subject === 'verification') return DOCUMENT_STATUS[value] ?? value;
    if (field === 'kind') return VERIFICATION_KIND_LABELS[value as keyof typeof VERIFICATION_KIND_LABELS] ?? value;
    if (field === 'payment_status') return PAYMENT_STATUS[value] ?? value;
    if (field === 'word') return `«${value}»`;
    if (field === 'target_type') return REPORT_TARGET_WORDS[value as ReportTarget] ?? value;
    if (field === 'action' && subject === 'moderation')
      return MODERATION_ACTION_WORDS[value as ModerationAction] ?? value;
    if (field === 'profile_type') return PROFILE_TYPES[value] ?? value;
    if (field === 'phone') return formatPhone(value) ?? value;
    // A calendar day ('2026-11-25') is that day, whatever the time zone.
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDate(new Date(value));
    return value;
  }
  return JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  label: string;
  /** null: the entry has no "before" (something new). */
  before: string | null;
  /** null: the entry has no "after" (something removed). */
  after: string | null;
}

/** What changed: the shown fields whose value differs (a new thing: its values; a removed one: what it had). */
export function auditChanges(
  action: string,
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChange[] {
  const b0 = before ?? null;
  const a0 = after ?? null;
  const keys = [...new Set([...Object.keys(b0 ?? {}), ...Object.keys(a0 ?? {})])];
  const out: AuditChange[] = [];
  for (const field of keys) {
    const label = auditFieldLabel(action, field);
    if (!label) continue;
    const b = b0 && field in b0 ? auditValue(action, field, b0[field]) : null;
    const a = a0 && field in a0 ? auditValue(action, field, a0[field]) : null;
    // The document an entry decided is named even though it did not change.
    if (b0 && a0 && b === a && field !== 'kind') continue;
    out.push({ field, label, before: b0 ? b : null, after: a0 ? a : null });
  }
  return out;
}
