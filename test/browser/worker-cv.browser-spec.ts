import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ageFromBirthDate, formatAge } from '@cym/common';
import { createAccount, type TestAccount } from '../support/accounts';
import { saveResult, screenshot, useBrowser, VIEWPORTS, type Viewport } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

const BIRTH = '1990-05-17';
const INTRO =
  'Soy niñera y empleada doméstica con doce años de experiencia en casas de familia. ' +
  'Me gusta cocinar, ordenar y acompañar a los chicos con las tareas de la escuela.';

/** Every card of the editor, in order, with the badge a worker without education shows. */
const CARDS: [string, 'Completado' | 'Falta info'][] = [
  ['Foto de perfil', 'Completado'],
  ['Lucía', 'Completado'],
  ['Datos personales', 'Completado'],
  ['Sobre mí', 'Completado'],
  ['Servicios', 'Completado'],
  ['Modalidad de trabajo', 'Completado'],
  ['Tareas', 'Completado'],
  ['Experiencia laboral', 'Completado'],
  ['Educación', 'Falta info'],
  ['Disponibilidad', 'Completado'],
  ['Valor por hora', 'Completado'],
  ['Idiomas', 'Completado'],
];

/** Pages of a PDF Chromium wrote: one '/Type /Page' object each ('/Pages' is the tree). */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

describe("the worker's editor badges and CV in Chromium", () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true });
  const t = useTestApp({}, { listen: true });
  let choices: {
    services: { id: number; title_display: string }[];
    tasks: { id: number; title_display: string }[];
    work_arrangements: { id: number; value_display: string }[];
    languages: { id: number; name_display: string }[];
  };

  beforeAll(async () => {
    choices = (await http(t).get('/api/workers/get-filter-choices/').expect(200)).body;
  });

  /** A worker filled through the API as the editor would; `full` fills every field to its limit. */
  async function worker(options: { full?: boolean; photo?: boolean; phone?: string | null } = {}) {
    const phone = options.phone === undefined ? '1155550000' : options.phone;
    const account = await createAccount(t, 'Worker', 'clave1234', phone);
    const base = `/api/worker-profile/${account.profileId}`;
    const put = (path: string, body: object) =>
      http(t)
        .put(base + path)
        .set(account.auth)
        .send(body)
        .expect(200);
    await http(t)
      .put(`/api/user/${account.userId}/update/`)
      .set(account.auth)
      .send({ first_name: 'Lucía', last_name: 'Benítez' })
      .expect(200);
    const info = await put('/info/update/', {
      date_of_birth: BIRTH,
      neighborhood: 'Palermo',
      gender: 'female',
      nationality: 'Paraguaya',
      province: 2,
      municipality: 2014,
    });
    const full = !!options.full;
    await put('/introduction/update/', { introduction: full ? `${INTRO} `.repeat(4).slice(0, 499).trim() : INTRO });
    await put('/services/update/', { services_ids: choices.services.slice(0, full ? 10 : 2).map((s) => s.id) });
    await put('/tasks/update/', { task_ids: choices.tasks.slice(0, full ? choices.tasks.length : 3).map((s) => s.id) });
    await put('/work-arrangements/update/', {
      work_arrangement_ids: choices.work_arrangements.slice(0, full ? 4 : 1).map((s) => s.id),
    });
    await put('/languages/update/', {
      languages_ids: choices.languages.slice(0, full ? 5 : 2).map((l) => l.id),
      native_language_id: choices.languages[0]!.id,
    });
    const days = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
    await http(t)
      .put(`${base}/shifts/update/`)
      .set(account.auth)
      .send(
        full
          ? days.flatMap((day) => ['mañana', 'tarde', 'noche'].map((shift) => ({ day, shift })))
          : [
              { day: 'lunes', shift: 'mañana' },
              { day: 'miércoles', shift: 'tarde' },
              { day: 'sábado', shift: 'noche' },
            ],
      )
      .expect(200);
    await put('/hour-price/update/', { hour_price: '6500' });
    for (let n = 1; n <= (full ? 3 : 2); n += 1) {
      const description = full
        ? `Experiencia ${n}: cuidado de chicos, limpieza, cocina y compras. `.repeat(7).slice(0, 400).trim()
        : `Cuidé a dos hermanos de 2 y 6 años durante ${n + 2} años en Palermo.`;
      await http(t)
        .post(`${base}/experience/add/`)
        .set(account.auth)
        .send({
          title: full
            ? `Niñera y empleada doméstica con cama adentro en una casa de familia número ${n}`
            : `Niñera ${n}`,
          description,
          currently_working: n === 1,
        })
        .expect(201);
    }
    if (full)
      for (let n = 1; n <= 3; n += 1)
        await http(t)
          .post(`${base}/education/add/`)
          .set(account.auth)
          .send({
            title: `Curso de primeros auxilios pediátricos y cuidado de personas mayores ${n}`,
            place: 'Cruz Roja Argentina, filial Ciudad de Buenos Aires',
            status: 'completo',
          })
          .expect(201);
    if (options.photo !== false) {
      const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c07050' } })
        .jpeg()
        .toBuffer();
      await http(t)
        .post(`/api/user/${account.userId}/profile-image/upload/`)
        .set(account.auth)
        .attach('image', photo, 'foto.jpg')
        .expect(201);
    }
    return { account, province: info.body.location.province.name as string };
  }

  async function openEditor(account: TestAccount, viewport: Viewport): Promise<Page> {
    const page = await browser.signedInPage(t.baseUrl, account.email, '/user-account', viewport);
    await page.getByRole('heading', { name: 'Idiomas' }).waitFor();
    return page;
  }

  /** Each card's title, badge text and the boxes that place its badge. */
  const measure = (page: Page) =>
    page.locator('.profile-section').evaluateAll((cards) =>
      cards.map((card) => {
        const box = (selector: string) => card.querySelector(selector)!.getBoundingClientRect();
        const style = getComputedStyle(card);
        const header = box('.profile-section__header');
        const badge = box('.badge');
        const cardBox = card.getBoundingClientRect();
        // Words of the title cut across two lines (a range over a whole word gives one box per line).
        const title = card.querySelector('h3')!;
        const text = title.firstChild!;
        const broken: string[] = [];
        for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          if (range.getClientRects().length > 1) broken.push(match[0]);
        }
        const pencil = card.querySelector('.icon-button')?.getBoundingClientRect();
        return {
          title: title.textContent,
          broken,
          pencilLeft: pencil ? Math.round(pencil.left) : null,
          badge: card.querySelector('.badge')!.textContent,
          badgeRight: badge.right,
          contentRight: cardBox.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth),
          badgeTop: badge.top - cardBox.top,
          headerTop: header.top - cardBox.top,
          headerBottom: header.bottom - cardBox.top,
          badgeBottom: badge.bottom - cardBox.top,
        };
      }),
    );

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ])('shows every card’s badge at the right end of its title row (%s)', async (name, viewport) => {
    const { account } = await worker();
    const page = await openEditor(account, viewport);
    const cards = await measure(page);
    expect(cards.map((c) => [c.title, c.badge])).toEqual(CARDS);
    expect(cards.flatMap((c) => c.broken)).toEqual([]);
    // The pencils line up as well (the photo card has none).
    expect(new Set(cards.map((c) => c.pencilLeft).filter((left) => left !== null)).size).toBe(1);
    const first = cards[0]!;
    for (const card of cards) {
      // At the card's right padding, inside the title row, and at the same height on every card.
      expect(Math.abs(card.badgeRight - card.contentRight)).toBeLessThanOrEqual(1);
      expect(Math.abs(card.badgeRight - first.badgeRight)).toBeLessThanOrEqual(1);
      expect(card.badgeTop).toBeGreaterThanOrEqual(card.headerTop);
      expect(card.badgeBottom).toBeLessThanOrEqual(card.headerBottom);
      expect(Math.abs(card.badgeTop - first.badgeTop)).toBeLessThanOrEqual(1);
    }
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `${name}-worker-editor-badges`);
  });

  it('shows Falta info on the photo and account cards until there is a photo and a phone', async () => {
    const { account } = await worker({ photo: false, phone: null });
    const page = await openEditor(account, VIEWPORTS.phone);
    const badge = (title: string) =>
      page
        .locator('.profile-section', { has: page.getByRole('heading', { name: title, exact: true }) })
        .locator('.badge');
    expect(await badge('Foto de perfil').textContent()).toBe('Falta info');
    expect(await badge('Lucía').textContent()).toBe('Falta info');
    // The shell's phone popup asks for it; once saved the page reloads with the account complete.
    const dialog = page.getByRole('dialog', { name: 'Información requerida' });
    await dialog.getByLabel('Teléfono').fill('5491144443333');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Guardar teléfono' }).click()]);
    await page.getByRole('heading', { name: 'Idiomas' }).waitFor();
    expect(await badge('Lucía').textContent()).toBe('Completado');
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5070c0' } })
      .jpeg()
      .toBuffer();
    // The photo's file input (the account's Verificación section has two more, for documents).
    await page
      .getByRole('button', { name: 'Subir foto' })
      .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Tu foto de perfil' }).waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('.profile-section .badge')?.textContent === 'Completado' &&
        !!document.querySelector('.cv__photo img'),
    );
  });

  it('prints a CV: the person, the filled sections, and nothing of the editor', async () => {
    const { account, province } = await worker();
    const page = await openEditor(account, VIEWPORTS.phone);

    // 'Descargar CV' opens the browser's print dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Descargar CV' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // On screen the CV is not there.
    expect(await page.getByRole('heading', { name: 'Lucía Benítez' }).isVisible()).toBe(false);

    await page.emulateMedia({ media: 'print' });
    const cv = page.getByRole('article', { name: 'Currículum para imprimir' });
    await page.getByRole('heading', { level: 1, name: 'Lucía Benítez' }).waitFor();
    const age = formatAge(ageFromBirthDate(BIRTH)!);
    for (const text of [
      age,
      'paraguaya',
      `Comuna 2, ${province}`,
      'Teléfono: +54 9 11 5555-0000',
      `Correo electrónico: ${account.email}`,
      INTRO,
      `${choices.services[0]!.title_display} · ${choices.services[1]!.title_display}`,
      choices.work_arrangements[0]!.value_display,
      'Niñera 1 · Trabajo actual',
      'Cuidé a dos hermanos de 2 y 6 años durante 3 años en Palermo.',
      `${choices.languages[0]!.name_display} (nativo) · ${choices.languages[1]!.name_display}`,
      '$ 6.500',
    ])
      expect([text, await cv.getByText(text, { exact: true }).isVisible()]).toEqual([text, true]);
    expect(await cv.getByRole('img', { name: 'Foto de Lucía' }).isVisible()).toBe(true);
    const headings = await cv.getByRole('heading', { level: 2 }).allTextContents();
    // No education: no empty 'Educación' heading.
    expect(headings).toEqual([
      'Sobre mí',
      'Servicios',
      'Tareas',
      'Modalidad de trabajo',
      'Disponibilidad',
      'Experiencia laboral',
      'Idiomas',
      'Valor por hora',
    ]);
    // Availability as a table: Monday morning, Wednesday afternoon, Saturday night.
    const table = cv.getByRole('table');
    expect(await table.getByText('Disponible').count()).toBe(3);
    const row = (shift: string) =>
      table
        .getByRole('row', { name: new RegExp(`^${shift}`) })
        .locator('td')
        .evaluateAll((cells) => cells.map((c) => (c.textContent?.includes('Disponible') ? 'x' : '-')).join(''));
    expect(await row('Mañana')).toBe('x------');
    expect(await row('Tarde')).toBe('--x----');
    expect(await row('Noche')).toBe('-----x-');

    // Nothing but the CV is printed: no editor, hints, badges, buttons, navbar, footer or WhatsApp.
    for (const text of ['Apellido (privado)', 'OBLIGATORIO para que tu perfil sea visible', 'Falta info', 'Completado'])
      expect([text, await page.getByText(text).first().isVisible()]).toEqual([text, false]);
    for (const selector of ['.navbar', '.footer', '.whatsapp-button', '.page-hero', '.worker-editor'])
      for (const element of await page.locator(selector).all())
        expect([selector, await element.isVisible()]).toEqual([selector, false]);
    for (const button of await page.getByRole('button').all()) expect(await button.isVisible()).toBe(false);
    expect(await page.getByRole('link').filter({ visible: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.body.innerText.trim())).toBe(
      await cv.evaluate((element) => (element as HTMLElement).innerText.trim()),
    );

    // The saved PDF takes the CV's name, and gives the tab's title back afterwards.
    const tabTitle = await page.title();
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await page.title()).toBe('CV Lucía Benítez');
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.title()).toBe(tabTitle);

    await page.waitForFunction(() => (document.querySelector('.cv__photo img') as HTMLImageElement | null)?.complete);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    saveResult('worker-cv.pdf', pdf);
    expect(pdfPages(pdf)).toBe(1);
    await screenshot(page, 'phone-worker-cv-print');
  });

  it('keeps a CV filled to every limit within two A4 pages, and a missing photo neutral', async () => {
    const { account } = await worker({ full: true, photo: false });
    const page = await openEditor(account, VIEWPORTS.desktop);
    await page.emulateMedia({ media: 'print' });
    const cv = page.getByRole('article', { name: 'Currículum para imprimir' });
    await cv.getByRole('heading', { level: 1, name: 'Lucía Benítez' }).waitFor();
    expect(await cv.getByRole('img', { name: 'Sin foto' }).isVisible()).toBe(true);
    expect(await cv.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Sobre mí',
      'Servicios',
      'Tareas',
      'Modalidad de trabajo',
      'Disponibilidad',
      'Experiencia laboral',
      'Educación',
      'Idiomas',
      'Valor por hora',
    ]);
    expect(await cv.getByRole('table').getByText('Disponible').count()).toBe(21);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    saveResult('worker-cv-full.pdf', pdf);
    expect(pdfPages(pdf)).toBeGreaterThanOrEqual(1);
    expect(pdfPages(pdf)).toBeLessThanOrEqual(2);
  });
});
