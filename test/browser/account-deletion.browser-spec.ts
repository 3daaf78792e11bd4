import { ACCOUNT_DELETION_MESSAGES, AUTH_MESSAGES, AUTH_STORAGE_KEY, DELETED_USER_NAME } from '@cym/common';
import { createAccount, visibleWorker } from '../support/accounts';
import { insertMembership } from '../support/employer';
import { http } from '../support/http';
import { expectNoSideScroll, screenshot, submitLogin, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * 'Eliminar mi cuenta' at the foot of /user-account: the password asked in a dialog (a wrong one
 * refused on the field), then the person is signed out on / with the notice, and the old login is
 * refused; the other party's chat names the account 'Usuario eliminado' and has no composer.
 */
describe('deleting one’s own account in Chromium', () => {
  const browser = useBrowser({ consoleErrors: false, freshPages: true });
  const t = useTestApp({}, { listen: true });

  it('deletes with a wrong then the right password, lands on / signed out, and the login is refused (phone)', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    const started = await http(t)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId });
    const conversationId = started.body.id as number;
    await http(t)
      .post(`/api/chat/conversations/${conversationId}/messages/`)
      .set(employer.auth)
      .send({ content: 'Hola, ¿seguís buscando trabajo?' });

    const page = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
    await section.scrollIntoViewIfNeeded();
    await section.getByText('Dentro de 30 días').waitFor();
    await section.getByText('Lo que guardamos: tus pagos').waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'account-deletion-section-phone');

    const open = section.getByRole('button', { name: 'Eliminar mi cuenta' });
    expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await open.click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    const password = dialog.getByLabel('Contraseña');
    // Focus starts on the field.
    await expect(password.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // Nothing typed, then a wrong password: refused on the field, announced.
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await dialog.getByRole('alert').filter({ hasText: ACCOUNT_DELETION_MESSAGES.passwordRequired }).waitFor();
    await password.fill('otra-clave');
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await dialog.getByRole('alert').filter({ hasText: ACCOUNT_DELETION_MESSAGES.wrongPassword }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'account-deletion-wrong-password-phone');

    // The right one, sent with the keyboard.
    await password.fill('clave1234');
    await password.press('Enter');
    await page.waitForURL(`${t.baseUrl}/`);
    await waitForShell(page);
    await page.getByRole('status').filter({ hasText: ACCOUNT_DELETION_MESSAGES.done }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
    await screenshot(page, 'account-deletion-done-phone');

    // The old address and password no longer sign in.
    await submitLogin(page, worker.email, 'clave1234');
    await page.getByRole('dialog', { name: 'Ingresar' }).getByText(AUTH_MESSAGES.unknownEmail).waitFor();

    // The employer's chat: the partner is 'Usuario eliminado', the composer closed.
    const other = await browser.signedInPage(
      t.baseUrl,
      employer.email,
      `/conversations/chat/${conversationId}`,
      VIEWPORTS.phone,
    );
    await other.getByRole('heading', { name: DELETED_USER_NAME }).waitFor();
    await other.getByText(ACCOUNT_DELETION_MESSAGES.composerClosed).waitFor();
    expect(await other.getByLabel('Mensaje').count()).toBe(0);
    await screenshot(other, 'account-deletion-chat-phone');
  });

  it('opens and cancels the confirmation at 1280 px, focus back on its button, nothing deleted', async () => {
    const employer = await createAccount(t, 'Parent');
    const page = await browser.signedInPage(t.baseUrl, employer.email, '/user-account', VIEWPORTS.desktop);
    const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
    await section.scrollIntoViewIfNeeded();
    const open = section.getByRole('button', { name: 'Eliminar mi cuenta' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    await dialog.getByLabel('Contraseña').waitFor();
    await screenshot(page, 'account-deletion-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(open.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const [row] = await t.dataSource.query(`SELECT deleted_at FROM users WHERE id = $1`, [employer.userId]);
    expect(row.deleted_at).toBeNull();
  });
});
