import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ageFromBirthDate, PROFILE_MESSAGES } from '@cym/common';
import { createAccount } from '../support/accounts';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';
import { PublicPagesService } from '../../server/src/modules/public-pages/public-pages.service';
import { PublicProfileCache } from '../../server/src/modules/worker-profile/public-profile-cache';

jest.setTimeout(90_000);

describe('worker onboarding in Chromium', () => {
  const browser = useBrowser({ freshPages: true });
  const t = useTestApp({}, { listen: true });
  let page: Page;

  it("leaves an untouched step 1 with 'Guardar y salir' or 'Continuar', saving nothing", async () => {
    const worker = await createAccount(t, 'Worker');
    const phone = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    await phone.getByRole('link', { name: 'Completar perfil' }).click();
    await phone.getByText('Paso 1/9').waitFor();
    await phone.getByRole('button', { name: 'Continuar' }).click();
    await phone.getByText('Paso 2/9').waitFor();
    await phone.getByRole('button', { name: 'Volver atrás' }).click();
    await phone.getByText('Paso 1/9').waitFor();
    await phone.getByRole('button', { name: 'Guardar y salir' }).click();
    await phone.getByRole('link', { name: 'Completar perfil' }).waitFor();
    expect(await phone.locator('.field__error, [role="alert"]').count()).toBe(0);
    // Nothing was written: the profile is as the account left it.
    const info = await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).set(worker.auth).expect(200);
    expect(info.body.date_of_birth).toBeNull();
  });

  it('takes a new worker through the nine steps to a visible profile', async () => {
    const worker = await createAccount(t, 'Worker');
    page = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    await page.getByText('Tu perfil no está visible').waitFor();
    await page.getByRole('link', { name: 'Completar perfil' }).click();

    const step = async (n: number) => {
      await page.getByText(`Paso ${n}/9`).waitFor();
      // Each step starts with its title on the screen, wherever 'Continuar' left the page.
      await page.waitForFunction(
        () => {
          const title = document.getElementById('wizard-title')?.getBoundingClientRect();
          return !!title && title.top >= 0 && title.bottom <= window.innerHeight;
        },
        undefined,
        { timeout: 3000 },
      );
    };
    const next = () => page.getByRole('button', { name: 'Continuar' }).click();

    await step(1);
    // Something typed: step 1 now saves, so a missing date stops it.
    await page.getByLabel('Barrio').fill('San Telmo');
    await next();
    await page.getByText('La fecha es obligatoria.').waitFor();
    await page.getByLabel('Fecha de nacimiento').fill('1988-04-12');
    await page.getByLabel('Provincia').selectOption({ label: 'Ciudad Autónoma de Buenos Aires' });
    await page.getByLabel('Partido / localidad').selectOption({ label: 'Comuna 1' });
    await page.getByLabel('Barrio').fill('San Telmo');
    await page.getByText('Femenino').click();
    await page.getByLabel('Nacionalidad').fill('Paraguaya');
    await screenshot(page, 'phone-onboarding-step1', { fullPage: false });
    await next();

    await step(2);
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c07050' } })
      .jpeg()
      .toBuffer();
    // The photo's file input (the account's Verificación section has two more, for documents).
    await page
      .getByRole('button', { name: 'Subir foto' })
      .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Tu foto de perfil' }).waitFor();
    await next();

    await step(3);
    await next();
    await page.getByText(PROFILE_MESSAGES.servicesRequired).waitFor();
    await page.getByText('Niñera/o').click();
    await page.getByText('Empleada/o doméstica/o').click();
    await next();

    await step(4);
    await page.getByText('Cuidado de niños').click();
    await next();

    await step(5);
    await page.getByText('Con retiro (por horas)').click();
    await next();

    await step(6);
    await page.getByLabel('Presentación').fill('Hola');
    await next();
    await page.getByText('La presentación debe tener al menos 15 caracteres.').waitFor();
    await page.getByLabel('Presentación').fill('Soy niñera hace diez años, responsable y cariñosa.');
    await next();

    await step(7);
    await next();

    await step(8);
    await page.getByLabel('Puesto o trabajo').fill('Niñera en Palermo');
    await page.getByLabel('Descripción').fill('Cuidé a dos hermanos de 2 y 6 años durante cuatro años.');
    await next();

    await step(9);
    await page.getByLabel('Idioma nativo').selectOption({ label: 'Español' });
    await page.getByLabel('Agregar otro idioma').selectOption({ label: 'Guaraní' });
    await next();

    await page.waitForURL(`${t.baseUrl}/user-account`);
    await page.getByRole('heading', { name: /Sobre mí/ }).waitFor();
    expect(await page.getByText('Tu perfil no está visible').count()).toBe(0);
    // Education was skipped; availability and hour price are not in the wizard.
    expect(await page.getByText('Falta info').count()).toBe(3);
    await screenshot(page, 'phone-worker-account');

    // Two sections edited from the account page: hour price and availability.
    await page.getByRole('button', { name: 'Editar Valor por hora' }).click();
    const price = page.getByRole('dialog', { name: 'Editar: Valor por hora' });
    // Nothing to save yet: 'Guardar' stays reachable and says why.
    expect(await price.getByRole('button', { name: 'Guardar' }).getAttribute('aria-disabled')).toBe('true');
    await price.getByText('No hay cambios para guardar.').waitFor();
    await price.getByLabel('Valor por hora (pesos)').fill('100001');
    await price.getByRole('button', { name: 'Guardar' }).click();
    await price.getByText(PROFILE_MESSAGES.hourPriceMax).waitFor();
    await price.getByLabel('Valor por hora (pesos)').fill('6500');
    await price.getByRole('button', { name: 'Guardar' }).click();
    await price.waitFor({ state: 'hidden' });
    // The editor writes money and ages as the public page does (one es-AR formatter).
    // (The ones on screen: the print-only CV of this page holds both too.)
    await page.getByText('$ 6.500').filter({ visible: true }).waitFor();
    const age = `${ageFromBirthDate('1988-04-12')} años`;
    await page.getByText(age, { exact: true }).filter({ visible: true }).waitFor();

    await page.getByRole('button', { name: 'Editar Disponibilidad' }).click();
    const shifts = page.getByRole('dialog', { name: 'Editar: Disponibilidad' });
    await shifts.getByRole('button', { name: 'Lunes' }).click(); // the whole Monday row
    await shifts.getByRole('button', { name: 'Noche' }).click(); // the whole night column
    await shifts.getByRole('button', { name: 'Noche' }).click(); // and off again (all were on)
    await shifts.getByRole('button', { name: 'Guardar' }).click();
    await shifts.waitFor({ state: 'hidden' });
    await page.getByText('Lunes Mañana, Lunes Tarde').waitFor();
    expect(await page.getByText('Falta info').count()).toBe(1);

    const pub = await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).expect(200);
    expect(pub.body).toMatchObject({
      gender: 'female',
      nationality: 'Paraguaya',
      location: { neighborhood: 'San Telmo', municipality: { name: 'Comuna 1' } },
      user: { profile_visibility: true, profile_image: expect.stringMatching(/^\/api\/media\/profile-images\//) },
    });
    const shiftsSaved = await http(t).get(`/api/worker-profile/${worker.profileId}/shifts/get-all/`).expect(200);
    expect(shiftsSaved.body.map((x: { day: string; shift: string }) => `${x.day}:${x.shift}`)).toEqual([
      'lunes:mañana',
      'lunes:tarde',
    ]);
    expect((await http(t).get(`/api/worker-profile/${worker.profileId}/hour-price/get/`).expect(200)).body).toEqual({
      hour_price: '6500',
    });
    const languages = await http(t).get(`/api/worker-profile/${worker.profileId}/languages/get-all/`).expect(200);
    expect(
      languages.body.map((l: { language_name_display: string; native: boolean }) => [
        l.language_name_display,
        l.native,
      ]),
    ).toEqual([
      ['Español', true],
      ['Guaraní', false],
    ]);

    // The public profile, as an anonymous visitor sees it.
    const publicPage = await browser.newPage(VIEWPORTS.desktop);
    await publicPage.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await publicPage.getByRole('heading', { level: 1, name: /^Prueba/ }).waitFor();
    for (const text of [
      'paraguaya',
      'San Telmo',
      'Comuna 1',
      'Niñera/o',
      'Cuidado de niños',
      '$ 6.500',
      `${ageFromBirthDate('1988-04-12')} años`,
      'Español (nativo), Guaraní',
    ])
      await publicPage.getByText(text, { exact: false }).first().waitFor();
    // Nationality as an adjective agreeing with her, lower case.
    expect(await publicPage.locator('dt:text-is("Nacionalidad") + dd').textContent()).toBe('paraguaya');
    await publicPage.getByText('Soy niñera hace diez años', { exact: false }).waitFor();
    expect(await publicPage.getByText('Apellido').count()).toBe(0);
    // The uploaded photo, as the smaller WebP the pipeline stored beside the JPEG.
    const shown = publicPage.getByRole('img', { name: 'Foto de Prueba' });
    await shown.evaluate((img: HTMLImageElement) => img.decode());
    expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/api\/media\/profile-images\/[a-f0-9]{32}\.webp$/,
    );
    await screenshot(publicPage, 'desktop-public-worker-profile');
    await publicPage.getByRole('button', { name: 'Chatear' }).click();
    await publicPage.getByRole('dialog', { name: 'Crear cuenta' }).waitFor();

    // Hidden again: the not-found page instead of the data.
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = false WHERE id = $1`, [worker.profileId]);
    // Written behind the services' backs, so without the event that clears the kept public answer and page.
    t.app.get(PublicProfileCache).invalidate();
    t.app.get(PublicPagesService).forgetPages();
    await publicPage.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await publicPage.getByRole('heading', { level: 1, name: 'No hay resultados' }).waitFor();
    await browser.closePages();
    browser.expectNoPageErrors();
  });
});
