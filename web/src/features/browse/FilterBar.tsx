import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  directoryShiftValue,
  NO_DIRECTORY_FILTERS,
  SHIFT_DAYS,
  SHIFT_PERIODS,
  type DirectoryFilters,
} from '@cym/common';
import { PlacePicker } from '../../components/PlacePicker';
import type { components } from '../../lib/api/schema';

export type FilterChoices = components['schemas']['FilterChoicesDto'];

function Dropdown({
  id,
  label,
  active,
  openId,
  setOpenId,
  children,
}: {
  id: string;
  label: string;
  active: boolean;
  openId: string | null;
  setOpenId: (id: string | null) => void;
  children: ReactNode;
}) {
  const open = openId === id;
  return (
    <div className="dropdown">
      <button
        type="button"
        className={`dropdown__button ${active ? 'dropdown__button--active' : ''}`}
        aria-expanded={open}
        aria-controls={`filter-${id}`}
        onClick={() => setOpenId(open ? null : id)}
      >
        {label}
      </button>
      {open && (
        <div id={`filter-${id}`} className="dropdown__panel">
          {children}
        </div>
      )}
    </div>
  );
}

function Checks({
  values,
  selected,
  onToggle,
}: {
  values: string[];
  selected: string[];
  onToggle: (v: string) => void;
}) {
  return (
    <ul className="dropdown__list">
      {values.map((value) => (
        <li key={value}>
          <label className="choice">
            <input type="checkbox" checked={selected.includes(value)} onChange={() => onToggle(value)} />
            <span>{value}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/** The six filters of spec 02 §2.1; clicking outside closes the open one. */
export function FilterBar({
  choices,
  filters,
  onChange,
}: {
  choices: FilterChoices;
  /** Chosen filters, in the query's terms (common's keys): labels, `Día:Turno` pairs, place ids. */
  filters: DirectoryFilters;
  onChange: (filters: DirectoryFilters) => void;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const toggle = (key: keyof DirectoryFilters) => (value: string) => {
    const current = filters[key];
    onChange({ ...filters, [key]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] });
  };
  const toggleMany = (keys: string[]) => {
    const all = keys.every((k) => filters.work_shifts.includes(k));
    onChange({
      ...filters,
      work_shifts: all
        ? filters.work_shifts.filter((k) => !keys.includes(k))
        : [...new Set([...filters.work_shifts, ...keys])],
    });
  };
  const idOf = (values: string[]) => (values[0] ? Number(values[0]) : null);
  const place = { province: idOf(filters.province), municipality: idOf(filters.municipality) };
  const any = Object.values(filters).some((values) => (values as string[]).length > 0);
  const common = { openId, setOpenId };

  return (
    <div className="filter-bar" ref={ref}>
      <button
        type="button"
        className="button button--secondary filter-bar__toggle"
        aria-expanded={shown}
        onClick={() => setShown(!shown)}
      >
        Filtros
      </button>
      <div className={`filter-bar__filters ${shown ? 'filter-bar__filters--shown' : ''}`}>
        <Dropdown id="services" label="Servicios" active={filters.services.length > 0} {...common}>
          <Checks
            values={choices.services.map((s) => s.title_display)}
            selected={filters.services}
            onToggle={toggle('services')}
          />
        </Dropdown>
        <Dropdown id="arrangements" label="Modalidad" active={filters.work_arrangements.length > 0} {...common}>
          <Checks
            values={choices.work_arrangements.map((w) => w.value_display)}
            selected={filters.work_arrangements}
            onToggle={toggle('work_arrangements')}
          />
        </Dropdown>
        <Dropdown id="tasks" label="Tareas" active={filters.tasks.length > 0} {...common}>
          <Checks
            values={choices.tasks.map((t) => t.title_display)}
            selected={filters.tasks}
            onToggle={toggle('tasks')}
          />
        </Dropdown>
        <Dropdown id="languages" label="Idiomas" active={filters.languages.length > 0} {...common}>
          <Checks
            values={choices.languages.map((l) => l.name_display)}
            selected={filters.languages}
            onToggle={toggle('languages')}
          />
        </Dropdown>
        <Dropdown id="shifts" label="Disponibilidad" active={filters.work_shifts.length > 0} {...common}>
          <table className="shift-grid">
            <thead>
              <tr>
                <td />
                {SHIFT_PERIODS.map((p) => (
                  <th key={p.value} scope="col">
                    <button
                      type="button"
                      onClick={() => toggleMany(SHIFT_DAYS.map((d) => directoryShiftValue(d.display, p.display)))}
                    >
                      {p.display}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SHIFT_DAYS.map((d) => (
                <tr key={d.value}>
                  <th scope="row">
                    <button
                      type="button"
                      onClick={() => toggleMany(SHIFT_PERIODS.map((p) => directoryShiftValue(d.display, p.display)))}
                    >
                      {d.display}
                    </button>
                  </th>
                  {SHIFT_PERIODS.map((p) => {
                    const key = directoryShiftValue(d.display, p.display);
                    const on = filters.work_shifts.includes(key);
                    return (
                      <td key={key}>
                        <label className={`shift-cell ${on ? 'shift-cell--on' : ''}`}>
                          <input type="checkbox" checked={on} onChange={() => toggleMany([key])} />
                          <span className="visually-hidden">{key}</span>
                        </label>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Dropdown>
        <Dropdown id="place" label="Ubicación" active={filters.province.length > 0} {...common}>
          <div className="form">
            <PlacePicker
              value={place}
              onChange={(next) =>
                onChange({
                  ...filters,
                  province: next.province === null ? [] : [String(next.province)],
                  municipality: next.municipality === null ? [] : [String(next.municipality)],
                })
              }
              provinces={choices.provinces}
              municipalities={choices.municipalities}
              placeholders={{ province: 'Todas', municipality: 'Todos' }}
            />
          </div>
        </Dropdown>
      </div>
      {any && (
        <button type="button" className="link-button" onClick={() => onChange(NO_DIRECTORY_FILTERS)}>
          Limpiar filtros
        </button>
      )}
    </div>
  );
}
