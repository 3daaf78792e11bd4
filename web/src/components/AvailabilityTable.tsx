import { SHIFT_DAYS, SHIFT_PERIODS } from '@cym/common';

/** The read-only 7 × 3 availability grid of public pages; `selected` holds 'Día:Turno' labels. */
export function AvailabilityTable({ selected, onLabel }: { selected: Set<string>; onLabel: string }) {
  return (
    <table className="shift-grid shift-grid--read">
      <thead>
        <tr>
          <td />
          {SHIFT_PERIODS.map((p) => (
            <th key={p.value} scope="col">
              {p.display}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SHIFT_DAYS.map((d) => (
          <tr key={d.value}>
            <th scope="row">{d.display}</th>
            {SHIFT_PERIODS.map((p) => {
              const on = selected.has(`${d.display}:${p.display}`);
              return (
                <td key={p.value} className={on ? 'shift-read shift-read--on' : 'shift-read'}>
                  <span className="visually-hidden">{on ? onLabel : 'No'}</span>
                  {on ? '✓' : ''}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
