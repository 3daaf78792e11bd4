import { SHIFT_DAYS, SHIFT_PERIODS } from '@cym/common';
import type { ProfileChoices } from '../worker-profile';
import { toggleAll } from './offer-draft';

interface Props {
  shifts: ProfileChoices['shifts'];
  /** Shift ids of the catalog. */
  selected: number[];
  onChange: (selected: number[]) => void;
}

type Pressed = boolean | 'mixed';

/**
 * The offer's weekly grid, 7 days × mañana/tarde/noche, on shift ids: a cell toggles itself; a
 * shift header toggles that shift on all 7 days; a day label toggles its 3 shifts (all on → all
 * off, otherwise all on). Every control is a real button with aria-pressed.
 */
export function OfferShiftGrid({ shifts, selected, onChange }: Props) {
  const idOf = (day: string, period: string) => shifts.find((s) => s.day === day && s.shift === period)?.id;
  const ids = (list: (number | undefined)[]) => list.filter((id): id is number => id !== undefined);
  const pressed = (list: number[]): Pressed => {
    const on = list.filter((id) => selected.includes(id)).length;
    return on === 0 ? false : on === list.length ? true : 'mixed';
  };

  return (
    <table className="shift-grid offer-shift-grid">
      <caption className="visually-hidden">Turnos de la semana</caption>
      <thead>
        <tr>
          <td />
          {SHIFT_PERIODS.map((period) => {
            const column = ids(SHIFT_DAYS.map((day) => idOf(day.value, period.value)));
            return (
              <th key={period.value} scope="col">
                <button
                  type="button"
                  className="offer-shift-grid__head"
                  aria-pressed={pressed(column)}
                  disabled={column.length === 0}
                  onClick={() => onChange(toggleAll(selected, column))}
                >
                  {period.display}
                  <span className="visually-hidden"> (todos los días)</span>
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {SHIFT_DAYS.map((day) => {
          const row = ids(SHIFT_PERIODS.map((period) => idOf(day.value, period.value)));
          return (
            <tr key={day.value}>
              <th scope="row">
                <button
                  type="button"
                  className="offer-shift-grid__head"
                  aria-pressed={pressed(row)}
                  disabled={row.length === 0}
                  onClick={() => onChange(toggleAll(selected, row))}
                >
                  {day.display}
                  <span className="visually-hidden"> (todo el día)</span>
                </button>
              </th>
              {SHIFT_PERIODS.map((period) => {
                const id = idOf(day.value, period.value);
                const on = id !== undefined && selected.includes(id);
                return (
                  <td key={period.value}>
                    <button
                      type="button"
                      className={`offer-shift-grid__cell ${on ? 'offer-shift-grid__cell--on' : ''}`}
                      aria-pressed={on}
                      disabled={id === undefined}
                      onClick={() => id !== undefined && onChange(toggleAll(selected, [id]))}
                    >
                      <span aria-hidden="true">{on ? '✓' : ''}</span>
                      <span className="visually-hidden">
                        {day.display} {period.display.toLowerCase()}
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
