import { useId } from 'react';
import type { Choice } from '../api';

export interface LanguageSelection {
  ids: number[];
  native: number | null;
}

/**
 * Languages with one native (spec 02 §4): picking a native adds it; removing the native makes
 * the first remaining one native; with none native the first becomes native; the "other
 * language" list shows only unselected ones.
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
  const nativeId = useId();
  const otherId = useId();
  const label = (id: number) => choices.find((c) => c.id === id)?.label ?? '';
  const unselected = choices.filter((c) => !value.ids.includes(c.id));
  return (
    <div className="form">
      <div className="field">
        <label htmlFor={nativeId}>Idioma nativo</label>
        <select
          id={nativeId}
          value={value.native ?? ''}
          onChange={(e) => {
            const id = Number(e.target.value);
            if (id) onChange(normalizeLanguages({ ids: [...value.ids, id], native: id }));
          }}
        >
          <option value="">Elegí tu idioma nativo</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={otherId}>Agregar otro idioma</label>
        <select
          id={otherId}
          value=""
          onChange={(e) => {
            const id = Number(e.target.value);
            if (id) onChange(normalizeLanguages({ ids: [...value.ids, id], native: value.native }));
          }}
        >
          <option value="">Elegí un idioma</option>
          {unselected.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
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
