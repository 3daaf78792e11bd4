import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  DEFAULT_RADIUS_KM,
  DIRECTORY_FILTER_KEYS,
  DIRECTORY_RADII_KM,
  directoryShiftValue,
  NO_DIRECTORY_FILTERS,
  SHIFT_DAYS,
  SHIFT_PERIODS,
  type DirectoryFilters,
  type DirectoryNear,
} from '@cym/common';
import { PlacePicker, type Place } from '../../components/PlacePicker';
import { SelectField } from '../../components/ui/SelectField';
import { useMunicipalities, usePlaces, type DirectoryFilterChoices } from '../../lib/catalog';
import { useSession } from '../../lib/session';
import { useOwnPlace } from './api';

export type FilterChoices = DirectoryFilterChoices;

/** How long after a pointer went down a focus change is taken as that pointer's (a tap's mouse events come after its touch). */
const POINTER_FOCUS_MS = 1000;

function Dropdown({
  id,
  label,
  active,
  openId,
  setOpenId,
  lastPointer,
  children,
}: {
  id: string;
  label: string;
  active: boolean;
  openId: string | null;
  setOpenId: (id: string | null) => void;
  /** When a pointer last went down (performance.now()): focus it moves is its click's to handle. */
  lastPointer: { current: number };
  children: ReactNode;
}) {
  const open = openId === id;
  const button = useRef<HTMLButtonElement>(null);
  // Escape closes the open panel (focus back on its button); so does focus moving to
  // something outside it by keyboard (Tab past its last control). Focus moved by a pointer is left
  // to its click (FilterBar's mousedown outside, or another filter's button): closing here first
  // would move that button before the click lands on it (the panels push the others down).
  return (
    <div
      className="dropdown"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpenId(null);
        button.current?.focus();
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (!open || !(next instanceof Node) || event.currentTarget.contains(next)) return;
        if (performance.now() - lastPointer.current > POINTER_FOCUS_MS) setOpenId(null);
      }}
    >
      <button
        ref={button}
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

/**
 * A filter's province and municipality: the lists carry no municipalities, so the chosen province's
 * are asked for when it is chosen (kept for the page's life). Until they come the municipality
 * shows its empty option; the selects keep their size and the focus stays where it was.
 */
function FilterPlacePicker({
  value,
  onChange,
  provinces,
  placeholders,
}: {
  value: Place;
  onChange: (place: Place) => void;
  provinces: FilterChoices['provinces'];
  placeholders?: { province: string; municipality: string };
}) {
  const municipalities = useMunicipalities(value.province).data ?? [];
  return (
    <PlacePicker
      value={value}
      onChange={onChange}
      provinces={provinces}
      municipalities={municipalities}
      placeholders={placeholders}
    />
  );
}

/**
 * 'Cerca de': a municipality (province, then partido / localidad; the signed-in person's own to
 * start with, when they have one) and a radius. 'Buscar cerca' applies them; once on, another place
 * or radius applies at once, and 'Quitar' turns it off.
 */
function NearPicker({
  choices,
  near,
  onNearChange,
}: {
  choices: FilterChoices;
  near: DirectoryNear | null;
  onNearChange: (near: DirectoryNear | null) => void;
}) {
  const { user } = useSession();
  const own = useOwnPlace(user, near === null).data ?? null;
  // The address names only the municipality: its province comes from the whole list of places.
  const places = usePlaces(near !== null).data;
  const nearProvince =
    near && places ? (places.municipalities.find((m) => m.id === near.municipality)?.province.id ?? null) : null;
  const [draft, setDraft] = useState<Place>(() =>
    near ? { province: nearProvince, municipality: near.municipality } : { province: null, municipality: null },
  );
  const [radius, setRadius] = useState<number>(near?.radiusKm ?? DEFAULT_RADIUS_KM);
  // The person's own place fills an untouched picker once it is known; so does the province of
  // the address's place once the list has come.
  useEffect(() => {
    if (own && near === null) setDraft((current) => (current.province === null ? own : current));
  }, [own, near]);
  useEffect(() => {
    if (nearProvince !== null)
      setDraft((current) => (current.province === null ? { ...current, province: nearProvince } : current));
  }, [nearProvince]);

  const choose = (place: Place, radiusKm: number) => {
    setDraft(place);
    setRadius(radiusKm);
    if (near) onNearChange(place.municipality === null ? null : { municipality: place.municipality, radiusKm });
  };
  return (
    <div className="form near-picker">
      <FilterPlacePicker value={draft} onChange={(place) => choose(place, radius)} provinces={choices.provinces} />
      <SelectField
        label="Radio"
        placeholder="Elegí el radio"
        value={radius}
        options={DIRECTORY_RADII_KM.map((km) => ({ value: km, label: `${km} km` }))}
        onChange={(km) => choose(draft, km ?? DEFAULT_RADIUS_KM)}
      />
      {near === null ? (
        <button
          type="button"
          className="button"
          disabled={draft.municipality === null}
          onClick={() =>
            draft.municipality !== null && onNearChange({ municipality: draft.municipality, radiusKm: radius })
          }
        >
          Buscar cerca
        </button>
      ) : (
        <button type="button" className="link-button" onClick={() => onNearChange(null)}>
          Quitar
        </button>
      )}
    </div>
  );
}

/** The six filters and 'Cerca de'; clicking outside closes the open one. */
export function FilterBar({
  choices,
  filters,
  onChange,
  near = null,
  onNearChange,
}: {
  choices: FilterChoices;
  /** Chosen filters, in the query's terms (common's keys): labels, `Día:Turno` pairs, place ids. */
  filters: DirectoryFilters;
  onChange: (filters: DirectoryFilters) => void;
  /** 'Cerca de' (absent: the bar has no such control). */
  near?: DirectoryNear | null;
  onNearChange?: (near: DirectoryNear | null) => void;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  const lastPointer = useRef(-Infinity);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpenId(null);
    };
    const pointer = () => {
      lastPointer.current = performance.now();
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('pointerdown', pointer, true);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('pointerdown', pointer, true);
    };
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
  // How many filters are on ('Ubicación' once, for its province and municipality; 'Cerca de' one
  // more): shown on the phone's collapsed 'Filtros', from the address alone (server and browser agree).
  const activeCount =
    DIRECTORY_FILTER_KEYS.filter((key) => key !== 'municipality' && filters[key].length > 0).length +
    (filters.province.length === 0 && filters.municipality.length > 0 ? 1 : 0) +
    (near !== null ? 1 : 0);
  const any = activeCount > 0;
  const common = { openId, setOpenId, lastPointer };

  return (
    <div className="filter-bar" ref={ref}>
      <button
        type="button"
        className="button button--secondary filter-bar__toggle"
        aria-expanded={shown}
        onClick={() => setShown(!shown)}
      >
        {activeCount > 0 ? `Filtros (${activeCount})` : 'Filtros'}
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
            <FilterPlacePicker
              value={place}
              onChange={(next) =>
                onChange({
                  ...filters,
                  province: next.province === null ? [] : [String(next.province)],
                  municipality: next.municipality === null ? [] : [String(next.municipality)],
                })
              }
              provinces={choices.provinces}
              placeholders={{ province: 'Todas', municipality: 'Todos' }}
            />
          </div>
        </Dropdown>
        {onNearChange && (
          <Dropdown
            id="near"
            label={near ? `Cerca de · ${near.radiusKm} km` : 'Cerca de'}
            active={near !== null}
            {...common}
          >
            <NearPicker choices={choices} near={near} onNearChange={onNearChange} />
          </Dropdown>
        )}
        {/* 'Solo verificados': the `verified=1` key, on or off. */}
        <div className="dropdown">
          <button
            type="button"
            className={`dropdown__button ${filters.verified.length > 0 ? 'dropdown__button--active' : ''}`}
            aria-pressed={filters.verified.length > 0}
            onClick={() => onChange({ ...filters, verified: filters.verified.length > 0 ? [] : ['1'] })}
          >
            {filters.verified.length > 0 ? '✓ ' : ''}Solo verificados
          </button>
        </div>
      </div>
      {any && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            onChange(NO_DIRECTORY_FILTERS);
            if (near !== null) onNearChange?.(null);
          }}
        >
          Limpiar filtros
        </button>
      )}
    </div>
  );
}
