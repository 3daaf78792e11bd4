import { addDays, argentinaToday, cuilValid, HIRE_MESSAGES, LABOR_DISCLAIMER, SCHEDULE_MESSAGES } from '@cym/common';
import { createAccount } from '../support/accounts';
import { catalogIds, insertMembership } from '../support/employer';
import { http } from '../support/http';
import { expectNoSideScroll, screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { shownDay, validCuil } from '../support/hires';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/** An amount as a person types it in Argentina: 3046,07. */
const typed = (amount: number) => amount.toFixed(2).replace('.', ',');

const shown = shownDay;

/**
 * A hire from the chat to the registration, on phones: the employer proposes in the conversation
 * (the form's and the server's problems beside their fields), the worker accepts from the card,
 * both find the relationship at /contrataciones, the worker gives her CUIL, the employer his data
 * and the day of the registration in ARCA.
 */
describe('hires in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  it('takes a proposal from the chat to the registration in ARCA, by keyboard on a phone', async () => {
    const ids = await catalogIds(t);
    const rules = (await http(t).get('/api/wages/current').expect(200)).body;
    const cleaningId: number = rules.services.find((s: { category: number | null }) => s.category === 5).service_id;
    const hourly: number = rules.scale.rates.find(
      (r: { category: number; arrangement: string }) => r.category === 5 && r.arrangement === 'con_retiro',
    ).hourly;
    const services: { id: number; title_display: string }[] = (await http(t).get('/api/services/get-choices/')).body;
    const cleaning = services.find((s) => s.id === cleaningId)!.title_display;

    const worker = await createAccount(t, 'Worker');
    const employer = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = 'Lucía', last_name = 'Gómez' WHERE id = $1`, [
      worker.userId,
    ]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Mariana', last_name = 'Pérez' WHERE id = $1`, [
      employer.userId,
    ]);
    await insertMembership(t, employer.profileId!);
    const [conversation] = await t.dataSource.query(
      `INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
      [worker.profileId, employer.profileId, `w${worker.profileId}-p${employer.profileId}`],
    );
    await t.dataSource.query(
      `INSERT INTO messages (conversation_id, sender_id, content) VALUES ($1, $2, 'Hola Lucía, ¿podés de lunes a viernes a la mañana?'),
              ($1, $3, 'Sí, de 8 a 12.')`,
      [conversation.id, employer.userId, worker.userId],
    );
    const chatPath = `/conversations/chat/${conversation.id}`;
    const today = argentinaToday(new Date());
    const start = addDays(today, 7);

    // The employer opens the form from the conversation.
    const boss = await browser.signedInPage(t.baseUrl, employer.email, chatPath, VIEWPORTS.phone);
    await boss.getByRole('heading', { name: 'Lucía' }).waitFor();
    const propose = boss.getByRole('button', { name: 'Proponer contratación' });
    await propose.waitFor();
    await screenshot(boss, 'phone-chat-propose-button', { fullPage: false });
    // On a desktop the form is a panel at the side.
    await boss.setViewportSize(VIEWPORTS.desktop);
    await propose.click();
    const form = boss.getByRole('dialog', { name: 'Proponer contratación' });
    await form.getByLabel('Fecha de inicio').waitFor();
    const panel = (await form.boundingBox())!;
    expect(panel.x + panel.width).toBeCloseTo(VIEWPORTS.desktop.width, 0);
    expect(panel.width).toBeLessThan(VIEWPORTS.desktop.width / 2);
    await screenshot(boss, 'desktop-hire-form', { fullPage: false });
    // Escape closes it, back on the button that opened it.
    await boss.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(await propose.evaluate((button) => button === document.activeElement)).toBe(true);
    await boss.setViewportSize(VIEWPORTS.phone);
    await propose.click();
    await form.getByText(cleaning).waitFor();
    // The services outside the regime (no legal category) are not offered.
    const outside = rules.services.find((s: { category: number | null }) => s.category === null);
    if (outside)
      expect(await form.getByText(services.find((s) => s.id === outside.service_id)!.title_display).count()).toBe(0);
    await screenshot(boss, 'phone-hire-form', { fullPage: false });

    // Sent empty: every problem beside its field, the first field focused.
    await form.getByRole('button', { name: 'Enviar propuesta' }).click();
    await form.getByText(HIRE_MESSAGES.startInvalid).waitFor();
    for (const message of [
      HIRE_MESSAGES.servicesInvalid,
      HIRE_MESSAGES.arrangementInvalid,
      SCHEDULE_MESSAGES.empty,
      HIRE_MESSAGES.payBasisInvalid,
      HIRE_MESSAGES.payInvalid,
      HIRE_MESSAGES.municipalityInvalid,
    ])
      await form.getByText(message).waitFor();
    const startField = form.getByLabel('Fecha de inicio');
    expect(await startField.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await startField.getAttribute('aria-invalid')).toBe('true');
    await screenshot(boss, 'phone-hire-form-errors', { fullPage: false });

    // By keyboard: the date, a service, the modality, Monday to Friday 08:00 to 12:00, per hour.
    await startField.fill(start);
    await form.getByText(HIRE_MESSAGES.startInvalid).waitFor({ state: 'detached' });
    await form.getByRole('checkbox', { name: cleaning }).press('Space');
    await form.getByRole('radio', { name: 'Con retiro' }).press('Space');
    await form.getByRole('checkbox', { name: 'Lunes' }).press('Space');
    await form.getByLabel('Lunes, de').fill('08:00');
    await form.getByLabel('Lunes, a').fill('12:00');
    for (const day of ['Martes', 'Miércoles', 'Jueves', 'Viernes'])
      await form.getByRole('checkbox', { name: day }).press('Space');
    // Each day ticked takes the times of the day before.
    expect(await form.getByLabel('Viernes, a').inputValue()).toBe('12:00');
    await form.getByText('20 h por semana').waitFor();
    await form.getByRole('radio', { name: 'Por hora' }).press('Space');
    // Below the minimum: the server says so beside the amount.
    await form.getByLabel('Monto en pesos').fill(typed(hourly - 1));
    await form.getByLabel('Provincia').selectOption(String(ids.province));
    await form.getByLabel('Partido / localidad').selectOption(String(ids.municipalities[0]));
    await form.getByRole('button', { name: 'Enviar propuesta' }).press('Enter');
    const amount = form.getByLabel('Monto en pesos');
    await form.getByText(/El sueldo queda por debajo del mínimo legal para este horario/).waitFor();
    expect(await amount.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await screenshot(boss, 'phone-hire-form-minimum', { fullPage: false });
    await amount.fill(typed(hourly));
    await form.getByText(/El sueldo queda por debajo/).waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Enviar propuesta' }).press('Enter');
    await form.waitFor({ state: 'hidden' });

    // The card in the conversation: the terms, the minimum, 'Retirar propuesta'; no second proposal meanwhile.
    const bossCard = boss.locator('.hire-card').last();
    await bossCard.getByText('Esperando respuesta').waitFor();
    await bossCard.getByText('Lunes de 08:00 a 12:00').waitFor();
    await bossCard.getByText(/Mínimo legal:/).waitFor();
    await bossCard.getByText(`${LABOR_DISCLAIMER}.`).waitFor();
    await bossCard.getByRole('button', { name: 'Retirar propuesta' }).waitFor();
    expect(await boss.getByRole('button', { name: 'Proponer contratación' }).count()).toBe(0);
    await expectNoSideScroll(boss);
    await screenshot(boss, 'phone-hire-card-sent', { fullPage: false });

    // The worker accepts it from the card, after confirming.
    const lucia = await browser.signedInPage(t.baseUrl, worker.email, chatPath, VIEWPORTS.phone);
    const card = lucia.locator('.hire-card').last();
    await card.getByText('Mariana Pérez le propone a Lucía Gómez trabajar con estas condiciones:').waitFor();
    await card.getByText(shown(start)).waitFor();
    expect(await lucia.getByRole('button', { name: 'Proponer contratación' }).count()).toBe(0);
    await screenshot(lucia, 'phone-hire-card-received', { fullPage: false });
    await card.getByRole('button', { name: 'Aceptar' }).click();
    const confirm = lucia.getByRole('dialog', { name: '¿Aceptar la propuesta?' });
    await confirm.getByText(`Empezás a trabajar con Mariana Pérez el ${shown(start)}`, { exact: false }).waitFor();
    await screenshot(lucia, 'phone-hire-accept-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Sí, aceptar' }).click();
    await card.getByText('Aceptada').waitFor();
    // The older card (the proposal's own message) shows the answer too, on both sides, live.
    await lucia.locator('.hire-card').first().getByText('Aceptada').waitFor();
    await boss.locator('.hire-card').first().getByText('Aceptada').waitFor();
    await boss.locator('.chat__bubble', { hasText: 'Acepté la propuesta de contratación.' }).waitFor();
    // One relationship at a time: no new proposal while it lasts.
    expect(await boss.getByRole('button', { name: 'Proponer contratación' }).count()).toBe(0);
    await screenshot(lucia, 'phone-hire-card-accepted', { fullPage: false });

    // The relationship's page: the worker gives her CUIL (a wrong one first).
    await card.getByRole('link', { name: 'Ver la relación laboral' }).click();
    await lucia.waitForURL(/\/contrataciones\/\d+$/);
    const hirePath = new URL(lucia.url()).pathname;
    await lucia.getByRole('heading', { name: 'Relación laboral con Mariana Pérez' }).waitFor();
    await lucia.getByText(`Período de prueba hasta el`).first().waitFor();
    const cuilField = lucia.getByLabel('Tu CUIL');
    await cuilField.fill('27-12345678-1');
    if (!cuilValid('27-12345678-1')) {
      await cuilField.press('Enter');
      await lucia.getByText(HIRE_MESSAGES.cuilInvalid).waitFor();
      expect(await cuilField.getAttribute('aria-invalid')).toBe('true');
    }
    const cuil = validCuil('27', '30123456');
    await cuilField.fill(cuil);
    await cuilField.press('Enter');
    await lucia.getByText('Guardamos tu CUIL.').waitFor();
    await lucia.getByText('Tu empleador todavía no informó el alta en ARCA.', { exact: false }).waitFor();
    await expectNoSideScroll(lucia);
    await screenshot(lucia, 'phone-hire-page-worker');

    // Her list, reached from the menu.
    await lucia.getByRole('button', { name: 'Abrir menú' }).click();
    await lucia.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contrataciones' }).click();
    await lucia.getByRole('heading', { name: 'Contrataciones', level: 1 }).waitFor();
    const entry = lucia.locator('.hire-summary', { has: lucia.getByRole('heading', { name: 'Mariana Pérez' }) });
    await entry.getByText('En período de prueba').waitFor();
    await entry.getByText(shown(start)).waitFor();
    await screenshot(lucia, 'phone-hires-worker');

    // The employer: his list, the page, his data and the registration's day.
    await boss.goto(`${t.baseUrl}/contrataciones`);
    await boss.getByRole('link', { name: 'Ver detalle de la relación con Lucía Gómez' }).click();
    await boss.getByRole('heading', { name: 'Relación laboral con Lucía Gómez' }).waitFor();
    await boss.getByText(cuil).first().waitFor();
    await boss.getByRole('link', { name: 'ir al sitio de ARCA' }).waitFor();
    await boss.getByLabel('Tu CUIT o CUIL').fill(validCuil('20', '25123456'));
    await boss.getByLabel('Dirección donde se trabaja').fill('Av. Corrientes 1234, piso 3 B, CABA');
    await boss.getByRole('button', { name: 'Guardar mis datos' }).click();
    await boss.getByText('Guardamos tus datos.').waitFor();
    await boss.getByLabel('Fecha del alta').fill(today);
    await boss.getByRole('button', { name: 'Ya hice el alta' }).scrollIntoViewIfNeeded();
    await screenshot(boss, 'phone-hire-registration-form', { fullPage: false });
    await boss.getByRole('button', { name: 'Ya hice el alta' }).click();
    await boss.getByText(`Alta informada el ${shown(today)}.`).waitFor();
    await boss.getByText('El empleador informó el alta en ARCA.').waitFor();
    await expectNoSideScroll(boss);
    await screenshot(boss, 'phone-hire-page-employer');

    // She sees it; someone else gets the not-found page.
    await lucia.goto(t.baseUrl + hirePath);
    await lucia.getByText(`Alta informada el ${shown(today)}.`).waitFor();

    // A reference written after the hire says so on her profile, and still fits the phone.
    await http(t)
      .post('/api/references/')
      .set(employer.auth)
      .send({ subject_user_id: worker.userId, stars: 5, text: 'Trabajó con nosotros y fue muy responsable y puntual.' })
      .expect(201);
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    await boss.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await boss.getByText('Trabajó con Lucía').waitFor();
    await boss.getByText('1 con contratación').first().waitFor();
    await expectNoSideScroll(boss);

    // On a desktop: a third person's list is empty and says how a hire starts; the page is not theirs.
    const other = await createAccount(t, 'Parent');
    const desk = await browser.signedInPage(t.baseUrl, other.email, '/contrataciones', VIEWPORTS.desktop);
    await desk.getByText('proponé una contratación desde el chat con la trabajadora', { exact: false }).waitFor();
    // The employer's links, Contrataciones among them, stay in one row (the chat's height counts on it).
    expect((await desk.locator('.navbar').boundingBox())!.height).toBeLessThan(70);
    await screenshot(desk, 'desktop-hires-empty', { fullPage: false });
    await desk.goto(t.baseUrl + hirePath);
    await desk.getByRole('heading', { name: 'No hay resultados' }).waitFor();
    const bossDesk = await browser.signedInPage(t.baseUrl, employer.email, hirePath, VIEWPORTS.desktop);
    await bossDesk.getByText(`Alta informada el ${shown(today)}.`).waitFor();
    await screenshot(bossDesk, 'desktop-hire-page-employer');
    browser.expectNoPageErrors();
  });
});
