import { PAYMENT_MESSAGES } from '@cym/common';
import { OneCheckoutBeingPrepared1764975000000 } from '../../migrations/1764975000000-OneCheckoutBeingPrepared';
import { Clock } from '../../server/src/common/clock/clock';
import { MembershipsService } from '../../server/src/modules/memberships/memberships.service';
import { PaymentLedger } from '../../server/src/modules/payments/payment-ledger';
import { PaymentsService } from '../../server/src/modules/payments/payments.service';
import { PaymentProvider } from '../../server/src/modules/payments/providers/payment-provider';
import { createAccount, TestAccount } from '../support/accounts';
import {
  activationMails,
  addOffer,
  catalogIds,
  createPreference,
  ledger,
  payInSandbox,
  publicOfferIds,
  signWebhook,
  webhook,
} from '../support/employer';
import { waitUntil } from '../support/chat-sockets';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

const SECRET = 'webhook-secret-for-tests';
const PUBLIC_URL = 'https://casaymanos.test';
const HOUR = 60 * 60 * 1000;

/**
 * Card payments on the built-in sandbox provider (no MercadoPago credentials): the checkout page,
 * the status check after the return, and the signed webhook. The provider's own records (the
 * sandbox_payments table) stand for what MercadoPago knows about a payment.
 */
describe('payments API (sandbox provider)', () => {
  let t: TestApp;
  let worker: TestAccount;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1', MERCADOPAGO_WEBHOOK_SECRET: SECRET, PUBLIC_URL }, { poolSize: 10 });
    worker = await createAccount(t, 'Worker');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const employer = () => createAccount(t, 'Parent');
  const settled = () => t.app.get(PaymentsService).settled();
  const status = (a: TestAccount, providerPaymentId: string) =>
    http(t).get(`/api/payments/${providerPaymentId}/status/`).set(a.auth);

  /** A payment as the provider would report it, without any notification reaching us. */
  const providerPayment = async (
    preferenceId: string,
    fields: { status?: string; amount?: number; reference: string },
  ): Promise<string> => {
    const [row] = await t.dataSource.query(
      `INSERT INTO sandbox_payments (preference_id, status, status_detail, amount, external_reference)
       VALUES ($1, $2, 'accredited', $3, $4) RETURNING id::text AS id`,
      [preferenceId, fields.status ?? 'approved', fields.amount ?? 40000, fields.reference],
    );
    return row.id;
  };

  describe('create-preference', () => {
    it('records a pending card payment and answers where to pay', async () => {
      const owner = await employer();
      const res = await http(t)
        .post('/api/payments/mercadopago/create-preference/')
        .set(owner.auth)
        .send({ profile_id: owner.profileId })
        .expect(200);
      expect(res.body).toEqual({
        // Absolute, like MercadoPago's: PUBLIC_URL + the sandbox checkout's path.
        init_point: expect.stringMatching(
          /^https:\/\/casaymanos\.test\/api\/payments\/sandbox\/checkout\/sbx-[0-9a-f]{24}\/$/,
        ),
        preference_id: expect.stringMatching(/^sbx-/),
        payment_id: expect.any(Number),
        provider: 'sandbox',
      });
      const [payment] = await t.dataSource.query(`SELECT * FROM payments WHERE id = $1`, [res.body.payment_id]);
      expect(payment).toMatchObject({
        parent_profile_id: owner.profileId,
        amount: 40000,
        payment_method: 'mercadopago',
        status: 'pending',
        provider_preference_id: res.body.preference_id,
      });
      expect((await ledger(t, owner.profileId!)).memberships).toEqual([]);
    });

    it('needs the employer’s own profile', async () => {
      const owner = await employer();
      const stranger = await employer();
      const path = '/api/payments/mercadopago/create-preference/';
      await http(t).post(path).send({ profile_id: owner.profileId }).expect(401);
      await http(t).post(path).set(worker.auth).send({ profile_id: owner.profileId }).expect(403);
      expect((await http(t).post(path).set(owner.auth).send({}).expect(400)).body).toEqual({
        error: PAYMENT_MESSAGES.noProfile,
        code: 'PROFILE_REQUIRED',
      });
      expectErrorShape((await http(t).post(path).set(owner.auth).send({ profile_id: 'x' }).expect(400)).body);
      await http(t).post(path).set(stranger.auth).send({ profile_id: owner.profileId }).expect(403);
      await http(t).post(path).set(owner.auth).send({ profile_id: 999999 }).expect(404);
      await http(t).post(path).set(owner.auth).send({ profile_id: 99999999999 }).expect(400);
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM payments WHERE parent_profile_id IN ($1, $2)`,
        [owner.profileId, stranger.profileId],
      );
      expect(n).toBe(0);
    });
  });

  describe('one checkout at a time per employer', () => {
    const click = (a: TestAccount) =>
      http(t).post('/api/payments/mercadopago/create-preference/').set(a.auth).send({ profile_id: a.profileId });
    /** A checkout being prepared (no preference yet), as a click asking the provider leaves it. */
    const beingPrepared = async (a: TestAccount, secondsAgo: number): Promise<number> => {
      const type = await t.app.get(MembershipsService).currentType();
      const [row] = await t.dataSource.query(
        `INSERT INTO payments (parent_profile_id, membership_type_id, amount, payment_method, status, created_at, updated_at)
         VALUES ($1, $2, $3, 'mercadopago', 'pending', now() - make_interval(secs => $4), now() - make_interval(secs => $4))
         RETURNING id`,
        [a.profileId, type.id, type.price, secondsAgo],
      );
      return row.id;
    };
    const statuses = async (a: TestAccount) => (await ledger(t, a.profileId!)).payments.map((p) => [p.id, p.status]);

    it(bothEngines('opens one checkout when thirty clicks arrive at once'), async () => {
      const owner = await employer();
      const answers = await atOnce(30, () => click(owner));
      expect(statusCounts(answers)).toEqual({ 200: 30 });
      const [first] = answers.map((a) => a.body);
      for (const { body } of answers) expect(body).toEqual(first);
      expect(await statuses(owner)).toEqual([[first.payment_id, 'pending']]);
    });

    it('waits for the checkout another click is preparing and answers it', async () => {
      const owner = await employer();
      const preparing = await beingPrepared(owner, 5);
      const claims = jest.spyOn(t.app.get(PaymentLedger), 'openCard');
      const answer = click(owner).then((res) => res);
      await waitUntil(() => claims.mock.calls.length > 0, 10_000, 'the click to meet the checkout being prepared');
      expect(await claims.mock.results[0]!.value).toBeNull();
      // The other click's provider answers now.
      const preference = await t.app.get(PaymentProvider).createPreference({
        reference: String(preparing),
        title: 'Membresía',
        amount: 40000,
        payerEmail: owner.email,
        backUrls: { success: `${PUBLIC_URL}/s`, failure: `${PUBLIC_URL}/f`, pending: `${PUBLIC_URL}/p` },
        notificationUrl: `${PUBLIC_URL}/api/payments/mercadopago/webhook/`,
        expiresAt: new Date(Date.now() + 24 * HOUR),
      });
      await t.dataSource.query(`UPDATE payments SET provider_preference_id = $2 WHERE id = $1`, [
        preparing,
        preference.id,
      ]);
      const res = await answer;
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        init_point: preference.init_point,
        preference_id: preference.id,
        payment_id: preparing,
        provider: 'sandbox',
      });
      expect(await statuses(owner)).toEqual([[preparing, 'pending']]);
    });

    it('stops waiting when the other click’s provider has not answered in 25 seconds', async () => {
      const owner = await employer();
      const preparing = await beingPrepared(owner, 5);
      const claims = jest.spyOn(t.app.get(PaymentLedger), 'openCard');
      // Time runs 30 seconds on as soon as the click has met the checkout being prepared.
      const now = performance.now.bind(performance);
      jest.spyOn(performance, 'now').mockImplementation(() => now() + (claims.mock.calls.length > 0 ? 30_000 : 0));
      const res = await click(owner).expect(502);
      expect(res.body).toEqual({ error: PAYMENT_MESSAGES.providerUnavailable, code: 'PROVIDER_UNAVAILABLE' });
      expect(claims).toHaveBeenCalledTimes(1);
      expect(await statuses(owner)).toEqual([[preparing, 'pending']]);
    });

    it('cancels a checkout left being prepared for over a minute (a stopped process) and opens one', async () => {
      const owner = await employer();
      const left = await beingPrepared(owner, 61);
      const opened = (await click(owner).expect(200)).body;
      expect(await statuses(owner)).toEqual([
        [left, 'cancelled'],
        [opened.payment_id, 'pending'],
      ]);
    });

    it('the migration cancels earlier checkouts being prepared, keeping each employer’s newest', async () => {
      const migrate = async (step: 'up' | 'down') => {
        const runner = t.dataSource.createQueryRunner();
        try {
          await new OneCheckoutBeingPrepared1764975000000()[step](runner);
        } finally {
          await runner.release();
        }
      };
      const one = await employer();
      const other = await employer();
      await migrate('down');
      const older = await beingPrepared(one, 30);
      const newest = await beingPrepared(one, 10);
      const alone = await beingPrepared(other, 20);
      const open = await beingPrepared(one, 40);
      await t.dataSource.query(`UPDATE payments SET provider_preference_id = 'sbx-open' WHERE id = $1`, [open]);
      await migrate('up');
      // A checkout with its preference is no longer being prepared: the migration leaves it.
      expect(await statuses(one)).toEqual([
        [older, 'cancelled'],
        [newest, 'pending'],
        [open, 'pending'],
      ]);
      expect(await statuses(other)).toEqual([[alone, 'pending']]);
      await expect(beingPrepared(one, 0)).rejects.toThrow(/payments_one_checkout_being_prepared/);
    });
  });

  describe('sandbox checkout', () => {
    it('shows the amount and the four choices', async () => {
      const owner = await employer();
      const preference = await createPreference(t, owner);
      const checkout = new URL(preference.init_point).pathname;
      const page = await http(t).get(checkout).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toMatch(/\$\s?40\.000/);
      for (const action of ['approve', 'reject', 'pending', 'cancel']) expect(page.text).toContain(`value="${action}"`);
      await http(t).get('/api/payments/sandbox/checkout/sbx-000000000000000000000000/').expect(404);
      await http(t).get('/api/payments/sandbox/checkout/not-a-preference/').expect(404);
      await http(t).post(checkout).type('form').send({ action: 'steal' }).expect(400);
      // Only this page takes form posts.
      await http(t)
        .post('/api/payments/mercadopago/create-preference/')
        .set(owner.auth)
        .type('form')
        .send({ profile_id: String(owner.profileId) })
        .expect(415);
    });

    it('approves: back to /payment/success with MercadoPago’s parameters, and the membership is granted', async () => {
      const owner = await employer();
      const offer = await addOffer(t, owner, await catalogIds(t));
      const paid = await payInSandbox(t, owner, 'approve');
      expect(paid.location.pathname).toBe('/payment/success');
      const query = Object.fromEntries(paid.location.searchParams);
      expect(query).toMatchObject({
        collection_id: paid.providerPaymentId,
        collection_status: 'approved',
        payment_id: expect.stringMatching(/^\d+$/),
        status: 'approved',
        external_reference: String(paid.paymentId),
        preference_id: paid.preferenceId,
        site_id: 'MLA',
      });
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments).toEqual([
        {
          id: paid.paymentId,
          status: 'approved',
          provider_status: 'approved',
          provider_payment_id: paid.providerPaymentId,
        },
      ]);
      expect(memberships).toEqual([expect.objectContaining({ payment_id: paid.paymentId, status: true })]);

      // The return page's check answers the membership, as often as it asks.
      const first = await status(owner, paid.providerPaymentId).expect(200);
      expect(first.body).toMatchObject({
        membership_id: memberships[0]!.id,
        membership_status: true,
        payment_amount: 40000,
        payment_method: 'mercadopago',
        payment_method_display: 'MercadoPago',
        payment_status: 'approved',
        transaction_id: paid.providerPaymentId,
      });
      expect((await status(owner, paid.providerPaymentId).expect(200)).body).toEqual(first.body);
      expect((await ledger(t, owner.profileId!)).memberships).toHaveLength(1);
      expect(await activationMails(t, owner.email)).toBe(1);

      // Everything reflects it at once.
      const data = await http(t).get('/api/user/get-data/').set(owner.auth).expect(200);
      expect(data.body.membership_status).toBe(true);
      expect(await publicOfferIds(t)).toContain(offer.id);
    });

    it('rejects: back to /payment/failure, the payment is rejected, nothing is granted', async () => {
      const owner = await employer();
      const paid = await payInSandbox(t, owner, 'reject');
      expect(paid.location.pathname).toBe('/payment/failure');
      expect(paid.location.searchParams.get('status')).toBe('rejected');
      const res = await status(owner, paid.providerPaymentId).expect(409);
      expect(res.body.code).toBe('PAYMENT_NOT_APPROVED');
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments[0]).toMatchObject({
        status: 'rejected',
        provider_status: 'rejected',
        provider_payment_id: paid.providerPaymentId,
      });
      expect(memberships).toEqual([]);
      const [row] = await t.dataSource.query(`SELECT transaction_id FROM payments WHERE id = $1`, [paid.paymentId]);
      expect(row.transaction_id).toBe(paid.providerPaymentId);
    });

    it('leaves pending: back to /payment/pending, and granted only once the provider approves', async () => {
      const owner = await employer();
      const paid = await payInSandbox(t, owner, 'pending');
      expect(paid.location.pathname).toBe('/payment/pending');
      expect((await status(owner, paid.providerPaymentId).expect(409)).body.code).toBe('PAYMENT_NOT_APPROVED');
      expect((await ledger(t, owner.profileId!)).payments[0]).toMatchObject({
        status: 'pending',
        provider_status: 'pending',
        provider_payment_id: paid.providerPaymentId,
      });
      // The money arrives later and MercadoPago notifies us.
      await t.dataSource.query(`UPDATE sandbox_payments SET status = 'approved' WHERE id = $1`, [
        paid.providerPaymentId,
      ]);
      await webhook(t, paid.providerPaymentId, { secret: SECRET }).expect(200);
      await settled();
      expect((await ledger(t, owner.profileId!)).memberships).toEqual([
        expect.objectContaining({ payment_id: paid.paymentId, status: true }),
      ]);
    });

    it('cancels: back to /payment/failure without a payment', async () => {
      const owner = await employer();
      const paid = await payInSandbox(t, owner, 'cancel');
      expect(paid.location.pathname).toBe('/payment/failure');
      expect(paid.location.searchParams.get('payment_id')).toBe('null');
      await status(owner, 'null').expect(404);
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM sandbox_payments WHERE preference_id = $1`,
        [paid.preferenceId],
      );
      expect(n).toBe(0);
      expect((await ledger(t, owner.profileId!)).memberships).toEqual([]);
    });
  });

  describe('abandoned checkouts', () => {
    const admin = () => createAccount(t, 'admin');
    const moveClock = (ms: number) => {
      const at = Date.now() + ms;
      jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(at));
    };
    type AdminPayment = { id: number; status: string; transaction_id: string | null };
    const adminPayments = async (a: TestAccount, search: string): Promise<AdminPayment[]> => {
      const body = (await http(t).get('/api/admin/payments/get-all/').set(a.auth).query({ search }).expect(200)).body;
      return Array.isArray(body) ? body : body.results;
    };

    it('offers the open checkout again on every click instead of a new payment, while it is valid', async () => {
      const owner = await employer();
      const first = await createPreference(t, owner);
      const again = await createPreference(t, owner);
      expect(again).toEqual(first);
      moveClock(22 * HOUR);
      expect(await createPreference(t, owner)).toEqual(first);
      // With less than an hour left, a new checkout (the old one is left to expire).
      moveClock(23 * HOUR + 1000);
      const fresh = await createPreference(t, owner);
      expect(fresh.payment_id).not.toBe(first.payment_id);
      expect(fresh.preference_id).not.toBe(first.preference_id);
      const { payments } = await ledger(t, owner.profileId!);
      expect(payments.map((p) => p.id)).toEqual([first.payment_id, fresh.payment_id]);
    });

    it('starts a new checkout after a payment was tried on the open one', async () => {
      const owner = await employer();
      const rejected = await payInSandbox(t, owner, 'reject');
      const next = await createPreference(t, owner);
      expect(next.payment_id).not.toBe(rejected.paymentId);
    });

    it('reads as Vencido (expired) after 24 hours, never as pending; a reported one stays pending', async () => {
      const team = await admin();
      const owner = await employer();
      const abandoned = await createPreference(t, owner);
      const other = await employer();
      const waiting = await payInSandbox(t, other, 'pending');
      const [{ first_name: ownerName }] = await t.dataSource.query(
        `SELECT u.first_name || ' ' || u.last_name AS first_name FROM users u WHERE u.id = $1`,
        [owner.userId],
      );
      const row = async (a: TestAccount, name: string, id: number) =>
        (await adminPayments(a, name)).find((p) => p.id === id);
      expect(await row(team, ownerName, abandoned.payment_id)).toMatchObject({
        status: 'pending',
        transaction_id: null,
      });
      moveClock(24 * HOUR + 1000);
      // A day later the admin logs in again (an admin's session lasts 12 hours).
      const later = await admin();
      expect(await row(later, ownerName, abandoned.payment_id)).toMatchObject({ status: 'expired' });
      // The provider's id is the transaction id whenever there is one; a reported payment never expires.
      expect(
        (await adminPayments(later, waiting.providerPaymentId)).map((p) => [p.id, p.status, p.transaction_id]),
      ).toEqual([[waiting.paymentId, 'pending', waiting.providerPaymentId]]);
      // The expired checkout takes no payment any more (MercadoPago's expiration_date_to)…
      const expired = new URL(abandoned.init_point).pathname;
      expect((await http(t).get(expired).expect(410)).body.code).toBe('CHECKOUT_EXPIRED');
      await http(t).post(expired).type('form').send({ action: 'approve' }).expect(410);
      // …and a new click after expiry opens a new checkout.
      expect((await createPreference(t, owner)).payment_id).not.toBe(abandoned.payment_id);
    });
  });

  describe('status check', () => {
    it('answers 404 while the provider does not know the payment', async () => {
      const owner = await employer();
      const unknown = await status(owner, '99999999999').expect(404);
      expect(unknown.body).toEqual({ error: PAYMENT_MESSAGES.paymentNotFound, code: 'PAYMENT_NOT_FOUND' });
      await status(owner, 'abc').expect(404);
      await status(owner, '1'.repeat(19)).expect(404);
      await http(t).get('/api/payments/99999999999/status/').expect(401);
      await status(worker, '99999999999').expect(403);
    });

    it('grants nothing to another employer who asks about someone else’s payment', async () => {
      const owner = await employer();
      const stranger = await employer();
      const preference = await createPreference(t, owner);
      const providerId = await providerPayment(preference.preference_id, { reference: String(preference.payment_id) });
      await status(stranger, providerId).expect(404);
      expect((await ledger(t, owner.profileId!)).payments[0]!.status).toBe('pending');
      expect((await ledger(t, stranger.profileId!)).memberships).toEqual([]);
      // The owner's own check then grants it to the owner.
      await status(owner, providerId).expect(200);
      expect((await ledger(t, owner.profileId!)).memberships).toHaveLength(1);
      expect((await ledger(t, stranger.profileId!)).memberships).toEqual([]);
    });

    it('grants nothing when the amount does not match our payment', async () => {
      const owner = await employer();
      const preference = await createPreference(t, owner);
      const providerId = await providerPayment(preference.preference_id, {
        reference: String(preference.payment_id),
        amount: 20000,
      });
      const res = await status(owner, providerId).expect(409);
      expect(res.body).toEqual({ error: PAYMENT_MESSAGES.verifyFailed, code: 'PAYMENT_MISMATCH' });
      await webhook(t, providerId, { secret: SECRET }).expect(200);
      await settled();
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments[0]).toMatchObject({ status: 'pending', provider_status: 'mismatch', provider_payment_id: null });
      expect(memberships).toEqual([]);
    });

    it('grants nothing for a reference that is not one of our card payments', async () => {
      const owner = await employer();
      const preference = await createPreference(t, owner);
      // A bank transfer of the same employer, an unknown id, and text.
      await http(t)
        .post(
          `/api/parent-profile/${owner.profileId}/membership/${(await http(t).get('/api/membership-type/get/')).body.id}/create/`,
        )
        .set(owner.auth)
        .send({ payment: { amount: 40000, payment_method: 'bank_transfer' } })
        .expect(201);
      const transfer = (await ledger(t, owner.profileId!)).payments.find((p) => p.id !== preference.payment_id)!;
      for (const reference of [String(transfer.id), '999999', 'abc', `${preference.payment_id}x`]) {
        const providerId = await providerPayment(preference.preference_id, { reference });
        await status(owner, providerId).expect(404);
        await webhook(t, providerId, { secret: SECRET }).expect(200);
      }
      await settled();
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments.map((p) => p.status)).toEqual(['pending', 'pending']);
      expect(memberships).toEqual([expect.objectContaining({ status: false })]);
    });
  });

  describe('webhook', () => {
    /** A card payment the provider approved, not yet applied by us. */
    const approvedAtProvider = async () => {
      const owner = await employer();
      const preference = await createPreference(t, owner);
      const providerId = await providerPayment(preference.preference_id, { reference: String(preference.payment_id) });
      return { owner, paymentId: preference.payment_id, providerId };
    };

    it('refuses a missing or wrong signature, and nothing changes', async () => {
      const { owner, providerId } = await approvedAtProvider();
      const ts = Math.floor(Date.now() / 1000);
      const attempts = [
        webhook(t, providerId, { signature: null }),
        webhook(t, providerId, { signature: '' }),
        webhook(t, providerId, { signature: 'garbage' }),
        webhook(t, providerId, { signature: `ts=${ts}` }),
        webhook(t, providerId, { signature: `v1=${'0'.repeat(64)}` }),
        webhook(t, providerId, { secret: 'another-secret' }),
        // Signed for another payment, or another request id, or without the timestamp it claims.
        webhook(t, providerId, { signature: signWebhook(SECRET, '1', 'req-1', ts), requestId: 'req-1' }),
        webhook(t, providerId, { signature: signWebhook(SECRET, providerId, 'req-1', ts), requestId: 'req-2' }),
        webhook(t, providerId, {
          signature: signWebhook(SECRET, providerId, 'req-3', ts).replace(`ts=${ts}`, `ts=${ts + 1}`),
          requestId: 'req-3',
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: PAYMENT_MESSAGES.invalidSignature, code: 'INVALID_SIGNATURE' });
      }
      await settled();
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments[0]).toMatchObject({ status: 'pending', provider_status: null, provider_payment_id: null });
      expect(memberships).toEqual([]);
    });

    it('accepts a signed notification, answers at once and grants the membership', async () => {
      const { owner, paymentId, providerId } = await approvedAtProvider();
      const res = await webhook(t, providerId, { secret: SECRET }).expect(200);
      expect(res.body).toEqual({ received: true });
      await settled();
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments[0]).toMatchObject({ id: paymentId, status: 'approved', provider_payment_id: providerId });
      expect(memberships).toEqual([expect.objectContaining({ payment_id: paymentId, status: true })]);
    });

    it('ignores signed notifications about other topics', async () => {
      const { owner, providerId } = await approvedAtProvider();
      await webhook(t, providerId, { secret: SECRET, type: 'merchant_order' }).expect(200);
      await settled();
      expect((await ledger(t, owner.profileId!)).memberships).toEqual([]);
    });

    it('grants once however often the same payment is reported (replays)', async () => {
      const { owner, providerId } = await approvedAtProvider();
      const requestId = 'replayed-request';
      const signature = signWebhook(SECRET, providerId, requestId);
      for (let i = 0; i < 4; i += 1) {
        await webhook(t, providerId, { signature, requestId }).expect(200);
        await settled();
      }
      await webhook(t, providerId, { secret: SECRET }).expect(200);
      await settled();
      await status(owner, providerId).expect(200);
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments.filter((p) => p.status === 'approved')).toHaveLength(1);
      expect(memberships).toHaveLength(1);
      expect(await activationMails(t, owner.email)).toBe(1);
    });

    it(bothEngines('grants once when ten notifications and ten status checks arrive together'), async () => {
      const { owner, paymentId, providerId } = await approvedAtProvider();
      const requestId = 'concurrent-request';
      const signature = signWebhook(SECRET, providerId, requestId);
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => webhook(t, providerId, { signature, requestId })),
        ...Array.from({ length: 10 }, () => status(owner, providerId)),
      ]);
      await settled();
      expect(answers.map((r) => r.status)).toEqual([...Array(10).fill(200), ...Array(10).fill(200)]);
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments).toEqual([expect.objectContaining({ id: paymentId, status: 'approved' })]);
      expect(memberships).toHaveLength(1);
      const granted = new Set(answers.slice(10).map((r) => r.body.membership_id));
      expect([...granted]).toEqual([memberships[0]!.id]);
      expect(await activationMails(t, owner.email)).toBe(1);
    });

    it('switches the membership off when the provider reports a refund', async () => {
      const { owner, providerId } = await approvedAtProvider();
      await webhook(t, providerId, { secret: SECRET }).expect(200);
      await settled();
      expect((await ledger(t, owner.profileId!)).memberships[0]!.status).toBe(true);
      await t.dataSource.query(`UPDATE sandbox_payments SET status = 'refunded' WHERE id = $1`, [providerId]);
      await webhook(t, providerId, { secret: SECRET }).expect(200);
      await settled();
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments[0]!.status).toBe('refunded');
      expect(memberships).toEqual([expect.objectContaining({ status: false })]);
      const data = await http(t).get('/api/user/get-data/').set(owner.auth).expect(200);
      expect(data.body.membership_status).toBe(false);
    });

    it('keeps an approved payment when a later, rejected attempt on the same checkout is reported', async () => {
      const owner = await employer();
      const preference = await createPreference(t, owner);
      const rejected = await providerPayment(preference.preference_id, {
        reference: String(preference.payment_id),
        status: 'rejected',
      });
      const approved = await providerPayment(preference.preference_id, { reference: String(preference.payment_id) });
      // The rejection is reported first, the approval (a second try on the same checkout) next,
      // and the rejection once more, late.
      await webhook(t, rejected, { secret: SECRET }).expect(200);
      await settled();
      expect((await ledger(t, owner.profileId!)).payments[0]!.status).toBe('rejected');
      await webhook(t, approved, { secret: SECRET }).expect(200);
      await settled();
      await webhook(t, rejected, { secret: SECRET }).expect(200);
      await settled();
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments[0]).toMatchObject({ status: 'approved', provider_payment_id: approved });
      expect(memberships).toEqual([expect.objectContaining({ status: true })]);
    });
  });
});
