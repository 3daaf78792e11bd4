import { PROFILE_MESSAGES } from '@cym/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Education, Experience, ProfileChoices, WorkerProfileData } from '../api';
import { SectionEditor, type SectionName } from './SectionEditors';

const mockSave = {
  addEducation: jest.fn(),
  updateEducation: jest.fn(),
  deleteEducation: jest.fn(),
  addExperience: jest.fn(),
  updateExperience: jest.fn(),
  deleteExperience: jest.fn(),
  introduction: jest.fn(),
};
// A getter: the factory runs when the editors import the module, before this file's constants exist.
jest.mock('../api', () => ({
  get save() {
    return mockSave;
  },
}));

const education = (id: number): Education =>
  ({
    id,
    title: 'Primeros auxilios',
    place: 'Cruz Roja',
    status: 'completo',
    status_display: 'Completo',
  }) as Education;
const experience = (id: number): Experience =>
  ({
    id,
    title: 'Niñera',
    description: 'Cuidé a dos chicos durante tres años.',
    currently_working: false,
  }) as Experience;

function renderEditor(section: SectionName, change: Partial<WorkerProfileData> = {}) {
  const onSaved = jest.fn();
  const profile = { experiences: [], educations: [], ...change } as unknown as WorkerProfileData;
  render(
    <SectionEditor
      section={section}
      profileId={3}
      userId={4}
      lastName=""
      profile={profile}
      choices={{} as ProfileChoices}
      onClose={jest.fn()}
      onSaved={onSaved}
    />,
  );
  return { onSaved };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name, hidden: true });
/** Whether the button says it cannot act now (it stays focusable: aria-disabled). */
const inactive = (name: string) => button(name).getAttribute('aria-disabled') === 'true';
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea, select' });

beforeAll(() => {
  // jsdom has no modal dialogs; the editors only need the dialog to be open.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});
beforeEach(() => Object.values(mockSave).forEach((fn) => fn.mockReset().mockResolvedValue({})));

describe('the education list editor (live checks)', () => {
  it('waits for a valid course before it can be added, then adds it and empties the form', async () => {
    const { onSaved } = renderEditor('educations');
    expect(inactive('Agregar estudio')).toBe(true);
    await act(async () => fireEvent.click(button('Agregar estudio')));
    expect(mockSave.addEducation).not.toHaveBeenCalled();
    fireEvent.change(field('Título o curso'), { target: { value: 'Primeros auxilios' } });
    expect(screen.getAllByRole('alert', { hidden: true }).length).toBeGreaterThan(0);
    fireEvent.change(field('Lugar'), { target: { value: 'Cruz Roja' } });
    fireEvent.change(field('Estado'), { target: { value: 'completo' } });
    expect(inactive('Agregar estudio')).toBe(false);
    await act(async () => fireEvent.click(button('Agregar estudio')));
    expect(mockSave.addEducation).toHaveBeenCalledWith(3, {
      title: 'Primeros auxilios',
      place: 'Cruz Roja',
      status: 'completo',
    });
    expect(onSaved).toHaveBeenCalled();
    expect((field('Título o curso') as HTMLInputElement).value).toBe('');
  });

  it('saves an edited course only once something differs', async () => {
    renderEditor('educations', { educations: [education(11)] });
    fireEvent.click(button('Editar'));
    expect(inactive('Guardar cambios')).toBe(true);
    expect(screen.getByText('No hay cambios para guardar.')).toBeTruthy();
    fireEvent.change(field('Lugar'), { target: { value: 'Cruz Roja Argentina' } });
    await act(async () => fireEvent.click(button('Guardar cambios')));
    expect(mockSave.updateEducation).toHaveBeenCalledWith(
      11,
      expect.objectContaining({ place: 'Cruz Roja Argentina' }),
    );
  });

  it('at the limit offers editing only', () => {
    renderEditor('educations', { educations: [education(1), education(2), education(3)] });
    expect(screen.queryByLabelText('Título o curso')).toBeNull();
    expect(inactive('Agregar estudio')).toBe(true);
    expect(screen.getByText(PROFILE_MESSAGES.educationsFull)).toBeTruthy();
  });
});

describe('the experience list editor (checks on submit)', () => {
  it('shows its messages only when adding, and deletes an item', async () => {
    renderEditor('experiences', { experiences: [experience(21)] });
    expect(screen.queryAllByRole('alert', { hidden: true })).toHaveLength(0);
    await act(async () => fireEvent.click(button('Agregar experiencia')));
    expect(screen.getAllByRole('alert', { hidden: true }).length).toBeGreaterThan(0);
    expect(mockSave.addExperience).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(button('Eliminar')));
    expect(mockSave.deleteExperience).toHaveBeenCalledWith(21);
  });
});

describe("a section editor's Guardar", () => {
  it('stays focusable while nothing changed, says why, and saves once something did', async () => {
    const { onSaved } = renderEditor('introduction', { introduction: 'Soy niñera hace diez años.' });
    const guardar = button('Guardar');
    expect(guardar.disabled).toBe(false);
    expect(guardar.getAttribute('aria-disabled')).toBe('true');
    const note = document.getElementById(guardar.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('No hay cambios para guardar.');
    await act(async () => fireEvent.click(guardar));
    expect(mockSave.introduction).not.toHaveBeenCalled();

    fireEvent.change(field('Sobre mí'), { target: { value: 'Soy niñera hace once años, con referencias.' } });
    expect(button('Guardar').getAttribute('aria-disabled')).toBeNull();
    expect(button('Guardar').getAttribute('aria-describedby')).toBeNull();
    await act(async () => fireEvent.click(button('Guardar')));
    expect(mockSave.introduction).toHaveBeenCalledWith(3, 'Soy niñera hace once años, con referencias.');
    expect(onSaved).toHaveBeenCalled();
  });
});
