import { argentinaToday, formatIsoDate } from '@cym/common';
import { createAccount, type TestAccount } from '../support/accounts';
import { openMenuIfNeeded, screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { useTestApp } from '../support/test-app';

jest.setTimeout(180_000);

/**
 * The regime's parameters in Chromium at 390 × 844: an admin reads the trial period's two dated
 * values, schedules a new vacation divisor and a new table of contributions (a missing cell is
 * refused first, beside its row).
 */
describe('labor parameters in Chromium', () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true });
  const t = useTestApp({}, { listen: true });
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await createAccount(t, 'admin');
  });

  it('lets an admin read each parameter and schedule new values on a phone', async () => {
    const ahead = argentinaToday(new Date(Date.now() + 30 * 86_400_000));
    const page = await browser.signedInPage(t.baseUrl, admin.email, '/', VIEWPORTS.phone);
    // From the back office's menu to the wages, and from there to the other figures of the regime.
    await openMenuIfNeeded(page);
    await page.getByRole('link', { name: 'Salarios' }).first().click();
    await page.getByRole('link', { name: 'Parámetros laborales' }).first().click();
    await page.getByRole('heading', { name: 'Parámetros laborales', level: 1 }).waitFor();
    const section = (label: string) =>
      page.locator('section', { has: page.getByRole('heading', { name: label, exact: true, level: 2 }) });

    // The trial period: the 2026 reform in force (unconfirmed), the original text in the history.
    const trial = section('Período de prueba');
    const current = trial.locator('.params-version--vigente');
    await current.getByText('Desde 06/03/2026', { exact: true }).waitFor();
    await current.getByText('Sin confirmar', { exact: true }).waitFor();
    await current.getByRole('columnheader', { name: 'Modalidad' }).waitFor();
    await current
      .getByRole('row', { name: /Sin retiro \(cama adentro\)/ })
      .getByText('6', { exact: true })
      .waitFor();
    await trial.getByText('Valores anteriores (1)').click();
    const previous = trial.locator('.params-history');
    await previous.getByText('Desde 12/04/2013', { exact: true }).waitFor();
    await previous
      .getByRole('row', { name: /Con retiro/ })
      .getByText('De trabajo')
      .waitFor();
    await trial.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-labor-parameters-trial', { fullPage: false });

    // A new vacation divisor from 30 days ahead: 'Próximo', beside the one in force.
    const divisor = section('Divisor del día de vacaciones');
    await divisor.getByRole('button', { name: /Cargar un valor nuevo/ }).click();
    const divisorForm = divisor.locator('form');
    await divisorForm.getByLabel('Vigente desde').fill(ahead);
    await divisorForm.getByLabel('Valor (días)').fill('25');
    await divisorForm.getByLabel('Fuente').fill('Criterio del plus vacacional (prueba)');
    await divisorForm.getByLabel('Dato sin confirmar').check();
    await screenshot(page, 'phone-labor-parameters-divisor-form', { fullPage: false });
    await divisorForm.getByRole('button', { name: 'Guardar valor' }).click();
    await divisor.getByText(`Valor guardado: próximo desde ${formatIsoDate(ahead)}.`).waitFor();
    const next = divisor.locator('.params-version--proxima');
    await next.getByText('Próximo', { exact: true }).waitFor();
    await next.getByText(`Desde ${formatIsoDate(ahead)}`, { exact: true }).waitFor();
    await next.getByText('25 días').waitFor();
    await divisor.locator('.params-version--vigente').getByText('30 días').waitFor();
    await screenshot(page, 'phone-labor-parameters-divisor-saved', { fullPage: false });

    // The same date again: the server's refusal shows beside 'Vigente desde'.
    await divisor.getByRole('button', { name: /Cargar un valor nuevo/ }).click();
    await divisorForm.getByLabel('Vigente desde').fill(ahead);
    await divisorForm.getByLabel('Valor (días)').fill('26');
    await divisorForm.getByLabel('Fuente').fill('Otra fuente (prueba)');
    await divisorForm.getByRole('button', { name: 'Guardar valor' }).click();
    await divisorForm.getByText('Ese parámetro ya tiene un valor con esa fecha de vigencia.').waitFor();
    await divisorForm.getByRole('button', { name: 'Cancelar' }).click();

    // Contribution brackets: the form starts with the rows in force; a fourth row lacks its ART.
    const brackets = section('Aportes y contribuciones mensuales (ARCA)');
    await brackets.getByRole('button', { name: /Cargar un valor nuevo/ }).click();
    const bracketsForm = brackets.locator('form');
    await bracketsForm.getByRole('group', { name: 'Fila 3' }).waitFor();
    await bracketsForm.getByRole('button', { name: 'Agregar fila' }).click();
    const row = bracketsForm.getByRole('group', { name: 'Fila 4' });
    await row.getByLabel('Desde (horas semanales)').fill('24');
    await row.getByLabel('Aporte (obra social)').fill('25.000,00');
    await row.getByLabel('Contribución (SIPA)').fill('2.000,50');
    await bracketsForm.getByLabel('Vigente desde').fill(ahead);
    await bracketsForm.getByLabel('Fuente').fill('ARCA, montos de prueba para el próximo período');
    await bracketsForm.getByRole('button', { name: 'Guardar valor' }).click();
    await bracketsForm.getByText('Fila 4: completá «ART».').waitFor();
    expect(await row.getByLabel('ART', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-labor-parameters-brackets-error', { fullPage: false });
    await row.getByLabel('ART', { exact: true }).fill('14.000');
    await bracketsForm.getByRole('button', { name: 'Guardar valor' }).click();
    await brackets.getByText(`Valor guardado: próximo desde ${formatIsoDate(ahead)}.`).waitFor();
    const scheduled = brackets.locator('.params-version--proxima');
    await scheduled.getByRole('row', { name: /24/ }).getByText('$ 14.000,00').waitFor();
    await scheduled.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-labor-parameters-brackets-saved', { fullPage: false });

    const [saved] = (await t.dataSource.query(
      `SELECT value, unconfirmed FROM labor_parameters WHERE key = 'contribution_brackets' AND effective_from = $1`,
      [ahead],
    )) as { value: unknown; unconfirmed: boolean }[];
    const value = typeof saved!.value === 'string' ? JSON.parse(saved!.value) : saved!.value;
    expect(value).toEqual([
      { from_hours: 0, aporte: 1784.27, contribucion: 624.67, art: 6332.84 },
      { from_hours: 12, aporte: 3306.32, contribucion: 1249.06, art: 9171.7 },
      { from_hours: 16, aporte: 21990.11, contribucion: 1821.88, art: 13283.96 },
      { from_hours: 24, aporte: 25000, contribucion: 2000.5, art: 14000 },
    ]);
    expect(saved!.unconfirmed).toBe(false);

    // Nothing sticks out sideways: the tables scroll inside their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-labor-parameters');
  });
});
