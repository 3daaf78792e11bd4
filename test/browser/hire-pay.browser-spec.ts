import { argentinaToday, formatPesosCents, HIRE_MESSAGES, LABOR_DISCLAIMER } from '@cym/common';
import type { Page } from 'playwright-core';
import { createAccount, type TestAccount } from '../support/accounts';
import { catalogIds, insertMembership } from '../support/employer';
import { http } from '../support/http';
import { expectNoSideScroll, saveResult, screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { hiredThroughApi, shownDay, validCuil } from '../support/hires';
import { useTestApp } from '../support/test-app';

jest.setTimeout(180_000);

const shown = shownDay;

/** An amount as the screens write it (never cut between '$' and its number). */
const money = (amount: number) => formatPesosCents(amount).replace('$ ', '$\u00a0');

/** The month `offset` months from `day`'s, as YYYY-MM. */
function monthFrom(day: string, offset: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + offset, 1)).toISOString().slice(0, 7);
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every button and link of the page's main part at least 44 px high (the phone's target). */
async function expectBigTargets(page: Page): Promise<void> {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main button, main a.button, main .hire-fold__toggle'))
      .filter((element) => element.offsetParent !== null && element.getBoundingClientRect().height < 44)
      .map((element) => element.textContent),
  );
  expect(small).toEqual([]);
}

/**
 * 'Descargar PDF': the answer is a PDF, and the file the browser saves is that PDF (kept in
 * test-results/screenshots/ to look at).
 */
async function downloadsPdf(page: Page, button: string, keepAs: string): Promise<void> {
  const [response, download] = await Promise.all([
    page.waitForResponse((r) => /\/pdf$/.test(new URL(r.url()).pathname)),
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  saveResult(keepAs, bytes);
}

/**
 * The money of a hire, on phones: the employer confirms last month's payslip with 2 overtime
 * hours and marks an ARCA month paid, the worker gives her 'Recibí conforme', both download the
 * PDF; then the employer dismisses her without notice and the final settlement shows.
 */
describe('the hire’s payslips, ARCA payments and end in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  it('confirms a payslip, marks an ARCA month paid, is acknowledged and ends with the settlement', async () => {
    const ids = await catalogIds(t);
    // A relationship made through the API, as the hire's suites make it, started three months ago
    // so there are months to pay (never before January 2026: the first scale's month).
    const worker: TestAccount = await createAccount(t, 'Worker');
    const employer: TestAccount = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = 'Lucía', last_name = 'Gómez' WHERE id = $1`, [
      worker.userId,
    ]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Mariana', last_name = 'Pérez' WHERE id = $1`, [
      employer.userId,
    ]);
    await insertMembership(t, employer.profileId!);
    const today = argentinaToday(new Date());
    const startMonth = [monthFrom(today, -3), '2026-01'].sort().pop()!;
    const id = await hiredThroughApi(t, worker, employer, ids.municipalities[0], `${startMonth}-01`);
    const cuil = validCuil('27', '30123456');
    const cuit = validCuil('20', '25123456');
    await http(t).put(`/api/hires/${id}/worker-cuil`).set(worker.auth).send({ cuil }).expect(200);
    await http(t)
      .put(`/api/hires/${id}/employer-data`)
      .set(employer.auth)
      .send({ cuit, work_address: 'Av. Corrientes 1234, piso 3 B, CABA' })
      .expect(200);

    const before = (await http(t).get(`/api/hires/${id}/pay`).set(employer.auth).expect(200)).body;
    const lastMonth = before.payslips.find((p: { period: string }) => p.period === monthFrom(today, -1));
    const oldest = before.contributions.at(-1);
    const hirePath = `/contrataciones/${id}`;

    // The employer's page: the months wait for him, the oldest ARCA month is overdue.
    const boss = await browser.signedInPage(t.baseUrl, employer.email, hirePath, VIEWPORTS.phone);
    await boss.getByRole('heading', { name: 'Relación laboral con Lucía Gómez' }).waitFor();
    const payslips = boss.getByRole('button', { name: /^Recibos de sueldo/ });
    await payslips.waitFor();
    expect(await payslips.getAttribute('aria-expanded')).toBe('false');
    expect(await payslips.textContent()).toMatch(/\d para confirmar/);
    await payslips.click();
    const lastLink = boss.getByRole('link', { name: new RegExp(`^${capitalized(lastMonth.period_label)}`) });
    await lastLink.getByText('Falta confirmarlo').waitFor();
    await expectNoSideScroll(boss);
    await expectBigTargets(boss);
    await screenshot(boss, 'phone-pay-employer-payslips');

    // Last month's payslip: the parties, the hours, each line with its formula.
    await lastLink.click();
    await boss.getByRole('heading', { name: `Recibo de sueldo — ${lastMonth.period_label}`, level: 1 }).waitFor();
    await boss.getByText(cuil).waitFor();
    await boss.getByText(cuit).waitFor();
    await boss.getByText(`${LABOR_DISCLAIMER}.`).waitFor();
    await boss.getByText(/^Escala vigente desde el/).waitFor();
    await screenshot(boss, 'phone-payslip-draft');

    // 2 overtime hours on common days, saved as a draft: the payslip adds them.
    await boss.getByLabel('Horas extra en días comunes').fill('2');
    await boss.getByRole('button', { name: 'Guardar borrador' }).click();
    await boss.getByText('Guardamos el borrador', { exact: false }).waitFor();
    const draft = (await http(t).get(`/api/hires/${id}/payslips/${lastMonth.period}`).set(employer.auth).expect(200))
      .body;
    const overtime = draft.lines.find((l: { key: string }) => l.key === 'overtime_ordinary');
    expect(draft.gross).toBeGreaterThan(lastMonth.gross);
    await boss.locator('.hire-line', { hasText: overtime.label }).getByText(money(overtime.amount)).waitFor();
    await boss.getByText(money(draft.net)).first().waitFor();
    await expectNoSideScroll(boss);
    await screenshot(boss, 'phone-payslip-overtime-saved');

    // Confirmed with the payment date, after the dialog's warning.
    const paidOn = boss.getByLabel('Fecha de pago');
    expect(await paidOn.inputValue()).toBe(today);
    const payday = [`${monthFrom(today, 0)}-01`, `${startMonth}-01`].sort().pop()!;
    await paidOn.fill(payday);
    await boss.getByRole('button', { name: 'Confirmar recibo' }).click();
    const confirm = boss.getByRole('dialog', { name: '¿Confirmar el recibo?' });
    await confirm.getByText('Después de confirmarlo no se puede cambiar.').waitFor();
    await confirm.getByText(`pagado el ${shown(payday)}`, { exact: false }).waitFor();
    await screenshot(boss, 'phone-payslip-confirm-dialog', { fullPage: false });
    await confirm.getByRole('button', { name: 'Sí, confirmar' }).click();
    await boss.getByText('Confirmado: falta la conformidad').waitFor();
    await boss.getByText(`Pagado el ${shown(payday)}.`).waitFor();
    await boss.getByText('Falta la conformidad de Lucía Gómez.').waitFor();
    expect(await boss.getByLabel('Horas extra en días comunes').count()).toBe(0);
    await screenshot(boss, 'phone-payslip-confirmed');
    await downloadsPdf(boss, 'Descargar PDF del recibo de ' + lastMonth.period_label, 'hire-pay-payslip.pdf');

    // Back on the relationship: the oldest ARCA month, overdue, marked paid today.
    await boss.getByRole('link', { name: '← Relación laboral con Lucía Gómez' }).click();
    const arca = boss.getByRole('button', { name: /^Aportes a ARCA/ });
    await arca.click();
    const oldestRow = boss.locator('.hire-month--late', { hasText: capitalized(oldest.period_label) });
    await oldestRow.getByText(`Venció el ${shown(oldest.due_date)}`, { exact: false }).waitFor();
    await oldestRow.getByText(`${oldest.bracket}: aporte ${money(oldest.aporte)}`, { exact: false }).waitFor();
    await screenshot(boss, 'phone-pay-arca-employer');
    expect(await oldestRow.getByLabel(`Fecha de pago de ${oldest.period_label}`).inputValue()).toBe(today);
    await oldestRow.getByRole('button', { name: `Marcar como pagado ${oldest.period_label}` }).click();
    const paidRow = boss.locator('.hire-month', { hasText: capitalized(oldest.period_label) });
    await paidRow.getByText(`Pagado el ${shown(today)}.`).waitFor();
    await expectNoSideScroll(boss);
    await screenshot(boss, 'phone-pay-arca-marked');

    // The worker: the payslip waits for her, the ARCA month shows paid, the others not.
    const lucia = await browser.signedInPage(t.baseUrl, worker.email, hirePath, VIEWPORTS.phone);
    const herPayslips = lucia.getByRole('button', { name: /^Recibos de sueldo/ });
    await herPayslips.waitFor();
    expect(await herPayslips.textContent()).toContain('1 espera tu conformidad');
    await lucia.getByRole('button', { name: /^Aportes a ARCA/ }).click();
    await lucia.getByText(`Tus aportes de ${oldest.period_label} están pagos`, { exact: false }).waitFor();
    await lucia.getByText('Todavía no figura el pago', { exact: false }).first().waitFor();
    await herPayslips.click();
    await lucia.getByText('Falta tu «Recibí conforme»').waitFor();
    await expectNoSideScroll(lucia);
    await screenshot(lucia, 'phone-pay-worker');
    await lucia.getByRole('link', { name: new RegExp(`^${capitalized(lastMonth.period_label)}`) }).click();
    await lucia.getByRole('heading', { name: `Recibo de sueldo — ${lastMonth.period_label}`, level: 1 }).waitFor();
    await screenshot(lucia, 'phone-payslip-worker-before');
    await lucia.getByRole('button', { name: 'Recibí conforme' }).click();
    await lucia.getByText('Recibí conforme: diste la conformidad el', { exact: false }).waitFor();
    expect(await lucia.getByRole('button', { name: 'Recibí conforme' }).count()).toBe(0);
    await expectNoSideScroll(lucia);
    await screenshot(lucia, 'phone-payslip-acknowledged');
    await downloadsPdf(lucia, 'Descargar PDF del recibo de ' + lastMonth.period_label, 'hire-pay-payslip-worker.pdf');

    // The employer ends it: a dismissal without notice. Sent empty first: each problem at its field.
    await boss.goto(t.baseUrl + hirePath);
    await boss.getByRole('button', { name: 'Finalizar relación', exact: true }).click();
    const endButton = boss.getByRole('button', { name: 'Finalizar la relación', exact: true });
    await endButton.click();
    await boss.getByText(HIRE_MESSAGES.causeInvalid).waitFor();
    await boss.getByText(HIRE_MESSAGES.endDateInvalid).waitFor();
    const dismissal = boss.getByRole('radio', { name: 'Despido sin causa' });
    expect(await dismissal.evaluate((radio) => radio === document.activeElement)).toBe(true);
    await screenshot(boss, 'phone-end-errors');
    await dismissal.check();
    await boss.getByLabel('Último día trabajado').fill(today);
    expect(await boss.getByRole('checkbox', { name: 'Di el preaviso en término' }).isChecked()).toBe(false);
    expect(await boss.getByLabel('Días de vacaciones ya tomados este año').inputValue()).toBe('0');
    await screenshot(boss, 'phone-end-form');
    await endButton.click();
    const ask = boss.getByRole('dialog', { name: '¿Finalizar la relación laboral?' });
    await ask.getByText('No se puede deshacer.').waitFor();
    await screenshot(boss, 'phone-end-dialog', { fullPage: false });
    await ask.getByRole('button', { name: 'Sí, finalizar' }).click();

    // The settlement: every line with its formula and amount, the total, the sources, the PDF.
    const settled = boss.getByRole('region', { name: /^Liquidación final/ });
    await settled.getByText('Total a pagar').waitFor();
    // Focus lands on the settlement, which took the form's place.
    expect(await boss.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Liquidación final/);
    const { settlement } = (await http(t).get(`/api/hires/${id}/pay`).set(employer.auth).expect(200)).body;
    expect(settlement.lines.map((l: { key: string }) => l.key)).toEqual(
      expect.arrayContaining(['notice', 'severance']),
    );
    for (const line of settlement.lines as { label: string; amount: number }[])
      await settled.locator('.hire-line', { hasText: line.label }).getByText(money(line.amount)).first().waitFor();
    await settled.locator('.hire-totals').getByText(money(settlement.total)).waitFor();
    await settled.getByText(`${LABOR_DISCLAIMER}.`).waitFor();
    expect(await boss.getByRole('button', { name: 'Finalizar relación', exact: true }).count()).toBe(0);
    await boss.getByText('Finalizada').first().waitFor();
    // The history says each step in words.
    const history = boss.getByRole('region', { name: 'Historial' });
    await history.getByText(`El empleador confirmó el recibo de ${lastMonth.period_label}.`).waitFor();
    await history
      .getByText(`La trabajadora dio su conformidad al recibo de ${lastMonth.period_label}`, { exact: false })
      .waitFor();
    await history
      .getByText(`aportes a ARCA de ${oldest.period_label} (pagados el ${shown(today)})`, { exact: false })
      .waitFor();
    await history
      .getByText(`Fin de la relación laboral: Despido sin causa, último día trabajado el ${shown(today)}.`)
      .waitFor();
    expect(await history.getByText(/_/).count()).toBe(0);
    await expectNoSideScroll(boss);
    await expectBigTargets(boss);
    await screenshot(boss, 'phone-settlement');
    await downloadsPdf(boss, 'Descargar PDF de la liquidación final', 'hire-pay-settlement.pdf');

    // On a desktop, the same page: the settlement open, its amounts at the right of their lines.
    const desk = await browser.signedInPage(t.baseUrl, employer.email, hirePath, VIEWPORTS.desktop);
    const deskSettled = desk.getByRole('region', { name: /^Liquidación final/ });
    await deskSettled.getByText('Total a pagar').waitFor();
    const total = (await deskSettled.locator('.hire-totals__row--main dd').boundingBox())!;
    const card = (await deskSettled.boundingBox())!;
    expect(total.x + total.width).toBeGreaterThan(card.x + card.width - 40);
    await screenshot(desk, 'desktop-settlement');
    browser.expectNoPageErrors();
  });
});
