import { BLOCK_MESSAGES, blockQuestion, SAFETY_NOTICE } from '@cym/common';
import { createAccount, type TestAccount, visibleWorker } from '../support/accounts';
import { expectNoSideScroll, screenshot, useBrowser, VIEWPORTS, type Viewport } from '../support/browser';
import { insertMembership } from '../support/employer';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * Blocking from a conversation: the blocker's composer gives way to 'Desbloquear', the other side
 * is told only that it cannot write, and the blocker unblocks from /user-account. Every
 * conversation opens with the safety notice and its link to the tips.
 */
describe('blocking in Chromium', () => {
  const browser = useBrowser({ consoleErrors: true });
  const t = useTestApp({}, { listen: true });

  const signedIn = (account: TestAccount, viewport: Viewport, landing: string) =>
    browser.signedInPage(t.baseUrl, account.email, landing, viewport);

  async function conversation(workerName: string, employerName: string) {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = $1 WHERE id = $2`, [workerName, worker.userId]);
    await t.dataSource.query(`UPDATE users SET first_name = $1 WHERE id = $2`, [employerName, employer.userId]);
    await insertMembership(t, employer.profileId!);
    const started = await http(t)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId })
      .expect(201);
    const id = started.body.id as number;
    await http(t).post(`/api/chat/conversations/${id}/messages/`).set(employer.auth).send({ content: 'Hola Ana' });
    return { worker, employer, id };
  }

  it('blocks from a conversation, closes both composers, and unblocks from the account page', async () => {
    const { worker, employer, id } = await conversation('Ana', 'Pablo');
    const page = await signedIn(worker, VIEWPORTS.phone, `/conversations/chat/${id}`);

    // The safety notice opens the thread, with its link to the tips.
    await page.getByRole('heading', { name: 'Pablo' }).waitFor();
    await page.getByText(SAFETY_NOTICE).waitFor();
    const tips = page.getByRole('link', { name: 'Consejos de seguridad' }).first();
    expect(await tips.getAttribute('href')).toBe('/consejos-de-seguridad');
    await screenshot(page, 'blocks-conversation');

    // 'Bloquear', in the header's menu, asks first, in a dialog.
    await page.getByText('⋮').click();
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear a Pablo' });
    await dialog.getByText(blockQuestion('Pablo')).waitFor();
    await screenshot(page, 'blocks-confirm');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Mensaje', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await dialog.getByRole('button', { name: 'Bloquear' }).click();
    await page.getByText(BLOCK_MESSAGES.blockedByMe).waitFor();
    expect(await page.getByLabel('Mensaje', { exact: true }).count()).toBe(0);
    await page.locator('.chat__closed').getByRole('button', { name: 'Desbloquear' }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'blocks-blocked-by-me');

    // The employer is told only that they cannot write.
    const other = await signedIn(employer, VIEWPORTS.phone, `/conversations/chat/${id}`);
    await other.getByText(BLOCK_MESSAGES.composerClosed).waitFor();
    expect(await other.getByLabel('Mensaje', { exact: true }).count()).toBe(0);
    // Nothing says who blocked whom: the closed composer's words, and the header's menu still offers 'Bloquear'.
    expect(await other.locator('.chat__closed').textContent()).not.toMatch(/bloque/i);
    await other.getByText('⋮').click();
    await other.getByRole('button', { name: 'Bloquear', exact: true }).waitFor();
    await screenshot(other, 'blocks-cannot-write');

    // Unblocked from the account page: the list empties and the composers open again.
    await page.goto(`${t.baseUrl}/user-account`);
    const section = page.getByRole('region', { name: 'Personas bloqueadas' });
    await section.getByText('Pablo', { exact: true }).waitFor();
    await screenshot(page, 'blocks-account', { fullPage: true });
    await section.getByRole('button', { name: 'Desbloquear' }).click();
    await section.getByText(BLOCK_MESSAGES.empty).waitFor();
    await other.reload();
    await other.getByLabel('Mensaje', { exact: true }).waitFor();
  });

  it('blocks from a public profile, and shows the tips page on a wide screen', async () => {
    const worker = await visibleWorker(t);
    await t.dataSource.query(`UPDATE users SET first_name = 'Rosa' WHERE id = $1`, [worker.userId]);
    const employer = await createAccount(t, 'Parent');
    const page = await signedIn(employer, VIEWPORTS.desktop, `/worker-profile/${worker.profileId}`);
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await page.getByRole('dialog', { name: 'Bloquear a Rosa' }).getByRole('button', { name: 'Bloquear' }).click();
    await page.getByRole('button', { name: 'Desbloquear' }).waitFor();
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`,
      [employer.userId, worker.userId],
    );
    expect(n).toBe(1);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Consejos de seguridad' }).click();
    await page.waitForURL(/\/consejos-de-seguridad$/);
    await page.getByRole('heading', { name: 'Consejos de seguridad', level: 1 }).waitFor();
    await page.getByRole('link', { name: '144' }).waitFor();
    await screenshot(page, 'blocks-safety-tips', { fullPage: true });
  });
});
