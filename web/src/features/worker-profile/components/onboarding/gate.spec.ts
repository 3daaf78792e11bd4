import { PROFILE_MESSAGES, WIZARD_NAME_MESSAGES } from '@cym/common';
import { stepGate, type PersonalDraft, type WizardDraft } from './gate';

const initial: PersonalDraft = {
  first_name: 'Ana',
  last_name: '',
  date_of_birth: '',
  province: null,
  municipality: null,
  neighborhood: '',
  gender: '',
  nationality: '',
};

const complete: PersonalDraft = {
  first_name: 'Ana',
  last_name: 'Pérez',
  date_of_birth: '1990-05-01',
  province: 1,
  municipality: 10,
  neighborhood: 'Palermo',
  gender: 'female',
  nationality: 'Argentina',
};

function draft(change: Partial<WizardDraft> = {}): WizardDraft {
  return {
    personal: initial,
    services: [],
    tasks: [],
    arrangements: [],
    introduction: '',
    education: { title: '', place: '', status: '' },
    experience: { title: '', description: '', currently_working: false },
    languages: { ids: [], native: null },
    ...change,
  };
}

describe('stepGate (the onboarding wizard)', () => {
  it('lets step 1 go on without saving when nothing was typed', () => {
    expect(stepGate(1, draft(), initial)).toEqual({ go: 'skip' });
  });

  it('stops step 1 with one message per field once something changed', () => {
    const gate = stepGate(1, draft({ personal: { ...initial, first_name: '' } }), initial);
    expect(gate.go).toBe('stop');
    if (gate.go !== 'stop') return;
    expect(gate.errors.first_name).toBe(WIZARD_NAME_MESSAGES.firstRequired);
    expect(gate.errors.last_name).toBe(WIZARD_NAME_MESSAGES.lastRequired);
    expect(gate.errors.province).toEqual(expect.any(String));
    expect(gate.errors.gender).toEqual(expect.any(String));
  });

  it('saves step 1 when the personal data is complete', () => {
    expect(stepGate(1, draft({ personal: complete }), initial)).toEqual({ go: 'save' });
  });

  it('never stops on the photo step', () => {
    expect(stepGate(2, draft(), initial)).toEqual({ go: 'skip' });
  });

  it.each([
    [3, 'services', PROFILE_MESSAGES.servicesRequired],
    [4, 'tasks', PROFILE_MESSAGES.tasksRequired],
    [5, 'arrangements', PROFILE_MESSAGES.wizardArrangementsRequired],
  ] as const)('requires at least one choice on step %i (%s)', (step, key, message) => {
    expect(stepGate(step, draft(), initial)).toEqual({ go: 'stop', errors: { [key]: message } });
    expect(stepGate(step, draft({ [key]: [2] }), initial)).toEqual({ go: 'save' });
  });

  it('checks the introduction with the wizard wording', () => {
    const gate = stepGate(6, draft({ introduction: '  ' }), initial);
    expect(gate.go).toBe('stop');
    const text = 'Cuido chicos desde hace diez años, con referencias y mucha paciencia.';
    expect(stepGate(6, draft({ introduction: text }), initial)).toEqual({ go: 'save' });
  });

  it('skips the optional education and experience when left empty, checks them when started', () => {
    expect(stepGate(7, draft(), initial)).toEqual({ go: 'skip' });
    expect(stepGate(8, draft(), initial)).toEqual({ go: 'skip' });
    const education = stepGate(7, draft({ education: { title: 'Primeros auxilios', place: '', status: '' } }), initial);
    expect(education.go).toBe('stop');
    if (education.go === 'stop') expect(Object.keys(education.errors)).toEqual(expect.arrayContaining(['place']));
    const experience = stepGate(
      8,
      draft({ experience: { title: 'Niñera', description: '', currently_working: false } }),
      initial,
    );
    expect(experience.go).toBe('stop');
  });

  it('saves languages only when one is chosen with a native one', () => {
    expect(stepGate(9, draft(), initial)).toEqual({ go: 'skip' });
    expect(stepGate(9, draft({ languages: { ids: [1, 2], native: 1 } }), initial)).toEqual({ go: 'save' });
  });
});
