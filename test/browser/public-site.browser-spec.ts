import type { Page } from 'playwright-core';
import { CONTACT_MESSAGES } from '@cym/common';
import { screenshot, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { useTestApp } from '../support/test-app';

// Nine static pages screenshotted whole at two widths: minutes on a busy 2-core machine.
jest.setTimeout(240_000);

const STATIC_PAGES: { path: string; heading: RegExp; navLabel?: string }[] = [
  { path: '/', heading: /La persona de confianza/ },
  { path: '/how-it-works', heading: /./, navLabel: 'Cómo funciona' },
  { path: '/about-us', heading: /./, navLabel: 'Nosotros' },
  { path: '/corporate-solutions', heading: /./, navLabel: 'Empresas' },
  { path: '/academy', heading: /./, navLabel: 'Academia' },
  { path: '/terms', heading: /Términos y condiciones/ },
  { path: '/privacy-policy', heading: /Política de privacidad/ },
  { path: '/faqs', heading: /Preguntas frecuentes/ },
  { path: '/contact', heading: /Contacto/ },
];

describe('public site in Chromium', () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true });
  const t = useTestApp({}, { listen: true });
  let page: Page;

  beforeEach(async () => {
    page = await browser.newPage(VIEWPORTS.desktop);
  });

  it('renders the home page in Spanish with its hero buttons, features, services from the API and call to action', async () => {
    await page.goto(t.baseUrl + '/');
    expect(await page.getAttribute('html', 'lang')).toBe('es-AR');
    await waitForShell(page);
    await page.getByRole('link', { name: 'Quiero contratar personal' }).waitFor();
    expect(await page.getByRole('link', { name: 'Quiero contratar personal' }).getAttribute('href')).toBe('/workers');
    expect(await page.getByRole('link', { name: 'Estoy buscando trabajo' }).getAttribute('href')).toBe('/job-offers');
    await page.getByText('Niñera/o').waitFor();
    expect(await page.locator('.service-chip').count()).toBe(10);
    expect(await page.locator('.testimonial').count()).toBe(4);
    await page.getByRole('button', { name: 'Probalo hoy' }).click();
    await page.getByRole('dialog', { name: 'Crear cuenta' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // The WhatsApp button carries the configured number.
    const whatsapp = await page.getByRole('link', { name: 'Escribinos por WhatsApp' }).getAttribute('href');
    expect(whatsapp).toContain(`https://wa.me/${t.config.contact.whatsappNumber}`);
  });

  it('reaches every static page from the navbar or footer and screenshots it at 390 and 1280 px', async () => {
    for (const { path, heading, navLabel } of STATIC_PAGES) {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.goto(t.baseUrl + '/');
        await waitForShell(page);
        if (path !== '/') {
          if (navLabel) {
            if (name === 'phone') await page.getByRole('button', { name: 'Abrir menú' }).click();
            await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: navLabel }).click();
          } else {
            await page.locator(`footer a[href="${path}"]`).click();
          }
          await page.waitForURL(t.baseUrl + path);
        }
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await screenshot(page, `${name}${path === '/' ? '-home' : path.replace(/\//g, '-')}`);
      }
    }
  });

  it('numbers the 27 sections of the terms and opens one FAQ answer at a time', async () => {
    await page.goto(t.baseUrl + '/terms');
    await page.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
    expect(await page.locator('.legal__body .text-section').count()).toBe(27);

    await page.goto(t.baseUrl + '/faqs');
    await waitForShell(page);
    const triggers = page.locator('.accordion__trigger');
    expect(await triggers.count()).toBe(10);
    await triggers.nth(0).click();
    expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('true');
    await triggers.nth(3).click();
    expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await triggers.nth(3).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.accordion__panel:not([hidden])').count()).toBe(1);
  });

  it('shows the contact form messages, clears with Limpiar, then submits and stores the message', async () => {
    await page.goto(t.baseUrl + '/contact');
    await waitForShell(page);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText(CONTACT_MESSAGES.nameRequired).waitFor();
    await page.getByText(CONTACT_MESSAGES.emailRequired).waitFor();
    await page.getByText(CONTACT_MESSAGES.messageRequired).waitFor();

    await page.getByLabel('Nombre').fill('Un nombre demasiado largo para el form');
    await page.getByLabel('Correo electrónico').fill('no-es-correo');
    await page.getByLabel('Mensaje').fill('m'.repeat(701));
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText(CONTACT_MESSAGES.nameTooLong).waitFor();
    await page.getByText(CONTACT_MESSAGES.emailInvalid).waitFor();
    await page.getByText(CONTACT_MESSAGES.messageTooLong).waitFor();
    await screenshot(page, 'desktop-contact-errors');

    await page.getByRole('button', { name: 'Limpiar' }).click();
    expect(await page.getByLabel('Nombre').inputValue()).toBe('');
    expect(await page.getByText(CONTACT_MESSAGES.nameTooLong).count()).toBe(0);

    await page.getByLabel('Nombre').fill('Marta');
    await page.getByLabel('Correo electrónico').fill('Marta@Example.com');
    await page.getByLabel('Mensaje').fill('Busco una niñera para los martes y jueves.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText(CONTACT_MESSAGES.sent).waitFor();
    const rows = await t.dataSource.query('SELECT name, email FROM contact_messages');
    expect(rows).toEqual([{ name: 'Marta', email: 'marta@example.com' }]);
  });

  it('shows the no-results page for an unknown route and the maintenance page without navbar or footer', async () => {
    await page.goto(t.baseUrl + '/esta/ruta/no/existe');
    await page.getByRole('heading', { level: 1, name: 'No hay resultados' }).waitFor();
    await page.getByText('El contenido que estás buscando no existe.').waitFor();
    await screenshot(page, 'desktop-not-found');

    await page.goto(t.baseUrl + '/maintenance');
    await page.getByRole('heading', { level: 1, name: /Estamos renovando/ }).waitFor();
    expect(await page.locator('header.navbar').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
  });

  it('opens the login popup from the navbar, keeps focus inside and closes on Escape', async () => {
    await page.goto(t.baseUrl + '/');
    await waitForShell(page);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ingresar' });
    await dialog.waitFor();
    // Around the whole dialog and further, both ways: focus never leaves it.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers a reload after 15 minutes without activity, not before', async () => {
    await page.clock.install();
    await page.goto(t.baseUrl + '/faqs');
    await page.clock.fastForward(2000);
    await waitForShell(page);
    await page.clock.fastForward('14:00');
    expect(await page.getByRole('dialog', { name: '¡Hola de nuevo!' }).count()).toBe(0);
    await page.clock.fastForward('01:05');
    await page.getByRole('dialog', { name: '¡Hola de nuevo!' }).waitFor();
    await page.getByRole('button', { name: 'Recargar página' }).waitFor();
  });

  it('sends visitors who open the chat to the home page, with the login open', async () => {
    await page.goto(t.baseUrl + '/conversations');
    await page.waitForURL(`${t.baseUrl}/`);
    await page.getByRole('dialog', { name: 'Ingresar' }).waitFor();
    await page.getByRole('link', { name: 'Escribinos por WhatsApp' }).waitFor();
  });
});
