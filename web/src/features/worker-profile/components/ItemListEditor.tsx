import { useId, useState, type ReactNode } from 'react';
import type { FieldErrors } from './ItemFields';

type Run = (work: () => Promise<unknown>, close?: boolean) => Promise<void>;

export interface ItemListEditorProps<Item extends { id: number }, Draft> {
  items: Item[];
  /** The most the profile may hold: at the limit only editing is offered. */
  max: number;
  fullMessage: string;
  addLabel: string;
  empty: Draft;
  toDraft: (item: Item) => Draft;
  /** The line under the item's title. */
  describe: (item: Item) => ReactNode;
  itemTitle: (item: Item) => string;
  problems: (draft: Draft, mode: 'add' | 'edit') => FieldErrors;
  /**
   * 'submit': messages appear when 'Agregar' is pressed. 'live': they follow the typing once
   * something is typed, and the button waits for a valid draft that differs from the stored item.
   */
  validation: 'submit' | 'live';
  renderFields: (draft: Draft, onChange: (draft: Draft) => void, errors: FieldErrors) => ReactNode;
  add: (draft: Draft) => Promise<unknown>;
  update: (id: number, draft: Draft) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  run: Run;
  busy: boolean;
  failure: string | null;
}

const firstOnly = (found: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(found).map(([key, list]) => [key, list?.length ? [list[0]!] : undefined]));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The work history and the education of the worker editor: the list, edit and delete, one form to add. */
export function ItemListEditor<Item extends { id: number }, Draft>(props: ItemListEditorProps<Item, Draft>) {
  const { items, empty, validation, run, busy, failure } = props;
  const [editing, setEditing] = useState<number | null>(null);
  const [value, setValue] = useState<Draft>(empty);
  const [submitted, setSubmitted] = useState<FieldErrors>({});
  const mode = editing === null ? 'add' : 'edit';
  const full = items.length >= props.max;
  const found = firstOnly(props.problems(value, mode));
  const valid = Object.values(found).every((list) => !list);
  const live = validation === 'live';
  const original = items.find((item) => item.id === editing);
  const unchanged = !!original && same(props.toDraft(original), value);
  const errors = live ? (same(value, empty) ? {} : found) : submitted;
  const noteId = useId();
  const reason =
    editing === null && full
      ? props.fullMessage
      : live && unchanged
        ? 'No hay cambios para guardar.'
        : live && !valid
          ? editing === null
            ? 'Completá los datos para agregarlo.'
            : 'Completá los datos para guardar.'
          : null;

  const submit = () => {
    if (!live) {
      setSubmitted(found);
      if (!valid) return;
    }
    void run(() => (editing === null ? props.add(value) : props.update(editing, value)), false).then(() => {
      setEditing(null);
      setValue(empty);
    });
  };

  return (
    <div className="form">
      <ul className="item-list">
        {items.map((item) => (
          <li key={item.id}>
            <strong>{props.itemTitle(item)}</strong>
            <span>{props.describe(item)}</span>
            <span className="item-list__actions">
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setEditing(item.id);
                  setValue(props.toDraft(item));
                }}
              >
                Editar
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => void run(() => props.remove(item.id), false)}
              >
                Eliminar
              </button>
            </span>
          </li>
        ))}
      </ul>
      {(editing !== null || !full) && props.renderFields(value, setValue, errors)}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {/* Reachable with the keyboard when it cannot act (aria-disabled), and saying why. */}
      <button
        type="button"
        className="button"
        aria-disabled={busy || reason !== null || undefined}
        aria-describedby={reason ? noteId : undefined}
        onClick={() => {
          if (!busy && reason === null) submit();
        }}
      >
        {editing === null ? props.addLabel : 'Guardar cambios'}
      </button>
      {reason && (
        <p id={noteId} className="field__hint">
          {reason}
        </p>
      )}
    </div>
  );
}
