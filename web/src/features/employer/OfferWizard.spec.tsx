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

describe('OfferWizard gating (spec 03 §4, §5)', () => {
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

  it('shows the legal minimum on the price step and warns below it without blocking (issue 22)', async () => {
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
