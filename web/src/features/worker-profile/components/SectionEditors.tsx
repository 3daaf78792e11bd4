import { useId, useState, type ReactNode } from 'react';
import {
  EDUCATION_STATUSES,
  type EducationStatus,
  educationProblems,
  experienceProblems,
  GENDERS,
  hourPriceProblem,
  introductionProblem,
  namesProblems,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  workerInfoProblems,
  type WageRules,
} from '@cym/common';
import { PlacePicker } from '../../../components/PlacePicker';
import { Dialog } from '../../../components/ui/Dialog';
import { ChoiceChips } from '../../../components/ui/ChoiceChips';
import { ErrorLine, TextAreaField, TextField } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/SelectField';
import { save, type Education, type Experience, type ProfileChoices, type WorkerProfileData } from '../api';
import {
  EducationFields,
  EMPTY_EDUCATION,
  EMPTY_EXPERIENCE,
  ExperienceFields,
  type EducationDraft,
  type ExperienceDraft,
} from './ItemFields';
import { ItemListEditor } from './ItemListEditor';
import { LanguagePicker, normalizeLanguages, type LanguageSelection } from './LanguagePicker';
import { ShiftGrid, shiftKey, type ShiftKey } from './ShiftGrid';
import { errorMessage } from '../../../lib/api/errors';
import { HourlyMinimumNote } from '../../wages';

export type SectionName =
  | 'account'
  | 'info'
  | 'introduction'
  | 'services'
  | 'tasks'
  | 'arrangements'
  | 'shifts'
  | 'hourPrice'
  | 'languages'
  | 'experiences'
  | 'educations';

export const SECTION_TITLES: Record<SectionName, string> = {
  account: 'Cuenta',
  info: 'Datos personales',
  introduction: 'Sobre mí',
  services: 'Servicios',
  tasks: 'Tareas',
  arrangements: 'Modalidad de trabajo',
  shifts: 'Disponibilidad',
  hourPrice: 'Valor por hora',
  languages: 'Idiomas',
  experiences: 'Experiencia laboral',
  educations: 'Educación',
};

interface EditorProps {
  section: SectionName;
  profileId: number;
  userId: number;
  lastName: string;
  profile: WorkerProfileData;
  choices: ProfileChoices;
  onClose: () => void;
  /** Called after every successful save, so the page reloads its data. */
  onSaved: () => void;
  /** The legal minimum wage's rules: the hourly price shows the minimum per hour as a reference. */
  wageRules?: WageRules | null;
}

/** The pencil popups of the worker editor; each saves one section. */
export function SectionEditor(props: EditorProps) {
  return (
    <Dialog open title={`Editar: ${SECTION_TITLES[props.section]}`} onClose={props.onClose}>
      <EditorBody {...props} />
    </Dialog>
  );
}

function useSaver(onSaved: () => void, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>, close = true) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      onSaved();
      if (close) onClose();
    } catch (caught) {
      setFailure(errorMessage(caught, 'No pudimos guardar.'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

/** Saving state and per-field messages every section editor shares. */
function useEditor(onSaved: () => void, onClose: () => void) {
  const saver = useSaver(onSaved, onClose);
  const [problem, setProblem] = useState<Record<string, string | undefined>>({});
  const err = (key: string) => (problem[key] ? [problem[key]] : undefined);
  return { ...saver, problem, setProblem, err };
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((value) => b.includes(value));

function wrap(children: ReactNode) {
  return <div className="form">{children}</div>;
}

const NOTHING_TO_SAVE = 'No hay cambios para guardar.';

/**
 * 'Guardar' stays reachable with the keyboard while there is nothing to save (aria-disabled, not
 * disabled), and says why beside it.
 */
function Actions({
  unchanged,
  blocked,
  busy,
  failure,
  onSave,
}: {
  /** Nothing differs from what is saved. */
  unchanged: boolean;
  /** Why the choice cannot be saved as it is, when it cannot. */
  blocked?: string | null;
  busy: boolean;
  failure: string | null;
  onSave: () => void;
}) {
  const noteId = useId();
  const reason = unchanged ? NOTHING_TO_SAVE : (blocked ?? null);
  const inactive = reason !== null || busy;
  return (
    <>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className="button"
        aria-disabled={inactive || undefined}
        aria-describedby={reason ? noteId : undefined}
        onClick={() => {
          if (!inactive) onSave();
        }}
      >
        {busy ? 'Guardando…' : 'Guardar'}
      </button>
      {reason && (
        <p id={noteId} className="field__hint">
          {reason}
        </p>
      )}
    </>
  );
}

function EditorBody(props: EditorProps) {
  const { busy, failure, run } = useSaver(props.onSaved, props.onClose);
  switch (props.section) {
    case 'account':
      return <AccountEditor {...props} />;
    case 'info':
      return <InfoEditor {...props} />;
    case 'introduction':
      return <IntroductionEditor {...props} />;
    case 'services':
    case 'tasks':
    case 'arrangements':
      return <ChoicesEditor {...props} />;
    case 'shifts':
      return <ShiftsEditor {...props} />;
    case 'hourPrice':
      return <HourPriceEditor {...props} />;
    case 'languages':
      return <LanguagesEditor {...props} />;
    case 'experiences':
      return (
        <ItemListEditor<Experience, ExperienceDraft>
          items={props.profile.experiences}
          max={PROFILE_LIMITS.experiencesMax}
          fullMessage={PROFILE_MESSAGES.experiencesFull}
          addLabel="Agregar experiencia"
          empty={EMPTY_EXPERIENCE}
          toDraft={({ title, description, currently_working }) => ({ title, description, currently_working })}
          itemTitle={(item) => item.title}
          describe={(item) => item.description}
          problems={experienceProblems}
          validation="submit"
          renderFields={(value, onChange, errors) => (
            <ExperienceFields value={value} onChange={onChange} errors={errors} />
          )}
          add={(draft) => save.addExperience(props.profileId, draft)}
          update={(id, draft) => save.updateExperience(id, draft)}
          remove={(id) => save.deleteExperience(id)}
          run={run}
          busy={busy}
          failure={failure}
        />
      );
    case 'educations':
      return (
        <ItemListEditor<Education, EducationDraft>
          items={props.profile.educations}
          max={PROFILE_LIMITS.educationsMax}
          fullMessage={PROFILE_MESSAGES.educationsFull}
          addLabel="Agregar estudio"
          empty={EMPTY_EDUCATION}
          toDraft={({ title, place, status }) => ({ title, place, status })}
          itemTitle={(item) => item.title}
          describe={(item) => `${item.place} · ${item.status_display}`}
          problems={(draft, mode) =>
            educationProblems(
              draft,
              mode,
              EDUCATION_STATUSES.map((s) => s.value),
            )
          }
          validation="live"
          renderFields={(value, onChange, errors) => (
            <EducationFields value={value} onChange={onChange} errors={errors} />
          )}
          add={(draft) => save.addEducation(props.profileId, { ...draft, status: draft.status as EducationStatus })}
          update={(id, draft) => save.updateEducation(id, { ...draft, status: draft.status as EducationStatus })}
          remove={(id) => save.deleteEducation(id)}
          run={run}
          busy={busy}
          failure={failure}
        />
      );
  }
}

function AccountEditor(props: EditorProps) {
  const { userId, lastName, profile, onClose, onSaved } = props;
  const { busy, failure, run, setProblem, err } = useEditor(onSaved, onClose);
  const [names, setNames] = useState({ first: profile.info.user.first_name, last: lastName });
  const onSave = () => {
    const found = namesProblems(names.first, names.last);
    setProblem({ first_name: found.first_name?.[0], last_name: found.last_name?.[0] });
    if (Object.keys(found).length === 0) void run(() => save.names(userId, names.first, names.last));
  };
  return wrap(
    <>
      <TextField
        label="Nombre (visible para otros)"
        value={names.first}
        errors={err('first_name')}
        onChange={(e) => setNames({ ...names, first: e.target.value })}
      />
      <TextField
        label="Apellido (privado)"
        value={names.last}
        errors={err('last_name')}
        onChange={(e) => setNames({ ...names, last: e.target.value })}
      />
      <Actions
        unchanged={names.first === profile.info.user.first_name && names.last === lastName}
        busy={busy}
        failure={failure}
        onSave={onSave}
      />
    </>,
  );
}

function InfoEditor(props: EditorProps) {
  const { profileId, profile, choices, onClose, onSaved } = props;
  const { busy, failure, run, setProblem, err } = useEditor(onSaved, onClose);
  const { info } = profile;
  const initial = {
    date_of_birth: info.date_of_birth ?? '',
    neighborhood: info.location.neighborhood ?? '',
    gender: info.gender ?? '',
    nationality: info.nationality ?? '',
    province: info.location.province?.id ?? 0,
    municipality: info.location.municipality?.id ?? 0,
  };
  const [value, setValue] = useState(initial);
  const onSave = () => {
    const found = workerInfoProblems({
      ...value,
      province: value.province || null,
      municipality: value.municipality || null,
    });
    setProblem(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v?.[0]])));
    if (Object.keys(found).length === 0)
      void run(() => save.info(profileId, { ...value, gender: value.gender as 'male' | 'female' }));
  };
  return wrap(
    <>
      <TextField
        label="Fecha de nacimiento"
        type="date"
        value={value.date_of_birth}
        errors={err('date_of_birth')}
        onChange={(e) => setValue({ ...value, date_of_birth: e.target.value })}
      />
      <PlacePicker
        value={{ province: value.province || null, municipality: value.municipality || null }}
        onChange={(place) =>
          setValue({ ...value, province: place.province ?? 0, municipality: place.municipality ?? 0 })
        }
        provinces={choices.provinces}
        municipalities={choices.municipalities}
        errors={{ province: err('province'), municipality: err('municipality') }}
      />
      <TextField
        label="Barrio"
        value={value.neighborhood}
        errors={err('neighborhood')}
        onChange={(e) => setValue({ ...value, neighborhood: e.target.value })}
      />
      <SelectField
        label="Género"
        placeholder="Elegí"
        value={value.gender || null}
        options={GENDERS.map((g) => ({ value: g.value, label: g.label }))}
        errors={err('gender')}
        onChange={(gender) => setValue({ ...value, gender: gender ?? '' })}
      />
      <TextField
        label="Nacionalidad"
        value={value.nationality}
        errors={err('nationality')}
        onChange={(e) => setValue({ ...value, nationality: e.target.value })}
      />
      <Actions
        unchanged={JSON.stringify(value) === JSON.stringify(initial)}
        busy={busy}
        failure={failure}
        onSave={onSave}
      />
    </>,
  );
}

function IntroductionEditor(props: EditorProps) {
  const { profileId, profile, onClose, onSaved } = props;
  const { busy, failure, run, setProblem, err } = useEditor(onSaved, onClose);
  const [text, setText] = useState(profile.introduction ?? '');
  const onSave = () => {
    const found = introductionProblem(text);
    setProblem({ introduction: found ?? undefined });
    if (!found) void run(() => save.introduction(profileId, text.trim()));
  };
  return wrap(
    <>
      <TextAreaField
        label="Sobre mí"
        rows={6}
        value={text}
        errors={err('introduction')}
        hint={`${text.trim().length}/${PROFILE_LIMITS.introduction.max} caracteres`}
        onChange={(e) => setText(e.target.value)}
      />
      <Actions unchanged={text === (profile.introduction ?? '')} busy={busy} failure={failure} onSave={onSave} />
    </>,
  );
}

function ShiftsEditor(props: EditorProps) {
  const { profileId, profile, onClose, onSaved } = props;
  const { busy, failure, run } = useSaver(onSaved, onClose);
  const initial = profile.shifts.map((s) => shiftKey(s.day, s.shift));
  const [selected, setSelected] = useState<ShiftKey[]>(initial);
  const onSave = () => {
    // At least one cell, otherwise nothing is sent.
    if (selected.length === 0) return;
    void run(() =>
      save.shifts(
        profileId,
        selected.map((key) => ({ day: key.split(':')[0] ?? '', shift: key.split(':')[1] ?? '' })),
      ),
    );
  };
  const unchanged = selected.length === initial.length && selected.every((k) => initial.includes(k));
  return wrap(
    <>
      <ShiftGrid selected={selected} onChange={setSelected} />
      <Actions
        unchanged={unchanged}
        blocked={selected.length === 0 ? 'Elegí al menos un turno.' : null}
        busy={busy}
        failure={failure}
        onSave={onSave}
      />
    </>,
  );
}

function HourPriceEditor(props: EditorProps) {
  const { profileId, profile, onClose, onSaved } = props;
  const { busy, failure, run, setProblem, err } = useEditor(onSaved, onClose);
  const [price, setPrice] = useState(profile.hourPrice ?? '');
  const onSave = () => {
    const found = hourPriceProblem(price);
    setProblem({ hour_price: found ?? undefined });
    if (!found) void run(() => save.hourPrice(profileId, price.trim()));
  };
  return wrap(
    <>
      <TextField
        label="Valor por hora (pesos)"
        inputMode="numeric"
        value={price}
        errors={err('hour_price')}
        onChange={(e) => setPrice(e.target.value)}
      />
      <HourlyMinimumNote
        rules={props.wageRules}
        query={{
          services: profile.services,
          work_arrangements: profile.arrangements,
          province: profile.info.location.province?.id,
          municipality: profile.info.location.municipality?.id,
        }}
      />
      <Actions unchanged={price === (profile.hourPrice ?? '')} busy={busy} failure={failure} onSave={onSave} />
    </>,
  );
}

function LanguagesEditor(props: EditorProps) {
  const { profileId, profile, choices, onClose, onSaved } = props;
  const { busy, failure, run } = useSaver(onSaved, onClose);
  const initial = normalizeLanguages({
    ids: profile.languages.map((l) => l.id),
    native: profile.languages.find((l) => l.native)?.id ?? null,
  });
  const [value, setValue] = useState<LanguageSelection>(initial);
  const unchanged = sameSet(value.ids, initial.ids) && value.native === initial.native;
  return wrap(
    <>
      <LanguagePicker choices={choices.languages} value={value} onChange={setValue} />
      <Actions
        unchanged={unchanged}
        blocked={value.ids.length === 0 ? 'Elegí al menos un idioma.' : null}
        busy={busy}
        failure={failure}
        onSave={() => void run(() => save.languages(profileId, value.ids, value.native))}
      />
    </>,
  );
}

function ChoicesEditor(props: EditorProps) {
  const { profileId, profile, choices, onClose, onSaved } = props;
  const { busy, failure, run, problem, setProblem } = useEditor(onSaved, onClose);
  const config = {
    services: {
      list: choices.services,
      initial: profile.services,
      message: PROFILE_MESSAGES.servicesRequired,
      send: save.services,
    },
    tasks: { list: choices.tasks, initial: profile.tasks, message: PROFILE_MESSAGES.tasksRequired, send: save.tasks },
    arrangements: {
      list: choices.arrangements,
      initial: profile.arrangements,
      message: PROFILE_MESSAGES.arrangementsRequired,
      send: save.arrangements,
    },
  }[props.section as 'services' | 'tasks' | 'arrangements'];
  const [selected, setSelected] = useState(config.initial);
  const onSave = () => {
    setProblem({ list: selected.length === 0 ? config.message : undefined });
    if (selected.length > 0) void run(() => config.send(profileId, selected));
  };
  return wrap(
    <>
      <ChoiceChips
        legend={SECTION_TITLES[props.section]}
        choices={config.list}
        selected={selected}
        onChange={setSelected}
      />
      <ErrorLine message={problem.list} />
      <Actions unchanged={sameSet(selected, config.initial)} busy={busy} failure={failure} onSave={onSave} />
    </>,
  );
}
