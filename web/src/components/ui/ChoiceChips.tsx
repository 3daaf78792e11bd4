interface ChoiceChipsProps {
  legend: string;
  choices: { id: number; label: string }[];
  selected: number[];
  onChange: (selected: number[]) => void;
  /** The id of the message that explains a problem with this list. */
  errorId?: string;
}

/** Checkboxes drawn as large chips (44px, for thumbs), in the catalog's order. */
export function ChoiceChips({ legend, choices, selected, onChange, errorId }: ChoiceChipsProps) {
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id]);
  return (
    <fieldset className="choice-list" aria-describedby={errorId}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => {
        const on = selected.includes(choice.id);
        return (
          <label key={choice.id} className={`choice-chip ${on ? 'choice-chip--on' : ''}`}>
            <input type="checkbox" checked={on} onChange={() => toggle(choice.id)} />
            <span>{choice.label}</span>
          </label>
        );
      })}
      {choices.length === 0 && <p className="field__hint">No hay opciones para elegir en este momento.</p>}
    </fieldset>
  );
}
