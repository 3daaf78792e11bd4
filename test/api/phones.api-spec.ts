import { CanonicalPhones1764931000000 } from '../../migrations/1764931000000-CanonicalPhones';
import { createAccount } from '../support/accounts';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * phones are stored once, in E.164. The migration rewrites the rows written
 * before (as typed, or as WhatsApp's digits) and the API answers what is stored.
 */
describe('phones in E.164', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('migrates the phones written before to E.164, and empties what is no phone', async () => {
    const cases: [string, string | null][] = [
      ['5491145678901', '+5491145678901'], // WhatsApp's digits
      ['1155149486', '+5491155149486'], // the local ten digits of a mobile
      ['541147720654', '+5491147720654'], // 54 and the ten digits, read by the mobile rule
      ['011 1545678901', '+5491145678901'], // the trunk 0 and the old 15
      ['+5493512345678', '+5493512345678'], // already canonical: untouched
      ['+12025550100', '+12025550100'], // a foreign number keeps its meaning
      ['12', null], // no phone at all: the popup asks again
    ];
    const accounts = [];
    for (const [written] of cases) accounts.push(await createAccount(t, 'Worker', 'clave1234', written));

    const runner = t.dataSource.createQueryRunner();
    try {
      await new CanonicalPhones1764931000000().up(runner);
    } finally {
      await runner.release();
    }

    for (const [index, [written, canonical]] of cases.entries()) {
      const [{ phone }] = await t.dataSource.query(`SELECT phone FROM users WHERE id = $1`, [accounts[index]!.userId]);
      expect([written, phone]).toEqual([written, canonical]);
    }
    // The API gives what is stored; the screens format it ('+54 9 11 4567-8901').
    const data = await http(t).get('/api/user/get-data/').set(accounts[0]!.auth).expect(200);
    expect(data.body.phone).toBe('+5491145678901');
  });

  it('stores a phone typed any way in E.164', async () => {
    const account = await createAccount(t, 'Parent', 'clave1234', null);
    const saved = await http(t)
      .post('/api/user/update-phone/')
      .set(account.auth)
      .send({ phone: '01145678901' })
      .expect(200);
    expect(saved.body.phone).toBe('+5491145678901');
  });
});
