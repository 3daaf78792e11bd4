import { createHmac, randomUUID } from 'node:crypto';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { PaymentsService } from '../../server/src/modules/payments/payments.service';
import type { TestAccount } from './accounts';
import { http } from './http';
import type { TestApp } from './test-app';

/** Catalog ids as the API answers them (never hard-coded). */
export interface CatalogIds {
  services: number[];
  tasks: number[];
  arrangements: number[];
  languages: number[];
  shifts: number[];
  /** A province with two municipalities of its own, and a municipality of another province. */
  province: number;
  municipalities: [number, number];
  foreignMunicipality: number;
}

export async function catalogIds(t: TestApp): Promise<CatalogIds> {
  const get = async (path: string) => (await http(t).get(path).expect(200)).body;
  const ids = (list: { id: number }[]) => list.map((item) => item.id);
  const places: { municipalities: { id: number; province: { id: number } }[] } = await get(
    '/api/provinces-and-municipalities/',
  );
  const byProvince = new Map<number, number[]>();
  for (const m of places.municipalities)
    byProvince.set(m.province.id, [...(byProvince.get(m.province.id) ?? []), m.id]);
  const [province, own] = [...byProvince].find(([, list]) => list.length >= 2)!;
  const foreign = places.municipalities.find((m) => m.province.id !== province)!;
  return {
    services: ids(await get('/api/services/get-choices/')),
    tasks: ids(await get('/api/tasks/get-choices/')),
    arrangements: ids((await get('/api/worker-profile/work-arrangements/get-choices/')).work_arrangements),
    languages: ids(await get('/api/worker-profile/languages/get-choices/')),
    shifts: ids((await get('/api/worker-profile/shifts/get-choices/')).shifts),
    province,
    municipalities: [own[0]!, own[1]!],
    foreignMunicipality: foreign.id,
  };
}

/** A complete add/update body, with optional overrides. */
export function offerBody(ids: CatalogIds, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Niñera para dos chicos',
    description: 'Buscamos una niñera cariñosa y con referencias para dos chicos de 4 y 7 años.',
    services: [ids.services[0]],
    tasks: [ids.tasks[0], ids.tasks[1]],
    work_arrangements: [ids.arrangements[0]],
    languages: [ids.languages[0], ids.languages[1]],
    native_language: ids.languages[0],
    work_shifts: [ids.shifts[0], ids.shifts[4]],
    location: { neighborhood: 'Palermo', province: ids.province, municipality: ids.municipalities[0] },
    monthly_price: 450000,
    ...overrides,
  };
}

export async function addOffer(
  t: TestApp,
  account: TestAccount,
  ids: CatalogIds,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; status: boolean; is_public: boolean }> {
  const res = await http(t)
    .post(`/api/parent-profile/${account.profileId}/job-offers/add/`)
    .set(account.auth)
    .send(offerBody(ids, overrides));
  if (res.status !== 201) throw new Error(`add offer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function membershipTypeId(t: TestApp): Promise<number> {
  return (await http(t).get('/api/membership-type/get/').expect(200)).body.id;
}

/**
 * A membership written straight into the database (for suites about what a membership unlocks,
 * not about how it is bought), then the public directory cache is emptied.
 */
export async function insertMembership(
  t: TestApp,
  profileId: number,
  options: { status?: boolean; start?: Date; end?: Date } = {},
): Promise<number> {
  const start = options.start ?? new Date(Date.now() - 86_400_000);
  const end = options.end ?? new Date(start.getTime() + 30 * 86_400_000);
  const [row] = await t.dataSource.query(
    `INSERT INTO memberships (parent_profile_id, membership_type_id, status, start_date, end_date)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [profileId, await membershipTypeId(t), options.status ?? true, start, end],
  );
  t.app.get(DirectoryCache).invalidate();
  return row.id;
}

/** Ids of the public job offers (plain list answer). */
export async function publicOfferIds(t: TestApp): Promise<number[]> {
  const res = await http(t).get('/api/job-offers/').expect(200);
  return (res.body as { id: number }[]).map((o) => o.id);
}

/**
 * MercadoPago's x-signature: `ts=<seconds>,v1=<hex HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;")>`.
 */
export function signWebhook(
  secret: string,
  dataId: string,
  requestId: string,
  ts = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return `ts=${ts},v1=${v1}`;
}

/** A webhook exactly as MercadoPago sends it for a payment, signed with `secret` unless told otherwise. */
export function webhook(
  t: TestApp,
  dataId: string,
  options: { secret?: string; signature?: string | null; requestId?: string; type?: string } = {},
) {
  const requestId = options.requestId ?? randomUUID();
  const type = options.type ?? 'payment';
  const req = http(t)
    .post('/api/payments/mercadopago/webhook/')
    .query({ 'data.id': dataId, type })
    .set('x-request-id', requestId);
  const signature =
    options.signature === undefined ? signWebhook(options.secret ?? '', dataId, requestId) : options.signature;
  if (signature !== null) req.set('x-signature', signature);
  return req.send({
    action: 'payment.updated',
    api_version: 'v1',
    data: { id: dataId },
    date_created: new Date().toISOString(),
    id: Date.now(),
    live_mode: false,
    type,
    user_id: '123456789',
  });
}

/** What the database holds about one employer's payments and memberships. */
export async function ledger(t: TestApp, profileId: number) {
  const payments: { id: number; status: string; provider_status: string | null; provider_payment_id: string | null }[] =
    await t.dataSource.query(
      `SELECT id, status, provider_status, provider_payment_id FROM payments WHERE parent_profile_id = $1 ORDER BY id`,
      [profileId],
    );
  const memberships: { id: number; payment_id: number | null; status: boolean; start_date: Date; end_date: Date }[] =
    await t.dataSource.query(
      `SELECT id, payment_id, status, start_date, end_date FROM memberships WHERE parent_profile_id = $1 ORDER BY id`,
      [profileId],
    );
  return { payments, memberships };
}

/** Activation e-mails queued for an address. */
export async function activationMails(t: TestApp, email: string): Promise<number> {
  const [row] = await t.dataSource.query(
    `SELECT count(*)::int AS count FROM email_outbox WHERE to_address = $1 AND subject LIKE '%está activa'`,
    [email],
  );
  return row.count;
}

/** The preference an employer gets from create-preference. */
export async function createPreference(
  t: TestApp,
  account: TestAccount,
): Promise<{ init_point: string; preference_id: string; payment_id: number; provider: string }> {
  const res = await http(t)
    .post('/api/payments/mercadopago/create-preference/')
    .set(account.auth)
    .send({ profile_id: account.profileId });
  if (res.status !== 200) throw new Error(`create-preference: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * The whole sandbox checkout: a preference, the checkout page, the person's choice (a form post
 * answered 303), and the background processing it starts.
 */
export async function payInSandbox(
  t: TestApp,
  account: TestAccount,
  action: 'approve' | 'reject' | 'pending' | 'cancel' = 'approve',
): Promise<{ paymentId: number; preferenceId: string; providerPaymentId: string; location: URL }> {
  const preference = await createPreference(t, account);
  // init_point is absolute (PUBLIC_URL + the path): the test app answers the path.
  const checkout = new URL(preference.init_point).pathname;
  await http(t).get(checkout).expect(200);
  const res = await http(t).post(checkout).type('form').send({ action }).expect(303);
  await t.app.get(PaymentsService).settled();
  const location = new URL(res.headers.location as string, 'http://app.test');
  return {
    paymentId: preference.payment_id,
    preferenceId: preference.preference_id,
    providerPaymentId: location.searchParams.get('payment_id')!,
    location,
  };
}
