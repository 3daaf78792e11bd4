import { AUDIT_ACTIONS, AUDIT_HIDDEN_FIELDS, auditChanges, auditFieldLabel, auditValue } from './audit';

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
  'labor_parameter.create': {
    before: null,
    after: {
      key: 'vacation_divisor',
      effective_from: '2027-01-01',
      value: 25,
      source: 'Criterio del equipo legal',
      unconfirmed: true,
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
  'moderation.dismiss': {
    before: { target_type: 'worker_profile', target_id: 8 },
    after: { action: 'dismiss', reason: null, reports: 2, action_id: 3 },
  },
  'moderation.warn': {
    before: { target_type: 'message', target_id: 81 },
    after: { action: 'warn', reason: 'Trato irrespetuoso.', reports: 1, action_id: 4 },
  },
  'moderation.hide': {
    before: { target_type: 'job_offer', target_id: 5 },
    after: { action: 'hide', reason: null, reports: 1, action_id: 5 },
  },
  'moderation.suspend': {
    before: { target_type: 'message', target_id: 90 },
    after: { action: 'suspend', reason: 'Amenazas en el chat.', reports: 3, action_id: 6 },
  },
  'moderation.undo': { before: { target_type: 'message', target_id: 90, action: 'suspend' }, after: { action_id: 6 } },
  'safety_word.add': { before: null, after: { word: 'transferencia' } },
  'safety_word.remove': { before: { word: 'western union' }, after: null },
  'second_factor.reset': { before: { enrolled: true, sessions: 2 }, after: { enrolled: false, sessions: 0 } },
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

describe('a recorded value as the admin reads it', () => {
  it('shows a missing value as a dash, and a missing category as outside the regime', () => {
    for (const value of [null, undefined, '']) {
      expect(auditValue('user.delete', 'phone', value)).toBe('—');
      expect(auditValue('wage_service.category', 'category', value)).toBe('Fuera del régimen');
    }
    expect(auditValue('wage_service.category', 'category', 4)).toBe('Categoría 4');
  });

  it('says yes or no, and counts a list', () => {
    expect(auditValue('user.visibility', 'profile_visibility', true)).toBe('Sí');
    expect(auditValue('user.visibility', 'profile_visibility', false)).toBe('No');
    expect(auditValue('wage_scale.create', 'rates', [])).toBe('0 valores');
    expect(auditValue('wage_scale.create', 'rates', [{}])).toBe('1 valor');
    expect(auditValue('wage_scale.create', 'rates', [{}, {}, {}])).toBe('3 valores');
  });

  it('writes prices and salaries in pesos, and other numbers as they are', () => {
    expect(auditValue('membership_type.price', 'price', 45000)).toBe('$ 45.000');
    expect(auditValue('membership_type.price', 'price', '45000')).toBe('$ 45.000');
    expect(auditValue('job_offer.add', 'monthly_price', 450000)).toBe('$ 450.000');
    expect(auditValue('membership_type.price', 'price', 'a convenir')).toBe('a convenir');
    expect(auditValue('wage_scale.create', 'zone_supplement_percent', 30)).toBe('30 %');
    expect(auditValue('membership.grant', 'transaction_id', 45000)).toBe('45000');
  });

  it('translates statuses, kinds and account types, and keeps codes it does not know', () => {
    expect(auditValue('verification.approve', 'status', 'approved')).toBe('Aprobado');
    expect(auditValue('verification.approve', 'status', 'on_hold')).toBe('on_hold');
    // A status of another subject is not a document's.
    expect(auditValue('job_offer.update', 'status', 'pending')).toBe('pending');
    expect(auditValue('verification.view', 'kind', 'background_check')).toBe('Certificado de Antecedentes Penales');
    expect(auditValue('verification.view', 'kind', 'passport')).toBe('passport');
    expect(auditValue('membership.grant', 'payment_status', 'refunded')).toBe('Reintegrado');
    expect(auditValue('membership.grant', 'payment_status', 'in_process')).toBe('in_process');
    expect(auditValue('user.delete', 'profile_type', 'Parent')).toBe('Empleador');
    expect(auditValue('user.delete', 'profile_type', 'Admin')).toBe('Admin');
  });

  it('writes a phone as people read it, and an unreadable one as recorded', () => {
    expect(auditValue('user.delete', 'phone', '+5491145678901')).toBe('+54 9 11 4567-8901');
    expect(auditValue('user.delete', 'phone', 'no tiene')).toBe('no tiene');
    expect(auditValue('user.delete', 'email', '+5491145678901')).toBe('+5491145678901');
  });

  it('writes calendar days as that day, and instants in Buenos Aires time', () => {
    expect(auditValue('verification.approve', 'issued_on', '2026-11-25')).toBe('25/11/2026');
    // 02:00 UTC on the 25th is still the 24th in Buenos Aires.
    expect(auditValue('membership.toggle', 'start_date', '2026-11-25T02:00:00.000Z')).toBe('24/11/2026');
    // A text that only holds a date somewhere is shown as written.
    expect(auditValue('reference.hide', 'reason', 'Visto el 2026-11-25')).toBe('Visto el 2026-11-25');
    expect(auditValue('reference.hide', 'reason', '2026-11-25 en la oficina')).toBe('2026-11-25 en la oficina');
    expect(auditValue('reference.hide', 'reason', 'Acta 2026-11-25T10')).toBe('Acta 2026-11-25T10');
    expect(auditValue('reference.hide', 'reason', '26-11-25T10:00')).toBe('26-11-25T10:00');
  });

  it('writes anything else as JSON', () => {
    expect(auditValue('job_offer.add', 'location', { province: 1 })).toBe('{"province":1}');
  });
});

describe('what changed', () => {
  it('leaves out the fields an edit did not change', () => {
    expect(
      auditChanges(
        'job_offer.update',
        { title: 'Niñera', description: 'Antes' },
        { title: 'Niñera', description: 'Después' },
      ),
    ).toEqual([{ field: 'description', label: 'Descripción', before: 'Antes', after: 'Después' }]);
    expect(auditChanges('job_offer.update', { title: 'Niñera' }, { title: 'Niñera' })).toEqual([]);
  });

  it('lists what a new thing has and what a removed one had', () => {
    expect(auditChanges('membership_type.price', undefined, { price: 45000 })).toEqual([
      { field: 'price', label: 'Precio', before: null, after: '$ 45.000' },
    ]);
    expect(auditChanges('job_offer.delete', { title: 'Niñera' }, undefined)).toEqual([
      { field: 'title', label: 'Título', before: 'Niñera', after: null },
    ]);
  });

  it('names unknown fields nowhere', () => {
    expect(auditFieldLabel('job_offer.update', 'internal_note')).toBeNull();
    expect(auditChanges('job_offer.update', { internal_note: 'a' }, { internal_note: 'b' })).toEqual([]);
  });
});
