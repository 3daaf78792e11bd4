import { SHIFT_DAYS, SHIFT_PERIODS } from '@cym/common';

export type ShiftKey = `${string}:${string}`;
export const shiftKey = (day: string, shift: string): ShiftKey => `${day}:${shift}`;

interface Props {
  selected: ShiftKey[];
  onChange: (selected: ShiftKey[]) => void;
}

/**
 * The 7 × 3 availability grid: a cell toggles itself; a day label or a shift header toggles its
 * whole row or column (clears it when all set, fills it otherwise).
 */
export function ShiftGrid({ selected, onChange }: Props) {
  const has = (key: ShiftKey) => selected.includes(key);
  const toggleMany = (keys: ShiftKey[]) => {
    const allOn = keys.every(has);
    onChange(allOn ? selected.filter((k) => !keys.includes(k)) : [...new Set([...selected, ...keys])]);
  };
  return (
    <table className="shift-grid">
      <caption className="visually-hidden">Disponibilidad semanal</caption>
      <thead>
        <tr>
          <td />
          {SHIFT_PERIODS.map((period) => (
            <th key={period.value} scope="col">
              <button
                type="button"
                onClick={() => toggleMany(SHIFT_DAYS.map((day) => shiftKey(day.value, period.value)))}
              >
                {period.display}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SHIFT_DAYS.map((day) => (
          <tr key={day.value}>
            <th scope="row">
              <button
                type="button"
                onClick={() => toggleMany(SHIFT_PERIODS.map((period) => shiftKey(day.value, period.value)))}
              >
                {day.display}
              </button>
            </th>
            {SHIFT_PERIODS.map((period) => {
              const key = shiftKey(day.value, period.value);
              return (
                <td key={key}>
                  <label className={`shift-cell ${has(key) ? 'shift-cell--on' : ''}`}>
                    <input type="checkbox" checked={has(key)} onChange={() => toggleMany([key])} />
                    <span className="visually-hidden">
                      {day.display} {period.display}
                    </span>
                  </label>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
