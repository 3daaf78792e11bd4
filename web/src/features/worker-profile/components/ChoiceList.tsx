import type { Choice } from '../api';

interface Props {
  legend: string;
  choices: Choice[];
  selected: number[];
  onChange: (selected: number[]) => void;
}

/** A list of checkboxes large enough for thumbs; keeps the catalog's order. */
export function ChoiceList({ legend, choices, selected, onChange }: Props) {
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id]);
  return (
    <fieldset className="choice-list">
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.id} className={`choice-chip ${selected.includes(choice.id) ? 'choice-chip--on' : ''}`}>
          <input type="checkbox" checked={selected.includes(choice.id)} onChange={() => toggle(choice.id)} />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function sameSet(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}
