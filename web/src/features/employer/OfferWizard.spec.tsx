import { JOB_OFFER_MESSAGES, type JobOfferInput, type WageRules } from '@cym/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ProfileChoices } from '../worker-profile';
import { emptyOfferDraft } from './offer-draft';
import { OfferWizard } from './OfferWizard';

const choices: ProfileChoices = {
  services: [{ id: 1, key: 'nanny', label: 'Niñera' }],
  tasks: [{ id: 5, label: 'Cocinar' }],
  arrangements: [{ id: 7, label: 'Por horas' }],
  languages: [
    { id: 9, label: 'Español' },
    { id: 10, label: 'Inglés' },
  ],
  shifts: [],
  provinces: [
    { id: 2, name: 'Ciudad Autónoma de Buenos Aires' },
    { id: 3, name: 'Córdoba' },
  ],
  municipalities: [
    { id: 20, name: 'Comuna 14', province: { id: 2 } },
    { id: 30, name: 'Capital', province: { id: 3 } },
  ],
  statuses: [],
};

const counter = () => screen.getByText(/^Paso \d\/9$/).textContent;
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function renderWizard(props: Partial<Parameters<typeof OfferWizard>[0]> = {}) {
  const onSubmit = jest.fn<Promise<void>, [JobOfferInput]>().mockResolvedValue(undefined);
  const onCancel = jest.fn();
  render(<OfferWizard mode="create" choices={choices} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel };
}

beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

describe('OfferWizard gating', () => {
  it('keeps a required step until it is valid, with its message', () => {
    renderWizard();
    press('Continuar');
    expect(counter()).toBe('Paso 1/9');
    expect(screen.getByRole('alert').textContent).toBe(JOB_OFFER_MESSAGES.titleRequired);

    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Niñera para dos chicos' } });
    expect(screen.queryByRole('alert')).toBeNull();
    press('Continuar');
    expect(counter()).toBe('Paso 2/9');
  });

  it('asks for the place on step 3 and clears the municipality when the province changes', () => {
    renderWizard({ mode: 'edit', initial: { ...emptyOfferDraft(), title: 'Niñera', services: [1] } });
    press('Continuar');
    press('Continuar');
    expect(counter()).toBe('Paso 3/9');
    const municipality = screen.getByLabelText<HTMLSelectElement>('Partido / localidad');
    expect(municipality.disabled).toBe(true);
    press('Continuar');
    expect(counter()).toBe('Paso 3/9');
    expect(screen.getByLabelText('Provincia').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: '2' } });
    expect([...municipality.options].map((o) => o.text)).toEqual(['Elegí el partido o la localidad', 'Comuna 14']);
    fireEvent.change(municipality, { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: '3' } });
    expect(municipality.value).toBe('');
  });

  it('cancels from step 1', () => {
    const { onCancel } = renderWizard();
    press('Cancelar');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('has one exit control per step: step 1 only Cancelar, then Salir y cancelar', () => {
    renderWizard({ mode: 'create', initial: { ...emptyOfferDraft(), title: 'Niñera' } });
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salir y cancelar' })).toBeNull();
    press('Continuar');
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Salir y cancelar' })).toBeTruthy();
  });

  it('asks before discarding a changed draft from step 9, and keeps it when told to', async () => {
    const { onCancel } = renderWizard();
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Niñera para dos chicos' } });
    // Step 1's 'Cancelar' with a title typed asks too.
    press('Cancelar');
    expect(onCancel).not.toHaveBeenCalled();
    const question = screen.getByRole('alertdialog', { name: '¿Salir sin guardar?' });
    expect(question.textContent).toContain('Se va a perder todo lo que cargaste en esta oferta.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Seguir editando' }));
    press('Seguir editando');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(counter()).toBe('Paso 1/9');
    expect(screen.getByLabelText<HTMLInputElement>('Título').value).toBe('Niñera para dos chicos');
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));

    press('Continuar');
    fireEvent.click(screen.getByLabelText('Niñera'));
    press('Continuar');
    fireEvent.change(screen.getByLabelText('Provincia'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Partido / localidad'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Barrio'), { target: { value: 'Palermo' } });
    press('Continuar');
    fireEvent.click(screen.getByLabelText('Por horas'));
    press('Continuar');
    press('Continuar');
    press('Continuar');
    fireEvent.change(screen.getByLabelText('Presentación'), { target: { value: 'Buscamos a alguien con paciencia.' } });
    press('Continuar');
    press('Continuar');
    expect(counter()).toBe('Paso 9/9');
    press('Salir y cancelar');
    expect(onCancel).not.toHaveBeenCalled();
    // Escape keeps editing, like 'Seguir editando'.
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(counter()).toBe('Paso 9/9');
    press('Salir y cancelar');
    press('Salir sin guardar');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('leaves an untouched edit at once from step 1', () => {
    const { onCancel } = renderWizard({
      mode: 'edit',
      initial: { ...emptyOfferDraft(), title: 'Niñera', monthly_price: 300000 },
    });
    press('Cancelar');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("'Guardar y salir' checks the whole offer and jumps to the first step with a problem", async () => {
    const initial = { ...emptyOfferDraft(), title: 'Niñera', services: [1] };
    const { onSubmit } = renderWizard({ mode: 'edit', initial });
    await act(async () => press('Guardar y salir'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(counter()).toBe('Paso 3/9');
    expect(screen.getByRole('alert').textContent).toBeTruthy();
  });

  it('hands a valid offer, trimmed, to onSubmit on the last step', async () => {
    const initial: JobOfferInput = {
      ...emptyOfferDraft(),
      title: ' Niñera ',
      services: [1],
      work_arrangements: [7],
      description: 'Buscamos a alguien con paciencia y experiencia con chicos.',
      location: { province: 2, municipality: 20, neighborhood: 'Palermo' },
    };
    const { onSubmit } = renderWizard({ mode: 'edit', initial });
    for (let step = 1; step < 9; step += 1) press('Continuar');
    expect(counter()).toBe('Paso 9/9');
    await act(async () => press('Guardar cambios'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Niñera', services: [1] }));
  });

  it('shows the legal minimum on the price step and warns below it without blocking', async () => {
    const rules: WageRules = {
      scale: {
        id: 1,
        effective_from: '2026-01-01',
        source: 'CNTCP',
        zone_supplement_percent: 30,
        rates: [
          { category: 4, arrangement: 'con_retiro', hourly: 3494.25, monthly: 441806.54 },
          { category: 4, arrangement: 'sin_retiro', hourly: 3894.43, monthly: 490745.56 },
        ],
      },
      next: null,
      categories: [{ category: 4, name: 'Asistencia y cuidado de personas' }],
      services: [{ service_id: 1, key: 'nanny', category: 4 }],
      live_in_arrangements: [8],
      zone: { provinces: [26], municipalities: [6602] },
    };
    const initial: JobOfferInput = {
      ...emptyOfferDraft(),
      title: 'Niñera',
      services: [1],
      work_arrangements: [7],
      description: 'Buscamos a alguien con paciencia y experiencia con chicos.',
      location: { province: 2, municipality: 20, neighborhood: 'Palermo' },
    };
    const { onSubmit } = renderWizard({ mode: 'edit', initial, wageRules: rules });
    for (let step = 1; step < 9; step += 1) press('Continuar');
    expect(
      screen.getByText(
        (_, element) =>
          element?.textContent === 'Mínimo legal vigente: $ 441.806,54 por mes' && element.tagName === 'P',
      ),
    ).toBeTruthy();
    const warning = 'El sueldo ofrecido está por debajo del mínimo legal vigente para esta categoría: $ 441.806,54';
    expect(screen.queryByText(warning)).toBeNull();
    fireEvent.change(screen.getByLabelText('Sueldo mensual en pesos'), { target: { value: '400000' } });
    expect(screen.getByText(warning)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sueldo mensual en pesos'), { target: { value: '450000' } });
    expect(screen.queryByText(warning)).toBeNull();
    fireEvent.change(screen.getByLabelText('Sueldo mensual en pesos'), { target: { value: '300000' } });
    await act(async () => press('Guardar cambios'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ monthly_price: 300000 }));
  });
});

describe('OfferWizard legal minimum by schedule', () => {
  const rules: WageRules = {
    scale: {
      id: 1,
      effective_from: '2026-01-01',
      source: 'CNTCP',
      zone_supplement_percent: 30,
      rates: [
        { category: 4, arrangement: 'con_retiro', hourly: 3494.25, monthly: 441806.54 },
        { category: 4, arrangement: 'sin_retiro', hourly: 3894.43, monthly: 490745.56 },
      ],
    },
    next: null,
    categories: [{ category: 4, name: 'Asistencia y cuidado de personas' }],
    services: [{ service_id: 1, key: 'nanny', category: 4 }],
    live_in_arrangements: [8],
    zone: { provinces: [26], municipalities: [6602] },
  };
  const draft = (work_shifts: number[]): JobOfferInput => ({
    ...emptyOfferDraft(),
    title: 'Niñera',
    services: [1],
    work_arrangements: [7],
    work_shifts,
    description: 'Buscamos a alguien con paciencia y experiencia con chicos.',
    location: { province: 2, municipality: 20, neighborhood: 'Palermo' },
  });
  const amount = () => document.querySelector('.legal-minimum__amount')?.textContent;
  const basis = () => document.querySelector('.legal-minimum__basis')?.textContent;

  it('pays five afternoons (20 h) by the hour and says so; the warning compares with that', () => {
    renderWizard({ mode: 'edit', initial: draft([101, 102, 103, 104, 105]), wageRules: rules });
    for (let step = 1; step < 9; step += 1) press('Continuar');
    expect(amount()).toBe('Mínimo legal vigente: $ 302.835,00 por mes');
    expect(basis()).toBe('Calculado por hora: 20 h semanales (menos de 24) × 52/12 semanas × $ 3.494,25 la hora.');
    fireEvent.change(screen.getByLabelText('Sueldo mensual en pesos'), { target: { value: '400000' } });
    expect(document.querySelector('.legal-minimum__warning')).toBeNull();
    fireEvent.change(screen.getByLabelText('Sueldo mensual en pesos'), { target: { value: '250000' } });
    expect(document.querySelector('.legal-minimum__warning')?.textContent).toBe(
      'El sueldo ofrecido está por debajo del mínimo legal vigente para esta categoría: $ 302.835,00',
    );
  });

  it('takes seven shifts (28 h) as the monthly minimum pro rata of 48 h', () => {
    renderWizard({ mode: 'edit', initial: draft([1, 2, 3, 4, 5, 6, 7]), wageRules: rules });
    for (let step = 1; step < 9; step += 1) press('Continuar');
    expect(amount()).toBe('Mínimo legal vigente: $ 257.720,48 por mes');
    expect(basis()).toBe('Proporcional al mínimo mensual: 28 de 48 h semanales de $ 441.806,54.');
  });
});
