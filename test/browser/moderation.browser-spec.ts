import { MODERATION_MESSAGES } from '@cym/common';
import { createAccount, sessionThroughApi, visibleWorker } from '../support/accounts';
import {
  expectNoSideScroll,
  openMenuIfNeeded,
  screenshot,
  settleNetwork,
  submitLogin,
  useBrowser,
  VIEWPORTS,
  waitForShell,
} from '../support/browser';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { useTestApp } from '../support/test-app';

jest.setTimeout(180_000);

const MONEY = 'Para reservarte el puesto hacé una transferencia de $5000 a mi CBU.';

/**
 * Reports and moderation as people see them: a worker reports an employer's message asking for
 * money (which carries the money warning), an employer reports a worker's profile; the team reads
 * the message in its conversation, suspends the account, and undoes it.
 */
describe('reports and moderation in Chromium', () => {
  // The server's refusals (409, 403) are answers the screens show: console lines, not page errors.
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  it('takes reports on a phone and lets the team suspend and undo', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = 'Lucía', last_name = 'Benítez' WHERE id = $1`, [
      worker.userId,
    ]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Mariana', last_name = 'Sosa' WHERE id = $1`, [
      employer.userId,
    ]);
    await insertMembership(t, employer.profileId!);
    const [conversation] = await t.dataSource.query(
      `INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
      [worker.profileId, employer.profileId, `w${worker.profileId}-p${employer.profileId}`],
    );
    await t.dataSource.query(
      `INSERT INTO messages (conversation_id, sender_id, content)
       VALUES ($1, $2, 'Hola Lucía, ¿podés el lunes?'), ($1, $3, 'Sí, ahí estoy.'), ($1, $2, $4)`,
      [conversation.id, employer.userId, worker.userId, MONEY],
    );

    // The worker reads the conversation: the money warning under the employer's message only.
    const workerPage = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    await workerPage.goto(`${t.baseUrl}/conversations/chat/${conversation.id}`);
    await workerPage.getByRole('heading', { name: 'Mariana' }).waitFor();
    const money = workerPage.locator('.chat__messages > li', { hasText: MONEY });
    await money.getByRole('note').getByText(MODERATION_MESSAGES.moneyWarning).waitFor();
    expect(await workerPage.getByRole('note').filter({ hasText: MODERATION_MESSAGES.moneyWarning }).count()).toBe(1);
    // Her own message has no report control; the employer's two have one each.
    expect(await workerPage.getByRole('button', { name: 'Opciones del mensaje' }).count()).toBe(2);
    await expectNoSideScroll(workerPage);
    await screenshot(workerPage, 'phone-chat-money-warning', { fullPage: false });

    // By keyboard: the '⋯' reveals 'Denunciar mensaje', which opens the form.
    const toggle = money.getByRole('button', { name: 'Opciones del mensaje' });
    const box = await toggle.boundingBox();
    expect(box && box.width >= 44 && box.height >= 44).toBe(true);
    await toggle.focus();
    await workerPage.keyboard.press('Enter');
    const option = money.getByRole('button', { name: 'Denunciar mensaje' });
    await option.waitFor();
    await screenshot(workerPage, 'phone-chat-message-menu', { fullPage: false });
    await workerPage.keyboard.press('Tab');
    await workerPage.keyboard.press('Enter');
    const dialog = workerPage.getByRole('dialog', { name: 'Denunciar el mensaje' });
    await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
    await dialog.getByRole('alert').getByText(MODERATION_MESSAGES.reason).waitFor();
    await dialog.getByLabel('Pedido de dinero o estafa').check();
    await dialog.getByLabel('Contanos qué pasó (opcional)').fill('Me pide plata antes de empezar.');
    await dialog.getByText('31 / 1000 caracteres').waitFor();
    await screenshot(workerPage, 'phone-report-form', { fullPage: false });
    await dialog.getByRole('button', { name: 'Enviar denuncia' }).click();
    await dialog.getByText(MODERATION_MESSAGES.sent).waitFor();
    await screenshot(workerPage, 'phone-report-sent', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // The employer reports the worker's profile; a second time the server's refusal shows.
    const employerPage = await browser.signedInPage(t.baseUrl, employer.email, '/user-account', VIEWPORTS.phone);
    await employerPage.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(employerPage);
    await employerPage.getByRole('button', { name: 'Denunciar este perfil' }).scrollIntoViewIfNeeded();
    await screenshot(employerPage, 'phone-profile-report', { fullPage: false });
    for (const answer of [MODERATION_MESSAGES.sent, MODERATION_MESSAGES.alreadyReported]) {
      await employerPage.getByRole('button', { name: 'Denunciar este perfil' }).click();
      const form = employerPage.getByRole('dialog', { name: 'Denunciar el perfil' });
      await form.getByLabel('Perfil falso').check();
      await form.getByRole('button', { name: 'Enviar denuncia' }).click();
      await form.getByText(answer).waitFor();
      if (answer === MODERATION_MESSAGES.alreadyReported) {
        expect(await form.getByRole('alert').textContent()).toBe(answer);
        await screenshot(employerPage, 'phone-report-already', { fullPage: false });
        await form.getByRole('button', { name: 'Cancelar' }).click();
      } else await form.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
      await form.waitFor({ state: 'hidden' });
    }
    // An employer's offer: the worker may report it, its employer may not.
    const offer = await addOffer(t, employer, await catalogIds(t));
    // The session's refresh answered (the owner is known) before the button is looked for.
    await settleNetwork(employerPage, () => employerPage.goto(`${t.baseUrl}/job-offer/${offer.id}`));
    await employerPage.getByRole('heading', { name: 'Propuesta laboral' }).waitFor();
    expect(await employerPage.getByRole('button', { name: 'Denunciar esta oferta' }).count()).toBe(0);
    await workerPage.goto(`${t.baseUrl}/job-offer/${offer.id}`);
    await workerPage.getByRole('button', { name: 'Denunciar esta oferta' }).click();
    await workerPage
      .getByRole('dialog', { name: 'Denunciar la oferta' })
      .getByRole('button', { name: 'Cancelar' })
      .click();

    // Nobody reports their own profile.
    await settleNetwork(workerPage, () => workerPage.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`));
    await workerPage.getByRole('heading', { name: /^Lucía/ }).waitFor();
    expect(await workerPage.getByRole('button', { name: 'Denunciar este perfil' }).count()).toBe(0);

    // The team, on a phone: 'Denuncias' in the menu, the two open cases.
    const admin = await createAccount(t, 'admin');
    const adminPage = await browser.signedInPage(t.baseUrl, admin.email, '/', VIEWPORTS.phone);
    await openMenuIfNeeded(adminPage);
    await adminPage.getByRole('link', { name: 'Denuncias', exact: true }).click();
    await adminPage.waitForURL(`${t.baseUrl}/admin/denuncias`);
    await adminPage.getByRole('heading', { name: 'Denuncias', level: 1 }).waitFor();
    await adminPage.getByText('2 casos abiertos').waitFor();
    const messageCase = adminPage.locator('.moderation-item', { hasText: 'Mensaje: «Para reservarte' });
    await messageCase.getByText('Mariana Sosa').waitFor();
    await messageCase.getByText('Pedido de dinero o estafa').waitFor();
    await adminPage
      .locator('.moderation-item', { hasText: 'Perfil: Lucía Benítez' })
      .getByText('Perfil falso')
      .waitFor();
    await adminPage.getByRole('link', { name: 'Referencias denunciadas' }).waitFor();
    await expectNoSideScroll(adminPage);
    await screenshot(adminPage, 'phone-admin-reports');

    // The message among its conversation, the reported one marked.
    await messageCase.getByRole('link').click();
    await adminPage.waitForURL(/\/admin\/denuncias\/message\/\d+$/);
    await adminPage.getByRole('heading', { name: 'Mensaje de Mariana Sosa', level: 1 }).waitFor();
    const context = adminPage.getByRole('list', { name: 'Mensajes de la conversación' });
    await context.getByText('Hola Lucía, ¿podés el lunes?').waitFor();
    await context.getByText('Sí, ahí estoy.').waitFor();
    expect(await adminPage.locator('.moderation-context__reported').textContent()).toContain(MONEY);
    await adminPage.getByText('Me pide plata antes de empezar.').waitFor();
    await expectNoSideScroll(adminPage);
    await screenshot(adminPage, 'phone-admin-report-message');

    // Suspending asks the reason (sent to the person) and says what it does.
    await adminPage.getByRole('button', { name: 'Suspender cuenta' }).click();
    const suspend = adminPage.getByRole('dialog', { name: 'Suspender la cuenta de Mariana Sosa' });
    await suspend.getByRole('button', { name: 'Suspender cuenta' }).click();
    await suspend.getByRole('alert').getByText(MODERATION_MESSAGES.actionReason).waitFor();
    await suspend.getByLabel('Motivo').fill('Pidió dinero por adelantado a una trabajadora.');
    await screenshot(adminPage, 'phone-admin-suspend', { fullPage: false });
    await suspend.getByRole('button', { name: 'Suspender cuenta' }).click();
    await suspend.waitFor({ state: 'hidden' });
    await adminPage.getByRole('status').getByText('Listo: Cuenta suspendida.').waitFor();
    await adminPage.getByText('Motivo de la suspensión: Pidió dinero por adelantado a una trabajadora.').waitFor();
    await adminPage.getByText(MODERATION_MESSAGES.nothingOpen).waitFor();
    await screenshot(adminPage, 'phone-admin-suspended');

    // The suspended person cannot log in, and is told why.
    const loginPage = await browser.newPage(VIEWPORTS.phone);
    await loginPage.goto(t.baseUrl + '/');
    await waitForShell(loginPage);
    await submitLogin(loginPage, employer.email, 'clave1234');
    await loginPage.getByRole('dialog', { name: 'Ingresar' }).getByText(MODERATION_MESSAGES.suspendedLogin).waitFor();
    expect(await loginPage.getByRole('button', { name: 'Reenviar el correo de verificación' }).count()).toBe(0);
    await screenshot(loginPage, 'phone-login-suspended', { fullPage: false });

    // The team undoes it (asked first): the account logs in again, the reports reopen.
    await adminPage.getByRole('button', { name: 'Deshacer «Cuenta suspendida»' }).click();
    const undo = adminPage.getByRole('dialog', { name: 'Deshacer la decisión' });
    await undo.getByRole('button', { name: 'Deshacer', exact: true }).click();
    await undo.waitFor({ state: 'hidden' });
    await adminPage.getByRole('status').getByText('Deshicimos «Cuenta suspendida».').waitFor();
    await adminPage.locator('.moderation-history').getByText('Deshecha', { exact: true }).waitFor();
    await adminPage.getByRole('button', { name: 'Desestimar' }).waitFor();
    await expect(sessionThroughApi(t, employer.email)).resolves.toHaveProperty('access');

    // 'Resueltas' lists the decision, undone.
    await adminPage.getByRole('link', { name: '← Denuncias' }).click();
    await adminPage.getByRole('tab', { name: 'Abiertas' }).focus();
    await adminPage.keyboard.press('ArrowRight');
    expect(await adminPage.getByRole('tab', { name: 'Resueltas' }).getAttribute('aria-selected')).toBe('true');
    const decision = adminPage.locator('.moderation-item', { hasText: 'Cuenta suspendida' });
    await decision.getByText('Deshecha', { exact: true }).waitFor();
    await decision.getByText('Motivo: Pidió dinero por adelantado a una trabajadora.').waitFor();
    await screenshot(adminPage, 'phone-admin-decisions');

    // The warning words: one added, then taken away.
    const words = adminPage.getByRole('region', { name: 'Palabras de alerta' });
    await words.getByRole('button', { name: 'Quitar «transferencia»' }).waitFor();
    await words.getByLabel('Palabra').fill('giro postal');
    await words.getByRole('button', { name: 'Agregar' }).click();
    await words.getByRole('button', { name: 'Quitar «giro postal»' }).click();
    await words.getByRole('button', { name: 'Quitar «giro postal»' }).waitFor({ state: 'detached' });
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM safety_words WHERE word = $1`, [
      'giro postal',
    ]);
    expect(count).toBe(0);

    // At 1280 px: the case page and the chat's message menu beside its bubble.
    const desktop = await browser.signedInPage(t.baseUrl, admin.email, '/admin/denuncias', VIEWPORTS.desktop);
    await desktop.getByRole('heading', { name: 'Denuncias', level: 1 }).waitFor();
    await desktop.locator('.moderation-item', { hasText: 'Mensaje:' }).getByRole('link').click();
    await desktop.getByRole('list', { name: 'Mensajes de la conversación' }).waitFor();
    await screenshot(desktop, 'desktop-admin-report-message');
    const workerDesktop = await browser.signedInPage(
      t.baseUrl,
      worker.email,
      `/conversations/chat/${conversation.id}`,
      VIEWPORTS.desktop,
    );
    const bubble = workerDesktop.locator('.chat__messages > li', { hasText: MONEY });
    await bubble.getByRole('note').waitFor();
    const [bubbleBox, menuBox] = await Promise.all([
      bubble.locator('.chat__bubble').boundingBox(),
      bubble.getByRole('button', { name: 'Opciones del mensaje' }).boundingBox(),
    ]);
    // Beside the bubble, not over it.
    expect(menuBox!.x).toBeGreaterThanOrEqual(bubbleBox!.x + bubbleBox!.width);
    await screenshot(workerDesktop, 'desktop-chat-money-warning', { fullPage: false });
    browser.expectNoPageErrors();
  });
});
