import { Logger } from '@nestjs/common';
import { PAYMENT_MESSAGES } from '@cym/common';
import { PaymentReconciler } from '../../server/src/modules/payments/payment-reconciler';
import { PaymentsService } from '../../server/src/modules/payments/payments.service';
import { createAccount, TestAccount } from '../support/accounts';
import { activationMails, createPreference, ledger, signWebhook, webhook } from '../support/employer';
import { waitUntil } from '../support/chat-sockets';
import { http } from '../support/http';
import { statusCounts } from '../support/race';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

const TOKEN = 'TEST-4417203389190733-112217-5b1c0f2e9d8a7c6b5a4f3e2d1c0b9a88-1234567890';
const SECRET = 'mp-webhook-secret-0123456789';
const PUBLIC_URL = 'https://casaymanos.example';
const API = 'https://api.mercadopago.com';

interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

interface FakePayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  currency_id: string;
  external_reference: string | null;
}

/**
 * MercadoPago's API as the official SDK reaches it (through the global fetch): preferences and
 * payments with the fields and status codes the real API answers. Anything else passes through.
 */
class FakeMercadoPago {
  readonly requests: Recorded[] = [];
  readonly payments = new Map<string, FakePayment>();
  /** Overrides the next answers: a status and body for preferences or payment lookups. */
  preferenceFailure: { status: number; body: unknown } | null = null;
  paymentFailure: { status: number; body: unknown } | null = null;
  /** While set, payment lookups wait for it (to see that the webhook answers first). */
  gate: Promise<void> | null = null;
  /** While set, new preferences wait for it, answered as `preferenceFailure` was when they arrived. */
  preferenceGate: Promise<void> | null = null;
  private preferenceCount = 0;
  private readonly preferences = new Map<string, Record<string, unknown>>();

  constructor(private readonly realFetch: typeof fetch) {}

  handle = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(API)) return this.realFetch(input, init);
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const method = init?.method ?? 'GET';
    this.requests.push({ method, url, headers, body });
    if (headers.authorization !== `Bearer ${TOKEN}`)
      return json(401, { message: 'invalid_token', error: 'unauthorized', status: 401, cause: [] });
    const path = new URL(url).pathname;
    if (method === 'POST' && path.replace(/\/$/, '') === '/checkout/preferences') {
      const failure = this.preferenceFailure;
      if (this.preferenceGate) await this.preferenceGate;
      return this.preference(body, failure);
    }
    const preference = /^\/checkout\/preferences\/([^/]+)$/.exec(path);
    if (method === 'GET' && preference) {
      const found = this.preferences.get(decodeURIComponent(preference[1]!));
      return found ? json(200, found) : json(404, { message: 'Preference not found', error: 'not_found', status: 404 });
    }
    if (method === 'GET' && path === '/v1/payments/search') {
      if (this.paymentFailure) return json(this.paymentFailure.status, this.paymentFailure.body);
      const reference = new URL(url).searchParams.get('external_reference');
      const results = [...this.payments.values()]
        .filter((p) => p.external_reference === reference)
        .sort((a, b) => b.id - a.id)
        .map(paymentResource);
      return json(200, { paging: { total: results.length, limit: 20, offset: 0 }, results });
    }
    const payment = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (method === 'GET' && payment) {
      if (this.gate) await this.gate;
      if (this.paymentFailure) return json(this.paymentFailure.status, this.paymentFailure.body);
      const found = this.payments.get(payment[1]!);
      if (!found) return json(404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [] });
      return json(200, paymentResource(found));
    }
    return json(404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
  };

  private preference(body: Record<string, unknown>, failure: FakeMercadoPago['preferenceFailure']): Response {
    if (failure) return json(failure.status, failure.body);
    this.preferenceCount += 1;
    const id = `1234567890-8f3a2c1e-5b6d-4e7f-9a0b-${String(this.preferenceCount).padStart(12, '0')}`;
    const created = {
      additional_info: '',
      auto_return: body.auto_return ?? '',
      back_urls: body.back_urls,
      binary_mode: false,
      client_id: '4417203389190733',
      collector_id: 1234567890,
      coupon_code: null,
      date_created: new Date().toISOString(),
      date_of_expiration: null,
      expiration_date_from: null,
      expiration_date_to: body.expiration_date_to ?? null,
      expires: body.expires ?? false,
      external_reference: body.external_reference,
      id,
      init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
      items: (body.items as Record<string, unknown>[]).map((item) => ({ ...item, category_id: '', description: '' })),
      marketplace: 'NONE',
      marketplace_fee: 0,
      notification_url: body.notification_url ?? null,
      operation_type: 'regular_payment',
      payer: { ...(body.payer as object), name: '', surname: '', phone: { area_code: '', number: '' } },
      payment_methods: { excluded_payment_methods: [{ id: '' }], excluded_payment_types: [{ id: '' }] },
      sandbox_init_point: `https://sandbox.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
      site_id: 'MLA',
      statement_descriptor: body.statement_descriptor,
    };
    this.preferences.set(id, created);
    return json(201, created);
  }

  lookups(id: string): number {
    return this.requests.filter((r) => r.method === 'GET' && r.url === `${API}/v1/payments/${id}`).length;
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json;charset=UTF-8', 'x-request-id': 'fake-request' },
  });
}

function paymentResource(p: FakePayment): Record<string, unknown> {
  const approved = p.status === 'approved' ? new Date().toISOString() : null;
  return {
    id: p.id,
    date_created: new Date().toISOString(),
    date_approved: approved,
    date_last_updated: new Date().toISOString(),
    money_release_date: approved,
    operation_type: 'regular_payment',
    issuer_id: '310',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
    status: p.status,
    status_detail: p.status_detail,
    currency_id: p.currency_id,
    description: 'Membresía Casa y Manos (30 días)',
    live_mode: false,
    collector_id: 1234567890,
    payer: {
      id: '987654321',
      email: 'test_user_123@testuser.com',
      identification: { type: 'DNI', number: '12345678' },
    },
    metadata: {},
    order: { id: '24531234567', type: 'mercadopago' },
    external_reference: p.external_reference,
    transaction_amount: p.transaction_amount,
    transaction_amount_refunded: p.status === 'refunded' ? p.transaction_amount : 0,
    coupon_amount: 0,
    installments: 1,
    transaction_details: {
      net_received_amount: p.transaction_amount * 0.94,
      total_paid_amount: p.transaction_amount,
      installment_amount: p.transaction_amount,
    },
    fee_details: [{ type: 'mercadopago_fee', amount: p.transaction_amount * 0.06, fee_payer: 'collector' }],
    captured: true,
    binary_mode: false,
    card: { first_six_digits: '450995', last_four_digits: '3704' },
    refunds: [],
  };
}

describe('payments through the real MercadoPago adapter (intercepted HTTP)', () => {
  let t: TestApp;
  let mp: FakeMercadoPago;
  let nextPaymentId = 1319928384;
  const logged: unknown[][] = [];

  beforeAll(async () => {
    mp = new FakeMercadoPago(globalThis.fetch.bind(globalThis));
    jest.spyOn(globalThis, 'fetch').mockImplementation(mp.handle);
    // Everything anything logs, to check that the access token never appears.
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose', 'fatal'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(args));
      jest.spyOn(Logger, level).mockImplementation((...args: unknown[]) => void logged.push(args));
    }
    for (const level of ['log', 'warn', 'error', 'info', 'debug'] as const)
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args));
    t = await startTestApp(
      {
        TRUST_PROXY: '1',
        PUBLIC_URL,
        MERCADOPAGO_ACCESS_TOKEN: TOKEN,
        MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      },
      { poolSize: 10 },
    );
  });
  afterAll(async () => {
    await t.close();
    jest.restoreAllMocks();
  });
  afterEach(() => {
    mp.preferenceFailure = null;
    mp.paymentFailure = null;
    mp.gate = null;
    mp.preferenceGate = null;
  });

  const employer = () => createAccount(t, 'Parent');
  const settled = () => t.app.get(PaymentsService).settled();
  const status = (a: TestAccount, id: string) => http(t).get(`/api/payments/${id}/status/`).set(a.auth);
  /** A payment MercadoPago knows, for our payment `reference`. */
  const mpPayment = (reference: string | null, fields: Partial<FakePayment> = {}): string => {
    nextPaymentId += 1;
    const payment: FakePayment = {
      id: nextPaymentId,
      status: 'approved',
      status_detail: 'accredited',
      transaction_amount: 40000,
      currency_id: 'ARS',
      external_reference: reference,
      ...fields,
    };
    mp.payments.set(String(payment.id), payment);
    return String(payment.id);
  };
  const paying = async () => {
    const owner = await employer();
    const preference = await createPreference(t, owner);
    return { owner, preference, reference: String(preference.payment_id) };
  };

  it('creates the Checkout Pro preference with our payment as external_reference', async () => {
    const owner = await employer();
    const before = mp.requests.length;
    const preference = await createPreference(t, owner);
    const sent = mp.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request).toMatchObject({ method: 'POST', url: `${API}/checkout/preferences/` });
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.headers['x-idempotency-key']).toBe(`preference-${preference.payment_id}`);
    expect(request!.body).toEqual({
      items: [
        {
          id: `membership-${preference.payment_id}`,
          title: expect.stringContaining('30 días'),
          quantity: 1,
          unit_price: 40000,
          currency_id: 'ARS',
        },
      ],
      payer: { email: owner.email },
      external_reference: String(preference.payment_id),
      back_urls: {
        success: `${PUBLIC_URL}/payment/success`,
        failure: `${PUBLIC_URL}/payment/failure`,
        pending: `${PUBLIC_URL}/payment/pending`,
      },
      auto_return: 'approved',
      notification_url: `${PUBLIC_URL}/api/payments/mercadopago/webhook/`,
      statement_descriptor: 'CASAYMANOS',
      binary_mode: false,
      expires: true,
      expiration_date_to: expect.any(String),
    });
    // MercadoPago stops taking payments when the checkout reads as 'Vencido': 24 hours later.
    const expires = Date.parse((request!.body as { expiration_date_to: string }).expiration_date_to);
    expect(Math.abs(expires - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
    expect(preference).toEqual({
      init_point: expect.stringMatching(/^https:\/\/www\.mercadopago\.com\.ar\/checkout\/v1\/redirect\?pref_id=/),
      preference_id: expect.stringMatching(/^1234567890-/),
      payment_id: expect.any(Number),
      provider: 'mercadopago',
    });
    const [row] = await t.dataSource.query(`SELECT status, provider_preference_id FROM payments WHERE id = $1`, [
      preference.payment_id,
    ]);
    expect(row).toEqual({ status: 'pending', provider_preference_id: preference.preference_id });
    // The sandbox checkout does not exist with real credentials.
    await http(t).get('/api/payments/sandbox/checkout/sbx-000000000000000000000000/').expect(404);
  });

  it('answers 502 and cancels our payment when MercadoPago refuses the preference', async () => {
    const owner = await employer();
    mp.preferenceFailure = {
      status: 400,
      body: { message: 'invalid back_urls', error: 'invalid_back_urls', status: 400, cause: [] },
    };
    const res = await http(t)
      .post('/api/payments/mercadopago/create-preference/')
      .set(owner.auth)
      .send({ profile_id: owner.profileId })
      .expect(502);
    expect(res.body).toEqual({ error: PAYMENT_MESSAGES.providerUnavailable, code: 'PROVIDER_UNAVAILABLE' });
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    // A preference without init_point is no preference either.
    mp.preferenceFailure = { status: 201, body: { id: 'pref-without-init-point' } };
    await http(t)
      .post('/api/payments/mercadopago/create-preference/')
      .set(owner.auth)
      .send({ profile_id: owner.profileId })
      .expect(502);
    const { payments, memberships } = await ledger(t, owner.profileId!);
    expect(payments.map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
    expect(memberships).toEqual([]);
  });

  it('lets a waiting click ask MercadoPago itself when the click it waited for was refused', async () => {
    const owner = await employer();
    const click = () =>
      http(t)
        .post('/api/payments/mercadopago/create-preference/')
        .set(owner.auth)
        .send({ profile_id: owner.profileId })
        .then((res) => res);
    const asked = () => mp.requests.filter((r) => r.method === 'POST').length;
    const before = asked();
    let open!: () => void;
    mp.preferenceGate = new Promise((resolve) => (open = resolve));
    mp.preferenceFailure = {
      status: 400,
      body: { message: 'invalid items', error: 'bad_request', status: 400, cause: [] },
    };
    const answers = Array.from({ length: 5 }, click);
    // One click is asking MercadoPago (refused, once the gate opens); the other four wait for it.
    await waitUntil(() => asked() > before, 10_000, 'the first click to reach MercadoPago');
    mp.preferenceFailure = null;
    open();
    const settledAnswers = await Promise.all(answers);
    expect(statusCounts(settledAnswers)).toEqual({ 200: 4, 502: 1 });
    const checkouts = settledAnswers.filter((a) => a.status === 200).map((a) => a.body);
    for (const checkout of checkouts) expect(checkout).toEqual(checkouts[0]);
    expect(asked() - before).toBe(2);
    const { payments } = await ledger(t, owner.profileId!);
    expect(payments.map((p) => [p.id, p.status])).toEqual([
      [expect.any(Number), 'cancelled'],
      [checkouts[0].payment_id, 'pending'],
    ]);
  });

  it('answers 404 while MercadoPago does not know the payment, then grants once it is approved', async () => {
    const { owner, reference } = await paying();
    const id = String(nextPaymentId + 1);
    const missing = await status(owner, id).expect(404);
    expect(missing.body).toEqual({ error: PAYMENT_MESSAGES.paymentNotFound, code: 'PAYMENT_NOT_FOUND' });
    expect(mp.lookups(id)).toBe(1);
    const lookup = mp.requests.find((r) => r.url === `${API}/v1/payments/${id}`)!;
    expect(lookup.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(mpPayment(reference)).toBe(id);
    const granted = await status(owner, id).expect(200);
    expect(granted.body).toMatchObject({
      membership_status: true,
      payment_method: 'mercadopago',
      payment_status: 'approved',
      payment_amount: 40000,
      transaction_id: id,
    });
    const { payments, memberships } = await ledger(t, owner.profileId!);
    expect(payments[0]).toMatchObject({ status: 'approved', provider_payment_id: id });
    expect(memberships).toEqual([expect.objectContaining({ id: granted.body.membership_id, status: true })]);
  });

  it('does not grant a payment that is not approved, or whose amount, currency or reference differ', async () => {
    const { owner, reference } = await paying();
    const cases: [Partial<FakePayment>, number, string][] = [
      [{ status: 'in_process', status_detail: 'pending_contingency' }, 409, 'PAYMENT_NOT_APPROVED'],
      [{ status: 'pending', status_detail: 'pending_waiting_payment' }, 409, 'PAYMENT_NOT_APPROVED'],
      [{ transaction_amount: 39999 }, 409, 'PAYMENT_MISMATCH'],
      [{ transaction_amount: 40000.5 }, 409, 'PAYMENT_MISMATCH'],
      [{ transaction_amount: 80000 }, 409, 'PAYMENT_MISMATCH'],
      [{ currency_id: 'USD' }, 409, 'PAYMENT_MISMATCH'],
    ];
    for (const [fields, code, errorCode] of cases) {
      const id = mpPayment(reference, fields);
      const res = await status(owner, id);
      expect([fields, res.status, res.body.code]).toEqual([fields, code, errorCode]);
      await webhook(t, id, { secret: SECRET }).expect(200);
    }
    for (const foreign of [null, '', 'ORDER-77', '999999', `${reference}0`]) {
      const id = mpPayment(foreign);
      expect([foreign, (await status(owner, id)).status]).toEqual([foreign, 404]);
      await webhook(t, id, { secret: SECRET }).expect(200);
    }
    await settled();
    const { payments, memberships } = await ledger(t, owner.profileId!);
    // Still pending, but MercadoPago's id of the payment waiting on it is kept (shown to the team).
    expect(payments).toEqual([
      expect.objectContaining({ status: 'pending', provider_payment_id: expect.stringMatching(/^\d+$/) }),
    ]);
    expect(memberships).toEqual([]);
    // A rejection is recorded as such.
    const rejected = mpPayment(reference, { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' });
    await status(owner, rejected).expect(409);
    expect((await ledger(t, owner.profileId!)).payments[0]!.status).toBe('rejected');
  });

  it('grants nothing to an employer asking about another employer’s payment', async () => {
    const a = await paying();
    const b = await paying();
    const id = mpPayment(b.reference);
    await status(a.owner, id).expect(404);
    expect((await ledger(t, a.owner.profileId!)).memberships).toEqual([]);
    expect((await ledger(t, b.owner.profileId!)).memberships).toEqual([]);
    expect((await ledger(t, b.owner.profileId!)).payments[0]!.status).toBe('pending');
  });

  it('answers 502 when MercadoPago fails, and changes nothing', async () => {
    const { owner, reference } = await paying();
    const id = mpPayment(reference);
    mp.paymentFailure = { status: 403, body: { message: 'forbidden', error: 'forbidden', status: 403, cause: [] } };
    const res = await status(owner, id).expect(502);
    expect(res.body.code).toBe('PROVIDER_UNAVAILABLE');
    await webhook(t, id, { secret: SECRET }).expect(200);
    await settled();
    expect((await ledger(t, owner.profileId!)).memberships).toEqual([]);
    mp.paymentFailure = null;
    await status(owner, id).expect(200);
  });

  describe('webhook', () => {
    it('rejects a missing or wrong signature without asking MercadoPago, and nothing changes', async () => {
      const { owner, reference } = await paying();
      const id = mpPayment(reference);
      await webhook(t, id, { signature: null }).expect(401);
      await webhook(t, id, { secret: 'not-the-secret' }).expect(401);
      await webhook(t, id, { secret: TOKEN }).expect(401);
      await settled();
      expect(mp.lookups(id)).toBe(0);
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments[0]!.status).toBe('pending');
      expect(memberships).toEqual([]);
    });

    it('answers before MercadoPago does, then fetches the payment and grants it', async () => {
      const { owner, reference } = await paying();
      const id = mpPayment(reference);
      let release = () => {};
      mp.gate = new Promise<void>((resolve) => (release = resolve));
      const res = await webhook(t, id, { secret: SECRET }).expect(200);
      expect(res.body).toEqual({ received: true });
      expect((await ledger(t, owner.profileId!)).memberships).toEqual([]);
      release();
      await settled();
      expect(mp.lookups(id)).toBe(1);
      expect((await ledger(t, owner.profileId!)).memberships).toEqual([expect.objectContaining({ status: true })]);
    });

    it(bothEngines('grants once for ten identical notifications and ten status checks at the same time'), async () => {
      const { owner, reference, preference } = await paying();
      const id = mpPayment(reference);
      const requestId = 'c0ffee00-0000-4000-8000-000000000001';
      const signature = signWebhook(SECRET, id, requestId);
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => webhook(t, id, { signature, requestId })),
        ...Array.from({ length: 10 }, () => status(owner, id)),
      ]);
      await settled();
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(mp.lookups(id)).toBe(20);
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments).toEqual([
        expect.objectContaining({ id: preference.payment_id, status: 'approved', provider_payment_id: id }),
      ]);
      expect(memberships).toHaveLength(1);
      expect(new Set(answers.slice(10).map((r) => r.body.membership_id))).toEqual(new Set([memberships[0]!.id]));
      expect(await activationMails(t, owner.email)).toBe(1);
    });

    it('switches the membership off after a refund or a charge-back', async () => {
      for (const reversal of ['refunded', 'charged_back']) {
        const { owner, reference } = await paying();
        const id = mpPayment(reference);
        await webhook(t, id, { secret: SECRET }).expect(200);
        await settled();
        expect((await ledger(t, owner.profileId!)).memberships[0]!.status).toBe(true);
        mp.payments.get(id)!.status = reversal;
        await webhook(t, id, { secret: SECRET }).expect(200);
        await settled();
        const { payments, memberships } = await ledger(t, owner.profileId!);
        expect([reversal, payments[0]!.status, memberships[0]!.status]).toEqual([reversal, 'refunded', false]);
      }
    });
  });

  it('offers the open checkout again, as MercadoPago still holds it, instead of a new payment per click', async () => {
    const owner = await employer();
    const first = await createPreference(t, owner);
    const before = mp.requests.length;
    expect(await createPreference(t, owner)).toEqual(first);
    expect(mp.requests.slice(before).map((r) => [r.method, r.url])).toEqual([
      ['GET', `${API}/checkout/preferences/${first.preference_id}`],
    ]);
    expect((await ledger(t, owner.profileId!)).payments).toHaveLength(1);
  });

  describe('reconciliation (buyers who closed the tab)', () => {
    const reconcile = () => t.app.get(PaymentReconciler).runOnce();

    it('runs on a timer with a MercadoPago token', () => {
      expect((t.app.get(PaymentReconciler) as unknown as { timer: unknown }).timer).not.toBeNull();
    });

    it('asks MercadoPago by our reference and grants an approved payment once, without webhook or return', async () => {
      const { owner, reference } = await paying();
      const id = mpPayment(reference);
      await reconcile();
      const search = mp.requests.find(
        (r) =>
          r.url.startsWith(`${API}/v1/payments/search?`) &&
          new URL(r.url).searchParams.get('external_reference') === reference,
      );
      expect(search?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments).toEqual([expect.objectContaining({ status: 'approved', provider_payment_id: id })]);
      expect(memberships).toEqual([expect.objectContaining({ payment_id: Number(reference), status: true })]);
      await reconcile();
      await webhook(t, id, { secret: SECRET }).expect(200);
      await settled();
      expect((await ledger(t, owner.profileId!)).memberships).toHaveLength(1);
      expect(await activationMails(t, owner.email)).toBe(1);
    });

    it('records rejected and waiting payments with MercadoPago’s id, and grants nothing', async () => {
      const rejected = await paying();
      const rejectedId = mpPayment(rejected.reference, {
        status: 'rejected',
        status_detail: 'cc_rejected_other_reason',
      });
      const waiting = await paying();
      const waitingId = mpPayment(waiting.reference, { status: 'in_process', status_detail: 'pending_contingency' });
      const untouched = await paying();
      await reconcile();
      const ids = async (profileId: number) =>
        (
          await t.dataSource.query(
            `SELECT status, provider_status, transaction_id FROM payments WHERE parent_profile_id = $1`,
            [profileId],
          )
        )[0];
      expect(await ids(rejected.owner.profileId!)).toEqual({
        status: 'rejected',
        provider_status: 'rejected',
        transaction_id: rejectedId,
      });
      expect(await ids(waiting.owner.profileId!)).toEqual({
        status: 'pending',
        provider_status: 'in_process',
        transaction_id: waitingId,
      });
      expect(await ids(untouched.owner.profileId!)).toEqual({
        status: 'pending',
        provider_status: null,
        transaction_id: null,
      });
      for (const p of [rejected, waiting, untouched])
        expect((await ledger(t, p.owner.profileId!)).memberships).toEqual([]);
      // Later MercadoPago approves the waiting one: the next pass grants it.
      mp.payments.get(waitingId)!.status = 'approved';
      await reconcile();
      expect((await ledger(t, waiting.owner.profileId!)).memberships).toHaveLength(1);
    });

    it('keeps the payments as they were when MercadoPago fails', async () => {
      const { owner, reference } = await paying();
      mpPayment(reference);
      mp.paymentFailure = { status: 500, body: { message: 'internal_error', status: 500 } };
      await reconcile();
      expect((await ledger(t, owner.profileId!)).payments[0]!.status).toBe('pending');
      mp.paymentFailure = null;
      await reconcile();
      expect((await ledger(t, owner.profileId!)).payments[0]!.status).toBe('approved');
    });
  });

  it('never logs or answers the access token', async () => {
    // The failures above logged warnings; none of them, nor anything else, carries the token.
    expect(logged.length).toBeGreaterThan(0);
    const text = logged
      .map((args) => args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a))).join(' '))
      .join('\n');
    expect(text).toMatch(/create preference failed|get payment/);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.slice(5, 30));
  });
});
