import { AUDIT_ACTIONS, AUDIT_HIDDEN_FIELDS, auditChanges, auditFieldLabel } from './audit';

type Recorded = Record<string, unknown> | null;

const membership = (status: boolean, active: boolean) => ({
  id: 7,
  status,
  active,
  start_date: '2026-10-01T12:00:00.000Z',
  end_date: '2026-10-31T12:00:00.000Z',
  payment_method: 'bank_transfer',
  payment_method_display: 'Transferencia bancaria',
  payment_status: 'approved',
  transaction_id: 'TRF-000123',
  user_full_name: 'Ramón Núñez',
});
const offerBody = {
  title: 'Niñera por la tarde',
  description: 'Cuidar a dos chicos después del colegio.',
  services: [2],
  tasks: [1, 4],
  work_arrangements: [1],
  languages: [1],
  native_language: 1,
  work_shifts: [3],
  location: { neighborhood: 'Palermo', province: 1, municipality: 2 },
  monthly_price: 450000,
};

/** What each writer records (server: admin, admin-employers, references, verifications, wages). */
const RECORDED: Record<string, { before: Recorded; after: Recorded }> = {
  'user.visibility': { before: { profile_visibility: false }, after: { profile_visibility: true } },
  'user.delete': {
    before: {
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: 'Paz',
      phone: '+5491145678901',
      profile_type: 'Worker',
    },
    after: { deleted: true },
  },
  'membership.toggle': { before: membership(false, false), after: membership(true, true) },
  'membership.grant': { before: null, after: { ...membership(true, true), parent_profile_id: 3, granted_by: 1 } },
  'job_offer.add': { before: null, after: offerBody },
  'job_offer.update': {
    before: { title: 'Niñera', status: true, parent_profile_id: null },
    after: offerBody,
  },
  'job_offer.delete': { before: { title: 'Niñera', status: false, parent_profile_id: 3 }, after: null },
  'membership_type.price': { before: { price: 40000 }, after: { price: 45000 } },
  'wage_scale.create': {
    before: null,
    after: {
      effective_from: '2026-12-01',
      source: 'Resolución CNTCP 1/2026',
      zone_supplement_percent: 30,
      rates: [{ category: 1, arrangement: 'con_retiro', hourly: 3000, monthly: 400000 }],
    },
  },
  'wage_service.category': {
    before: { service: 'babysitter', category: null },
    after: { service: 'babysitter', category: 4 },
  },
  'reference.hide': { before: { hidden: false }, after: { hidden: true, reason: 'Lenguaje ofensivo' } },
  'reference.restore': { before: { hidden: true, reason: 'Lenguaje ofensivo' }, after: { hidden: false } },
  'verification.approve': {
    before: { document_id: 5, kind: 'background_check', status: 'pending' },
    after: {
      document_id: 5,
      kind: 'background_check',
      status: 'approved',
      issued_on: '2026-11-20',
      expires_on: '2027-11-20',
    },
  },
  'verification.reject': {
    before: { document_id: 5, kind: 'dni', status: 'pending' },
    after: { document_id: 5, kind: 'dni', status: 'rejected', reason: 'La foto está borrosa.' },
  },
  'verification.view': { before: null, after: { document_id: 5, kind: 'dni', status: 'pending' } },
};

/** A code as the server writes it: 'pending', 'background_check', 'Worker', 'bank_transfer'. */
const RAW_CODE = /^(?:[a-z]+(?:_[a-z]+)*|Worker|Parent|\{.*|\[.*)$/;

describe('the audit log in Spanish', () => {
  it('has the words of every action kind, and a recorded example of each', () => {
    expect(Object.keys(RECORDED).sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
  });

  it.each(Object.keys(AUDIT_ACTIONS))('shows every field and value of %s in Spanish', (action) => {
    const { before, after } = RECORDED[action]!;
    for (const field of Object.keys({ ...before, ...after }))
      expect([field, auditFieldLabel(action, field) !== null || AUDIT_HIDDEN_FIELDS.has(field)]).toEqual([field, true]);
    const changes = auditChanges(action, before, after);
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(change.label).not.toMatch(/_|\./);
      for (const value of [change.before, change.after])
        if (value !== null) expect([change.label, value, RAW_CODE.test(value)]).toEqual([change.label, value, false]);
    }
  });

  it('reads a document decision as the admin says it', () => {
    const { before, after } = RECORDED['verification.reject']!;
    expect(auditChanges('verification.reject', before, after)).toEqual([
      { field: 'kind', label: 'Documento', before: 'DNI (frente)', after: 'DNI (frente)' },
      { field: 'status', label: 'Estado', before: 'En revisión', after: 'Rechazado' },
      { field: 'reason', label: 'Motivo', before: null, after: 'La foto está borrosa.' },
    ]);
    const approve = RECORDED['verification.approve']!;
    expect(auditChanges('verification.approve', approve.before, approve.after)).toEqual([
      {
        field: 'kind',
        label: 'Documento',
        before: 'Certificado de Antecedentes Penales',
        after: 'Certificado de Antecedentes Penales',
      },
      { field: 'status', label: 'Estado', before: 'En revisión', after: 'Aprobado' },
      { field: 'issued_on', label: 'Emitido el', before: null, after: '20/11/2026' },
      { field: 'expires_on', label: 'Vence el', before: null, after: '20/11/2027' },
    ]);
  });

  it('names the document of an entry, and the membership switch by its own word', () => {
    expect(auditChanges('verification.approve', null, { kind: 'dni' })).toEqual([
      { field: 'kind', label: 'Documento', before: null, after: 'DNI (frente)' },
    ]);
    expect(auditFieldLabel('membership.toggle', 'status')).toBe('Activada');
    expect(auditFieldLabel('job_offer.delete', 'status')).toBe('Publicada');
  });
});
