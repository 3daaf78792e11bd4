import { REFERENCE_MESSAGES } from '@cym/common';
import { createAccount, visibleWorker } from '../support/accounts';
import { insertMembership } from '../support/employer';
import { screenshot, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

const TEXT = 'Lucía cuidó a nuestros chicos tres meses: puntual, cariñosa y muy responsable.';

describe('references in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  it('lets an employer who chatted leave a 5-star reference on a phone, and the worker answer it', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent', 'clave1234');
    await t.dataSource.query(`UPDATE users SET first_name = 'Lucía' WHERE id = $1`, [worker.userId]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Mariana' WHERE id = $1`, [employer.userId]);
    const [conversation] = await t.dataSource.query(
      `INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
      [worker.profileId, employer.profileId, `w${worker.profileId}-p${employer.profileId}`],
    );
    await t.dataSource.query(
      `INSERT INTO messages (conversation_id, sender_id, content) VALUES ($1, $2, 'Hola Lucía, ¿podés el lunes?'),
              ($1, $3, 'Sí, ahí estoy.')`,
      [conversation.id, employer.userId, worker.userId],
    );

    // The employer (an active membership: the chat needs it), on the conversation screen.
    await insertMembership(t, employer.profileId!);
    const page = await browser.signedInPage(t.baseUrl, employer.email, '/user-account', VIEWPORTS.phone);
    await page.goto(`${t.baseUrl}/conversations/chat/${conversation.id}`);
    await page.getByRole('heading', { name: 'Lucía' }).waitFor();
    await page.getByRole('button', { name: 'Dejar una referencia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dejar una referencia' });
    await dialog.getByText('Tocá una estrella para elegir el puntaje.').waitFor();
    // Sending it empty shows both problems at once, each beside its field; each clears when fixed.
    await dialog.getByRole('button', { name: 'Publicar referencia' }).click();
    await dialog.getByText(REFERENCE_MESSAGES.stars).waitFor();
    await dialog.getByText(REFERENCE_MESSAGES.text).waitFor();
    expect(await dialog.getByRole('group').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Tu referencia').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'phone-reference-form-errors', { fullPage: false });
    await dialog.getByLabel('5 estrellas').check({ force: true });
    await dialog.getByText(REFERENCE_MESSAGES.stars).waitFor({ state: 'detached' });
    expect(await dialog.getByText(REFERENCE_MESSAGES.text).count()).toBe(1);
    await dialog.getByText('5 de 5: Excelente').waitFor();
    await dialog.getByLabel('Tu referencia').fill('Muy buena');
    await dialog.getByText('9 / 700 caracteres (mínimo 20)').waitFor();
    await dialog.getByLabel('Tu referencia').fill(TEXT);
    await dialog.getByText(`${TEXT.length} / 700 caracteres`).waitFor();
    expect(await dialog.getByText(REFERENCE_MESSAGES.text).count()).toBe(0);
    expect(await dialog.getByLabel('Tu referencia').getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'phone-reference-form', { fullPage: false });
    await dialog.getByRole('button', { name: 'Publicar referencia' }).click();
    await page.getByText(REFERENCE_MESSAGES.published).waitFor();
    // Within its 30 days the author may edit it.
    await page.getByRole('button', { name: 'Editar mi referencia' }).waitFor();
    await screenshot(page, 'phone-chat-reference-left', { fullPage: false });
    // An edit says 'Referencia actualizada.', not the first-time thanks.
    await page.getByRole('button', { name: 'Editar mi referencia' }).click();
    const editor = page.getByRole('dialog', { name: 'Editar mi referencia' });
    await editor.getByLabel('Tu referencia').fill(`${TEXT} `);
    await editor.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(REFERENCE_MESSAGES.updated).waitFor();
    expect(await page.getByText(REFERENCE_MESSAGES.published).count()).toBe(0);

    // On the worker's public profile: the average, the count and the reference.
    await page.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(page);
    const section = page.getByRole('region', { name: /Referencias/ });
    await section.getByText(TEXT).waitFor();
    await section.getByText('(1 referencia)').waitFor();
    expect(await page.locator('.profile-rating').textContent()).toContain('5,0');
    expect(await section.getByRole('img', { name: '5 de 5 estrellas' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'phone-profile-references');

    // On the worker's card in the directory.
    await page.goto(`${t.baseUrl}/workers`);
    await waitForShell(page);
    const card = page.locator('.worker-card', { has: page.getByRole('heading', { name: /^Lucía/ }) });
    expect(await card.locator('.rating').textContent()).toMatch(/5,0\s*\(1 referencia\)/);
    await screenshot(page, 'phone-card-rating', { fullPage: false });

    // The worker answers it, once, from her public profile.
    const workerPage = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    await workerPage.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(workerPage);
    await workerPage.getByLabel('Responder públicamente a Mariana').fill('¡Gracias, Mariana! Fue un gusto.');
    await workerPage.getByRole('button', { name: 'Responder', exact: true }).click();
    await workerPage.getByText('Respuesta de Lucía').waitFor();
    await workerPage.getByText('¡Gracias, Mariana! Fue un gusto.').waitFor();
    expect(await workerPage.getByLabel('Responder públicamente a Mariana').count()).toBe(0);
    await screenshot(workerPage, 'phone-profile-reference-reply');
    const desktop = await browser.newPage(VIEWPORTS.desktop);
    await desktop.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(desktop);
    await desktop.getByText('Respuesta de Lucía').waitFor();
    await screenshot(desktop, 'desktop-profile-references');
    const [row] = await t.dataSource.query(`SELECT stars, text, reply FROM "references" WHERE subject_user_id = $1`, [
      worker.userId,
    ]);
    expect(row).toEqual({ stars: 5, text: TEXT, reply: '¡Gracias, Mariana! Fue un gusto.' });

    // She reports it; an admin hides it from /admin/referencias, on a desktop.
    await workerPage.getByRole('button', { name: 'Denunciar' }).click();
    const report = workerPage.getByRole('dialog', { name: 'Denunciar la referencia' });
    await report.getByLabel('¿Por qué debería revisarla el equipo?').fill('Quiero que el equipo la revise, por favor.');
    await report.getByRole('button', { name: 'Enviar denuncia' }).click();
    await workerPage.getByText('Denuncia enviada. El equipo la va a revisar.').waitFor();
    const admin = await createAccount(t, 'admin', 'clave1234');
    const adminPage = await browser.signedInPage(t.baseUrl, admin.email, '/', VIEWPORTS.desktop);
    // The navbar's 'Denuncias' leads to the reported references too.
    await adminPage.getByRole('link', { name: 'Denuncias', exact: true }).click();
    await adminPage.getByRole('link', { name: 'Referencias denunciadas' }).click();
    await adminPage.waitForURL(`${t.baseUrl}/admin/referencias`);
    const item = adminPage.locator('.admin-reference').first();
    await item.getByText('1 denuncia').waitFor();
    await screenshot(adminPage, 'desktop-admin-references', { fullPage: false });
    await item.getByRole('button', { name: 'Ocultar' }).click();
    const hide = adminPage.getByRole('dialog', { name: 'Ocultar la referencia' });
    await hide.getByLabel(/Motivo/).fill('Revisado con las dos partes.');
    await hide.getByRole('button', { name: 'Ocultar' }).click();
    await item.getByText(/Oculta desde el .*: Revisado con las dos partes\./).waitFor();
    await item.getByRole('button', { name: 'Volver a mostrar' }).waitFor();
    const [hidden] = await t.dataSource.query(`SELECT hidden_reason FROM "references" WHERE subject_user_id = $1`, [
      worker.userId,
    ]);
    expect(hidden.hidden_reason).toBe('Revisado con las dos partes.');
  });
});
