import { JOB_OFFER_MESSAGES, PAYMENT_MESSAGES } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { createAccount, TestAccount } from '../support/accounts';
import {
  activationMails,
  addOffer,
  catalogIds,
  CatalogIds,
  ledger,
  membershipTypeId,
  payInSandbox,
  publicOfferIds,
  signWebhook,
} from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

const DAY = 86_400_000;

describe('memberships API', () => {
  let t: TestApp;
  let ids: CatalogIds;
  let typeId: number;
  let worker: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp(
      {
        TRUST_PROXY: '1',
        BANK_NAME: 'Banco de Prueba',
        BANK_ALIAS: 'PRUEBA.ALIAS.CYM',
        BANK_ACCOUNT: '0110000000000000000001',
      },
      // Several connections on PostgreSQL, so that requests sent at once really race.
      { poolSize: 10 },
    );
    ids = await catalogIds(t);
    typeId = await membershipTypeId(t);
    worker = await createAccount(t, 'Worker');
    admin = await createAccount(t, 'admin');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const employer = () => createAccount(t, 'Parent');
  const membershipsOf = (a: TestAccount) =>
    http(t).get(`/api/parent-profile/${a.profileId}/membership/get/`).set(a.auth);
  const bankTransfer = (a: TestAccount, body: object, profileId = a.profileId, type: number | string = typeId) =>
    http(t).post(`/api/parent-profile/${profileId}/membership/${type}/create/`).set(a.auth).send(body);
  const transfer = { payment: { amount: 40000, payment_method: 'bank_transfer' } };
  const userData = async (a: TestAccount) => (await http(t).get('/api/user/get-data/').set(a.auth).expect(200)).body;
  const login = async (a: TestAccount) =>
    (
      await http(t)
        .post('/api/token/')
        .set('X-Forwarded-For', '198.51.100.7')
        .send({ username: a.email, password: 'clave1234' })
        .expect(200)
    ).body;

  it('answers the membership on sale without a login', async () => {
    const res = await http(t).get('/api/membership-type/get/').expect(200);
    expect(res.body).toEqual({ id: typeId, name: expect.any(String), price: 40000, duration_days: 30 });
    // The admin's price change shows at once.
    await t.dataSource.query(`UPDATE membership_types SET price = 45000 WHERE id = $1`, [typeId]);
    expect((await http(t).get('/api/membership-type/get').expect(200)).body.price).toBe(45000);
    await t.dataSource.query(`UPDATE membership_types SET is_active = false WHERE id = $1`, [typeId]);
    const none = await http(t).get('/api/membership-type/get/').expect(404);
    expect(none.body).toEqual({ error: PAYMENT_MESSAGES.noMembershipType, code: 'NO_MEMBERSHIP_TYPE' });
    await t.dataSource.query(`UPDATE membership_types SET is_active = true, price = 40000 WHERE id = $1`, [typeId]);
  });

  it('answers the bank details from configuration to signed-in users', async () => {
    await http(t).get('/api/payments/bank-transfer/details/').expect(401);
    const res = await http(t).get('/api/payments/bank-transfer/details/').set(worker.auth).expect(200);
    expect(res.body).toMatchObject({
      name: 'Banco de Prueba',
      alias: 'PRUEBA.ALIAS.CYM',
      account: '0110000000000000000001',
      holder: expect.any(String),
      cuit: expect.any(String),
    });
  });

  it('lists an employer’s memberships to the owner and admins only', async () => {
    const owner = await employer();
    const stranger = await employer();
    expect((await membershipsOf(owner).expect(200)).body).toEqual([]);
    await http(t).get(`/api/parent-profile/${owner.profileId}/membership/get/`).expect(401);
    await http(t).get(`/api/parent-profile/${owner.profileId}/membership/get/`).set(worker.auth).expect(403);
    expectErrorShape(
      (await http(t).get(`/api/parent-profile/${owner.profileId}/membership/get/`).set(stranger.auth).expect(403)).body,
    );
    await http(t).get(`/api/parent-profile/${owner.profileId}/membership/get/`).set(admin.auth).expect(200);
    await http(t).get('/api/parent-profile/999999/membership/get/').set(owner.auth).expect(404);
  });

  describe('bank transfer', () => {
    it('records a pending payment and an inactive membership, and mails the details', async () => {
      const owner = await employer();
      const offer = await addOffer(t, owner, ids);
      const res = await bankTransfer(owner, transfer).expect(201);
      expect(res.body).toEqual({
        membership_id: expect.any(Number),
        membership_type: expect.any(String),
        membership_start_date: expect.any(String),
        membership_end_date: expect.any(String),
        membership_status: false,
        payment_amount: 40000,
        payment_method: 'bank_transfer',
        payment_method_display: 'Transferencia bancaria',
        payment_status: 'pending',
        transaction_id: expect.stringMatching(/^TRF-\d{6,}$/),
      });
      const span = Date.parse(res.body.membership_end_date) - Date.parse(res.body.membership_start_date);
      expect(span).toBe(30 * DAY);

      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect(payments).toEqual([expect.objectContaining({ status: 'pending', provider_payment_id: null })]);
      expect(memberships).toEqual([
        expect.objectContaining({ id: res.body.membership_id, payment_id: payments[0]!.id, status: false }),
      ]);
      const [mail] = await t.dataSource.query(`SELECT subject, text FROM email_outbox WHERE to_address = $1`, [
        owner.email,
      ]);
      expect(mail.subject).toMatch(/transferencia/i);
      expect(mail.text).toContain('PRUEBA.ALIAS.CYM');
      expect(mail.text).toContain(res.body.transaction_id);

      const table = await membershipsOf(owner).expect(200);
      expect(table.body).toEqual([
        {
          id: res.body.membership_id,
          membership_type: { id: typeId, name: expect.any(String), price: 40000 },
          start_date: res.body.membership_start_date,
          end_date: res.body.membership_end_date,
          state: 'pending',
          status: false,
          payment: {
            id: payments[0]!.id,
            payment_method: 'bank_transfer',
            payment_method_display: 'Transferencia bancaria',
            amount: 40000,
            status: 'pending',
            transaction_id: res.body.transaction_id,
          },
        },
      ]);
      // Nothing is unlocked until an admin sees the money.
      const info = await http(t).get(`/api/parent-profile/${owner.profileId}/get-info/`).set(owner.auth).expect(200);
      expect(info.body.membership).toMatchObject({ id: res.body.membership_id, status: false });
      expect((await userData(owner)).membership_status).toBe(false);
      expect(await publicOfferIds(t)).not.toContain(offer.id);
      await http(t)
        .patch(`/api/parent-profile/${owner.profileId}/job-offer/${offer.id}/update-status/`)
        .set(owner.auth)
        .send({ status: false })
        .expect(403);

      // Once switched on (the admin's toggle), the membership counts.
      await t.dataSource.query(`UPDATE memberships SET status = true WHERE id = $1`, [res.body.membership_id]);
      t.app.get(DirectoryCache).invalidate();
      expect((await userData(owner)).membership_status).toBe(true);
      expect(await publicOfferIds(t)).toContain(offer.id);
    });

    it(
      bothEngines('answers the pending request again instead of piling up requests, also when sent at once'),
      async () => {
        const owner = await employer();
        const together = await atOnce(5, () => bankTransfer(owner, transfer));
        expect(statusCounts(together)).toEqual({ 201: 5 });
        const again = await bankTransfer(owner, transfer).expect(201);
        for (const res of [again, ...together]) expect(res.body.membership_id).toBe(together[0]!.body.membership_id);
        const { payments, memberships } = await ledger(t, owner.profileId!);
        expect([payments.length, memberships.length]).toEqual([1, 1]);
        const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1`, [
          owner.email,
        ]);
        expect(n).toBe(1);
      },
    );

    it('refuses a wrong amount, method or type, and other people', async () => {
      const owner = await employer();
      const stranger = await employer();
      const wrong = await bankTransfer(owner, { payment: { amount: 20000, payment_method: 'bank_transfer' } }).expect(
        400,
      );
      expect(wrong.body).toEqual({
        error: PAYMENT_MESSAGES.amountMismatch,
        code: 'VALIDATION_FAILED',
        errors: { 'payment.amount': [PAYMENT_MESSAGES.amountMismatch] },
      });
      for (const body of [
        { payment: { amount: '40000', payment_method: 'bank_transfer' } },
        { payment: { amount: 40000.5, payment_method: 'bank_transfer' } },
        { payment: { amount: 40000, payment_method: 'mercadopago' } },
        { payment: { amount: 40000 } },
        { payment: 'bank_transfer' },
        {},
      ]) {
        const res = await bankTransfer(owner, body);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
        expectErrorShape(res.body);
      }
      await bankTransfer(owner, transfer, owner.profileId, 999999).expect(404);
      await bankTransfer(owner, transfer, owner.profileId, 'abc').expect(404);
      await bankTransfer(owner, transfer, owner.profileId, '99999999999').expect(404);
      await bankTransfer(owner, transfer, 99999999999).expect(404);
      await bankTransfer(stranger, transfer, owner.profileId).expect(403);
      await bankTransfer(worker, transfer, owner.profileId).expect(403);
      await http(t)
        .post(`/api/parent-profile/${owner.profileId}/membership/${typeId}/create/`)
        .send(transfer)
        .expect(401);
      // An inactive type is not on sale.
      await t.dataSource.query(`UPDATE membership_types SET is_active = false WHERE id = $1`, [typeId]);
      await bankTransfer(owner, transfer).expect(404);
      await t.dataSource.query(`UPDATE membership_types SET is_active = true WHERE id = $1`, [typeId]);
      const { payments, memberships } = await ledger(t, owner.profileId!);
      expect([payments.length, memberships.length]).toEqual([0, 0]);
    });
  });

  describe('expiry (30 days, injectable clock)', () => {
    it('is active for 30 days after a card payment and inactive everywhere afterwards', async () => {
      const owner = await employer();
      const offer = await addOffer(t, owner, ids);
      const paid = await payInSandbox(t, owner, 'approve');
      const { memberships } = await ledger(t, owner.profileId!);
      expect(memberships).toHaveLength(1);
      const end = memberships[0]!.end_date.getTime();
      expect(end - memberships[0]!.start_date.getTime()).toBe(30 * DAY);

      const check = async (active: boolean) => {
        t.app.get(DirectoryCache).invalidate();
        const info = await http(t).get(`/api/parent-profile/${owner.profileId}/get-info/`).set(owner.auth).expect(200);
        const table = await membershipsOf(owner).expect(200);
        const session = await login(owner);
        const summaries = await http(t).get(`/api/parent-profile/${owner.profileId}/job-offers/`).set(owner.auth);
        const status = await http(t).get(`/api/payments/${paid.providerPaymentId}/status/`).set(owner.auth).expect(200);
        expect({
          info: info.body.membership.status,
          table: table.body[0].status,
          userData: (await userData(owner)).membership_status,
          token: session.membership_status,
          offerPublic: summaries.body[0].is_public,
          listed: (await publicOfferIds(t)).includes(offer.id),
          statusAnswer: status.body.membership_status,
        }).toEqual({
          info: active,
          table: active,
          userData: active,
          token: active,
          offerPublic: active,
          listed: active,
          statusAnswer: active,
        });
      };
      await check(true);
      const clock = jest.spyOn(t.app.get(Clock), 'now');
      clock.mockReturnValue(new Date(end - 60_000));
      await check(true);
      clock.mockReturnValue(new Date(end + 1));
      await check(false);
      clock.mockReturnValue(new Date(Date.now() + 31 * DAY));
      await check(false);
      const toggle = await http(t)
        .patch(`/api/parent-profile/${owner.profileId}/job-offer/${offer.id}/update-status/`)
        .set(owner.auth)
        .send({ status: false })
        .expect(403);
      expect(toggle.body.error).toBe(JOB_OFFER_MESSAGES.membershipRequired);
    });

    it('renews from the end of the current membership, and afresh after it ended', async () => {
      const owner = await employer();
      await payInSandbox(t, owner, 'approve');
      const firstEnd = (await ledger(t, owner.profileId!)).memberships[0]!.end_date.getTime();
      // Ten days in, the employer pays again: the new period follows the current one.
      const clock = jest.spyOn(t.app.get(Clock), 'now');
      clock.mockReturnValue(new Date(Date.now() + 10 * DAY));
      await payInSandbox(t, owner, 'approve');
      let { memberships } = await ledger(t, owner.profileId!);
      expect(memberships).toHaveLength(2);
      expect(memberships[1]!.start_date.getTime()).toBe(firstEnd);
      expect(memberships[1]!.end_date.getTime()).toBe(firstEnd + 30 * DAY);
      // The renewal is Programada (scheduled) until it starts, then Activa; the first one Vencida.
      const states = async () =>
        ((await membershipsOf(owner).expect(200)).body as { id: number; state: string; status: boolean }[])
          .sort((a, b) => a.id - b.id)
          .map((m) => [m.state, m.status]);
      expect(await states()).toEqual([
        ['active', true],
        ['scheduled', true],
      ]);
      clock.mockReturnValue(new Date(firstEnd + 1000));
      expect(await states()).toEqual([
        ['expired', false],
        ['active', true],
      ]);
      // After both ended, a payment starts now.
      const now = new Date(firstEnd + 45 * DAY);
      clock.mockReturnValue(now);
      await payInSandbox(t, owner, 'approve');
      ({ memberships } = await ledger(t, owner.profileId!));
      expect(memberships[2]!.start_date.getTime()).toBe(now.getTime());
      expect(await activationMails(t, owner.email)).toBe(3);
    });
  });

  it('refuses a webhook when no webhook secret is configured, however it is signed', async () => {
    const owner = await employer();
    const paid = await payInSandbox(t, owner, 'pending');
    const res = await http(t)
      .post('/api/payments/mercadopago/webhook/')
      .query({ 'data.id': paid.providerPaymentId, type: 'payment' })
      .set('x-request-id', 'req-1')
      .set('x-signature', signWebhook('', paid.providerPaymentId, 'req-1'))
      .send({ type: 'payment', data: { id: paid.providerPaymentId } })
      .expect(401);
    expect(res.body).toEqual({ error: PAYMENT_MESSAGES.invalidSignature, code: 'INVALID_SIGNATURE' });
  });
});
