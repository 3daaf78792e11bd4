import { SelectField } from '../../../components/ui/SelectField';
import type { Choice } from '../api';

export interface LanguageSelection {
  ids: number[];
  native: number | null;
}

/**
 * Languages with one native: picking a native adds it; removing the native makes the first
 * remaining one native; with none native the first becomes native; the "other language" list shows
 * only unselected ones.
 */
export function normalizeLanguages(selection: LanguageSelection): LanguageSelection {
  const ids = [...new Set(selection.ids)];
  const native = selection.native !== null && ids.includes(selection.native) ? selection.native : (ids[0] ?? null);
  return { ids, native };
}

export function LanguagePicker({
  choices,
  value,
  onChange,
}: {
  choices: Choice[];
  value: LanguageSelection;
  onChange: (value: LanguageSelection) => void;
}) {
  const label = (id: number) => choices.find((c) => c.id === id)?.label ?? '';
  const options = (list: Choice[]) => list.map((c) => ({ value: c.id, label: c.label }));
  return (
    <div className="form">
      <SelectField
        label="Idioma nativo"
        placeholder="Elegí tu idioma nativo"
        value={value.native}
        options={options(choices)}
        onChange={(id) => id !== null && onChange(normalizeLanguages({ ids: [...value.ids, id], native: id }))}
      />
      <SelectField
        label="Agregar otro idioma"
        placeholder="Elegí un idioma"
        value={null}
        options={options(choices.filter((c) => !value.ids.includes(c.id)))}
        onChange={(id) =>
          id !== null && onChange(normalizeLanguages({ ids: [...value.ids, id], native: value.native }))
        }
      />
      <ul className="tag-list" aria-label="Idiomas elegidos">
        {value.ids.map((id) => (
          <li key={id} className="tag">
            {label(id)}
            {id === value.native && <strong> (nativo)</strong>}
            <button
              type="button"
              aria-label={`Quitar ${label(id)}`}
              onClick={() =>
                onChange(normalizeLanguages({ ids: value.ids.filter((x) => x !== id), native: value.native }))
              }
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
