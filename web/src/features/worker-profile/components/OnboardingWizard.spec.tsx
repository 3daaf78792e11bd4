import { PROFILE_MESSAGES } from '@cym/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '../../../lib/api/errors';
import type { ProfileChoices, WorkerProfileData } from '../api';
import { OnboardingWizard } from './OnboardingWizard';

const mockSave = {
  names: jest.fn(),
  info: jest.fn(),
  services: jest.fn(),
  tasks: jest.fn(),
  arrangements: jest.fn(),
  introduction: jest.fn(),
  addEducation: jest.fn(),
  addExperience: jest.fn(),
  languages: jest.fn(),
};
// A getter: the factory runs when the wizard imports the module, before this file's constants exist.
jest.mock('../api', () => ({
  get save() {
    return mockSave;
  },
}));
// The photo step uploads by itself; it plays no part in the gating.
jest.mock('../../../components/PhotoUploader', () => ({ PhotoUploader: () => null }));

const choices = {
  services: [{ id: 1, key: 'nanny', label: 'Niñera' }],
  tasks: [{ id: 5, label: 'Cocinar' }],
  arrangements: [{ id: 7, label: 'Por horas' }],
  languages: [{ id: 9, label: 'Español' }],
  shifts: [],
  provinces: [{ id: 2, name: 'Ciudad Autónoma de Buenos Aires' }],
  municipalities: [{ id: 20, name: 'Comuna 1', province: { id: 2 } }],
  statuses: [],
} as unknown as ProfileChoices;

const profile = {
  info: {
    user: { first_name: 'Ana', profile_image: null },
    date_of_birth: null,
    location: { province: null, municipality: null, neighborhood: null },
    gender: null,
    nationality: null,
  },
  introduction: null,
  hourPrice: null,
  services: [],
  tasks: [],
  arrangements: [],
  languages: [],
  shifts: [],
  experiences: [],
  educations: [],
} as unknown as WorkerProfileData;

const counter = () => screen.getByText(/^Paso \d\/9$/).textContent;
const go = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continuar' })));

beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
beforeEach(() => Object.values(mockSave).forEach((fn) => fn.mockReset().mockResolvedValue({})));

function renderWizard() {
  const onExit = jest.fn();
  render(<OnboardingWizard profileId={3} userId={4} lastName="" profile={profile} choices={choices} onExit={onExit} />);
  return { onExit };
}

describe('OnboardingWizard', () => {
  it('passes an untouched step 1 and the photo without saving', async () => {
    renderWizard();
    await go();
    expect(counter()).toBe('Paso 2/9');
    await go();
    expect(counter()).toBe('Paso 3/9');
    expect(mockSave.names).not.toHaveBeenCalled();
    expect(mockSave.info).not.toHaveBeenCalled();
  });

  it('keeps a required list step with its message, then saves it and goes on', async () => {
    renderWizard();
    await go();
    await go();
    await go();
    expect(counter()).toBe('Paso 3/9');
    expect(screen.getByRole('alert').textContent).toBe(PROFILE_MESSAGES.servicesRequired);
    expect(mockSave.services).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('Niñera'));
    expect(screen.queryByRole('alert')).toBeNull();
    await go();
    expect(mockSave.services).toHaveBeenCalledWith(3, [1]);
    expect(counter()).toBe('Paso 4/9');
  });

  it('stays on the step and shows the server’s message when saving fails', async () => {
    mockSave.services.mockRejectedValue(new ApiError('El servidor no respondió correctamente.', 500));
    renderWizard();
    await go();
    await go();
    fireEvent.click(screen.getByLabelText('Niñera'));
    await go();
    expect(counter()).toBe('Paso 3/9');
    expect(screen.getByRole('alert').textContent).toBe('El servidor no respondió correctamente.');
  });

  it("'Guardar y salir' leaves once the step passes its gate", async () => {
    const { onExit } = renderWizard();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar y salir' })));
    expect(onExit).toHaveBeenCalledTimes(1);
  });
});
