import {
  argentinaToday,
  formatDate,
  formatIsoDate,
  formatPesosCents,
  HIRE_ARRANGEMENT_LABELS,
  LABOR_PARAMETER_LIMITS,
  LABOR_PARAMETER_MESSAGES,
  LABOR_PARAMETERS,
  laborParameterProblems,
  parseWageAmount,
  type FieldErrors,
  type LaborNumberUnit,
  type LaborParameterDefinition,
  type LaborParameterValue,
  type LaborTableColumn,
  type LaborTableRow,
} from '@cym/common';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorLine, TextAreaField, TextField } from '../../components/ui/Field';
import { SelectField } from '../../components/ui/SelectField';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api/errors';
import { useCreateLaborParameter, useLaborParameters, type AdminLaborParameter } from './api';
import './wages.css';
import './labor-parameters.css';

type TableDefinition = Extract<LaborParameterDefinition, { kind: 'table' }>;

/** A value, not an admin's scale: 'Próximo' where the scales say 'Próxima'. */
const STATUS_LABELS: Record<AdminLaborParameter['status'], string> = {
  vigente: 'Vigente',
  proxima: 'Próximo',
  anterior: 'Anterior',
};

/** The words of the tables' word columns, as a person reads them. */
const WORD_LABELS: Record<string, string> = {
  ...HIRE_ARRANGEMENT_LABELS,
  corridos: 'Corridos',
  de_trabajo: 'De trabajo',
};
const wordLabel = (word: string) => WORD_LABELS[word] ?? word.replace(/_/g, ' ');

const numberFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 3 });

const UNIT_WORDS: Partial<Record<LaborNumberUnit, [string, string]>> = {
  horas: ['hora', 'horas'],
  dias: ['día', 'días'],
  meses: ['mes', 'meses'],
  semanas: ['semana', 'semanas'],
};

/** What the number field of a new value asks for. */
const UNIT_NAMES: Record<LaborNumberUnit, string> = {
  horas: 'horas',
  porcentaje: '%',
  dias: 'días',
  meses: 'meses',
  semanas: 'semanas',
  dia_del_mes: 'día del mes',
  flag: 'sí o no',
};

/** A number with its unit in Spanish: '24 horas', '50 %', 'día 10 de cada mes', 'Sí'. */
function formatLaborNumber(unit: LaborNumberUnit, value: number): string {
  const n = numberFormat.format(value);
  if (unit === 'flag') return value === 1 ? 'Sí' : 'No';
  if (unit === 'porcentaje') return `${n} %`;
  if (unit === 'dia_del_mes') return `día ${n} de cada mes`;
  const [one, many] = UNIT_WORDS[unit]!;
  return `${n} ${value === 1 ? one : many}`;
}

const cellText = (column: LaborTableColumn, cell: number | string | undefined) => {
  if (cell === undefined) return '';
  if (column.kind === 'money') return formatPesosCents(Number(cell));
  if (column.kind === 'number') return numberFormat.format(Number(cell));
  return wordLabel(String(cell));
};

/** A table value: its columns' labels over its rows; scrolls inside its own box on a phone. */
function ValueTable({
  definition,
  rows,
  caption,
}: {
  definition: TableDefinition;
  rows: LaborTableRow[];
  caption: string;
}) {
  if (!rows.length) return <p className="params-value">Ninguna fila: tabla vacía.</p>;
  return (
    <div className="table-scroll params-table-box">
      <table className="params-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {definition.columns.map((column) => (
              <th key={column.key} scope="col" className={column.kind === 'money' ? 'params-table__amount' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {definition.columns.map((column) => (
                <td key={column.key} className={column.kind === 'money' ? 'params-table__amount' : undefined}>
                  {cellText(column, row[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Value({
  definition,
  value,
  caption,
}: {
  definition: LaborParameterDefinition;
  value: LaborParameterValue;
  caption: string;
}) {
  if (definition.kind === 'table')
    return <ValueTable definition={definition} rows={Array.isArray(value) ? value : []} caption={caption} />;
  const text =
    definition.kind === 'date' ? formatIsoDate(String(value)) : formatLaborNumber(definition.unit, Number(value));
  return <p className="params-value">{text}</p>;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]*[^\s<>"'.,;:!?)\]])/;

/** A source's text with its addresses as links that open in a new tab. */
function SourceText({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} target="_blank" rel="noopener">
            {part}
            <span className="visually-hidden"> (se abre en otra pestaña)</span>
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** One dated value: its status, date, the 'Sin confirmar' mark, the value, its source and who loaded it. */
function Version({ definition, version }: { definition: LaborParameterDefinition; version: AdminLaborParameter }) {
  const since = formatIsoDate(version.effective_from);
  return (
    <div className={`params-version params-version--${version.status}`}>
      <p className="params-version__head">
        <span className={`wages-status wages-status--${version.status}`}>{STATUS_LABELS[version.status]}</span>
        <span className="value">Desde {since}</span>
        {version.unconfirmed && <span className="params-unconfirmed">Sin confirmar</span>}
      </p>
      <Value definition={definition} value={version.value} caption={`${definition.label}, desde ${since}`} />
      <p className="params-source">
        Fuente: <SourceText text={version.source} />
      </p>
      <p className="params-meta">
        Cargado {version.created_by ? `por ${version.created_by}` : 'con el sistema'} el{' '}
        {formatDate(new Date(version.created_at))}.
      </p>
    </div>
  );
}

// ── The form ────────────────────────────────────────────────────────────────

interface EditedRow {
  id: number;
  cells: Record<string, string>;
}

let nextRowId = 1;
const editedRow = (cells: Record<string, string>): EditedRow => ({ id: nextRowId++, cells });
const emptyRow = (definition: TableDefinition) =>
  editedRow(Object.fromEntries(definition.columns.map((c) => [c.key, ''])));

/** A stored cell as the admin types it: money es-AR style ('1784,27'), the rest as is. */
const cellInput = (column: LaborTableColumn, cell: number | string | undefined) =>
  cell === undefined ? '' : column.kind === 'money' ? Number(cell).toFixed(2).replace('.', ',') : String(cell);

const rowsOf = (definition: TableDefinition, value: LaborParameterValue | undefined): EditedRow[] =>
  Array.isArray(value)
    ? value.map((row) =>
        editedRow(Object.fromEntries(definition.columns.map((c) => [c.key, cellInput(c, row[c.key])]))),
      )
    : [];

/** A whole number or one with up to three decimals, typed with a comma or a point. */
function parseNumber(text: string): number | null {
  const value = text.trim().replace(',', '.');
  return /^\d{1,6}(\.\d{1,3})?$/.test(value) ? Number(value) : null;
}

function parseCell(column: LaborTableColumn, text: string): number | string | null {
  const value = text.trim();
  if (column.kind === 'money') return parseWageAmount(value);
  if (column.kind === 'number') return /^\d{1,5}$/.test(value) ? Number(value) : null;
  return (column.kind as readonly string[]).includes(value) ? value : null;
}

/**
 * The table typed in the form: its rows ordered by the definition's column, and what is wrong
 * with each cell (empty, not a valid amount or number, a repeated order value), in words.
 */
function readTable(definition: TableDefinition, rows: EditedRow[]) {
  const bad = new Set<string>();
  const messages: string[] = [];
  const parsed: LaborTableRow[] = [];
  const seen = new Map<number | string, number>();
  rows.forEach((row, index) => {
    const out: LaborTableRow = {};
    for (const column of definition.columns) {
      const text = row.cells[column.key] ?? '';
      const cell = parseCell(column, text);
      if (cell === null) {
        bad.add(`${row.id}.${column.key}`);
        messages.push(
          text.trim()
            ? `Fila ${index + 1}: «${column.label}» no es válido.`
            : `Fila ${index + 1}: completá «${column.label}».`,
        );
      } else out[column.key] = cell;
    }
    const order = out[definition.orderedBy];
    if (order !== undefined) {
      const first = seen.get(order);
      if (first !== undefined) {
        bad.add(`${row.id}.${definition.orderedBy}`);
        const label = definition.columns.find((c) => c.key === definition.orderedBy)!.label;
        messages.push(`Fila ${index + 1}: «${label}» repite el de la fila ${first + 1}.`);
      } else seen.set(order, index);
    }
    parsed.push(out);
  });
  const column = definition.columns.find((c) => c.key === definition.orderedBy)!;
  const rank = (cell: number | string | undefined) =>
    Array.isArray(column.kind) ? (column.kind as readonly string[]).indexOf(String(cell)) : Number(cell);
  parsed.sort((a, b) => rank(a[definition.orderedBy]) - rank(b[definition.orderedBy]));
  return { value: parsed, bad, messages };
}

/** The rows of a table value, one fieldset each: an input per column, a select for a word column. */
function TableEditor({
  definition,
  rows,
  bad,
  errors,
  onChange,
}: {
  definition: TableDefinition;
  rows: EditedRow[];
  bad: Set<string>;
  errors: string[] | undefined;
  onChange: (rows: EditedRow[]) => void;
}) {
  const errorId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const rowRefs = useRef(new Map<number, HTMLFieldSetElement>());

  useEffect(() => {
    if (focusRow === null) return;
    rowRefs.current.get(focusRow)?.querySelector<HTMLElement>('input, select')?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const setCell = (id: number, key: string, text: string) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, cells: { ...row.cells, [key]: text } } : row)));

  const add = () => {
    const row = emptyRow(definition);
    onChange([...rows, row]);
    setFocusRow(row.id);
  };
  const remove = (id: number) => {
    onChange(rows.filter((row) => row.id !== id));
    addRef.current?.focus();
  };

  return (
    <fieldset className="params-rows" aria-describedby={errors?.length ? errorId : undefined}>
      <legend>Valor: filas de la tabla</legend>
      {rows.length === 0 && <p className="wages-hint">Sin filas: la tabla queda vacía.</p>}
      {rows.map((row, index) => (
        <fieldset
          key={row.id}
          className="params-row"
          ref={(element) => {
            if (element) rowRefs.current.set(row.id, element);
            else rowRefs.current.delete(row.id);
          }}
        >
          <legend>Fila {index + 1}</legend>
          <div className="params-row__cells">
            {definition.columns.map((column) => {
              const invalid = bad.has(`${row.id}.${column.key}`) || undefined;
              const text = row.cells[column.key] ?? '';
              if (Array.isArray(column.kind))
                return (
                  <SelectField
                    key={column.key}
                    label={column.label}
                    placeholder="Elegí"
                    value={text || null}
                    options={(column.kind as readonly string[]).map((word) => ({
                      value: word,
                      label: wordLabel(word),
                    }))}
                    invalid={invalid}
                    onChange={(word) => setCell(row.id, column.key, word ?? '')}
                  />
                );
              return (
                <TextField
                  key={column.key}
                  label={column.label}
                  inputMode={column.kind === 'money' ? 'decimal' : 'numeric'}
                  autoComplete="off"
                  placeholder={column.kind === 'money' ? 'Ej.: 1.784,27' : undefined}
                  value={text}
                  aria-invalid={invalid}
                  onChange={(e) => setCell(row.id, column.key, e.target.value)}
                />
              );
            })}
          </div>
          <button
            type="button"
            className="button button--ghost params-row__remove"
            aria-label={`Quitar fila ${index + 1}`}
            onClick={() => remove(row.id)}
          >
            Quitar fila
          </button>
        </fieldset>
      ))}
      <ErrorLine id={errorId} message={errors?.join(' ')} />
      <div>
        <button
          ref={addRef}
          type="button"
          className="button button--secondary"
          disabled={rows.length >= LABOR_PARAMETER_LIMITS.maxRows}
          onClick={add}
        >
          Agregar fila
        </button>
      </div>
    </fieldset>
  );
}

/**
 * 'Cargar un valor nuevo': from a date (today or later), the value by the parameter's kind, the
 * source and whether it is confirmed. Checked here as the server checks it; the server's field
 * errors show beside the same fields.
 */
function NewValueForm({
  definition,
  latest,
  onSaved,
  onCancel,
}: {
  definition: LaborParameterDefinition;
  latest: AdminLaborParameter | undefined;
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateLaborParameter();
  const today = argentinaToday(new Date());
  const titleId = useId();
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [source, setSource] = useState('');
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [text, setText] = useState('');
  // A table starts as the latest value: a new one usually changes a few cells.
  const [rows, setRows] = useState<EditedRow[]>(() =>
    definition.kind === 'table' ? rowsOf(definition, latest?.value) : [],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [badCells, setBadCells] = useState<Set<string>>(new Set());
  const first = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);

  useEffect(() => {
    first.current?.querySelector('input')?.focus();
  }, []);

  // A refused form (here or by the server) takes the person to its first marked field.
  useEffect(() => {
    if (refused) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  function submit(event: FormEvent) {
    event.preventDefault();
    let value: unknown;
    let cellMessages: string[] = [];
    if (definition.kind === 'table') {
      const table = readTable(definition, rows);
      value = table.value;
      cellMessages = table.messages;
      setBadCells(table.bad);
    } else if (definition.kind === 'date') value = text;
    else value = parseNumber(text);
    const body = {
      key: definition.key,
      effective_from: effectiveFrom,
      value,
      source: source.trim(),
      unconfirmed,
    };
    const problems = laborParameterProblems(body, today);
    if (cellMessages.length) problems.value = cellMessages;
    setErrors(problems);
    if (Object.keys(problems).length) return setRefused((n) => n + 1);
    create.mutate(body as Parameters<typeof create.mutate>[0], {
      onSuccess: (saved) =>
        onSaved(
          `Valor guardado: ${saved.status === 'vigente' ? 'vigente' : 'próximo'} desde ${formatIsoDate(saved.effective_from)}.`,
        ),
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          setErrors(error.errors);
          setRefused((n) => n + 1);
        }
      },
    });
  }

  const failure = create.isError ? errorMessage(create.error, LABOR_PARAMETER_MESSAGES.saveFailed) : null;

  return (
    <form ref={form} className="form params-form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId}>Valor nuevo: {definition.label}</h3>
      <div ref={first}>
        <TextField
          label="Vigente desde"
          type="date"
          min={today}
          className="params-form__short"
          value={effectiveFrom}
          hint="Hoy o una fecha futura: los cálculos ya hechos no cambian."
          errors={errors.effective_from}
          onChange={(e) => setEffectiveFrom(e.target.value)}
        />
      </div>
      {definition.kind === 'number' && definition.unit === 'flag' && (
        <SelectField
          label="Valor"
          placeholder="Elegí"
          value={text || null}
          options={[
            { value: '1', label: 'Sí' },
            { value: '0', label: 'No' },
          ]}
          errors={errors.value}
          onChange={(choice) => setText(choice ?? '')}
        />
      )}
      {definition.kind === 'number' && definition.unit !== 'flag' && (
        <TextField
          label={`Valor (${UNIT_NAMES[definition.unit]})`}
          className="params-form__short"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          hint={`Entre 0 y ${numberFormat.format(definition.max)}.`}
          errors={errors.value}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      {definition.kind === 'date' && (
        <TextField
          label="Valor (fecha)"
          className="params-form__short"
          type="date"
          value={text}
          errors={errors.value}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      {definition.kind === 'table' && (
        <TableEditor definition={definition} rows={rows} bad={badCells} errors={errors.value} onChange={setRows} />
      )}
      <TextAreaField
        label="Fuente"
        rows={3}
        maxLength={LABOR_PARAMETER_LIMITS.sourceMax}
        value={source}
        hint="La norma o publicación, con su enlace si lo tiene."
        errors={errors.source}
        onChange={(e) => setSource(e.target.value)}
      />
      <label className="choice">
        <input type="checkbox" checked={unconfirmed} onChange={(e) => setUnconfirmed(e.target.checked)} />
        <span>Dato sin confirmar</span>
      </label>
      <ErrorLine message={errors.key?.[0]} />
      {failure && !Object.keys(errors).length && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Guardando…' : 'Guardar valor'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** One parameter: what is in force, what comes next, the history and the form for a new value. */
function ParameterSection({
  definition,
  versions,
}: {
  definition: LaborParameterDefinition;
  versions: AdminLaborParameter[];
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const titleId = `param-${definition.key}`;
  const inForce = versions.find((v) => v.status === 'vigente');
  const upcoming = versions.filter((v) => v.status === 'proxima').reverse();
  const previous = versions.filter((v) => v.status === 'anterior');

  const [refocus, setRefocus] = useState(false);

  // The form's buttons are gone once it closes: focus goes back to the button that opened it.
  useEffect(() => {
    if (!refocus) return;
    toggle.current?.focus();
    setRefocus(false);
  }, [refocus]);

  const close = (message: string | null) => {
    setOpen(false);
    setSaved(message);
    setRefocus(true);
  };

  return (
    <section className="card wages-section params-section" id={definition.key} aria-labelledby={titleId}>
      <h2 id={titleId}>{definition.label}</h2>
      <p className="wages-hint">{definition.help}</p>
      {inForce ? (
        <Version definition={definition} version={inForce} />
      ) : (
        <p className="params-value">Todavía no hay un valor vigente.</p>
      )}
      {upcoming.map((version) => (
        <Version key={version.id} definition={definition} version={version} />
      ))}
      {previous.length > 0 && (
        <details className="params-history">
          <summary>Valores anteriores ({previous.length})</summary>
          <ul>
            {previous.map((version) => (
              <li key={version.id}>
                <Version definition={definition} version={version} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {saved && (
        <p className="notice notice--success" role="status">
          {saved}
        </p>
      )}
      {open ? (
        <NewValueForm
          definition={definition}
          latest={versions[0]}
          onSaved={(text) => close(text)}
          onCancel={() => close(null)}
        />
      ) : (
        <div>
          <button
            ref={toggle}
            type="button"
            className="button button--secondary"
            aria-label={`Cargar un valor nuevo: ${definition.label}`}
            onClick={() => {
              setSaved(null);
              setOpen(true);
            }}
          >
            Cargar un valor nuevo
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * /admin/parametros-laborales: the figures of the household-work regime the hires, payslips and
 * settlements are computed with, each a dated value with its source; admins add the next ones.
 */
export default function AdminLaborParametersPage() {
  const parameters = useLaborParameters();
  const byKey = new Map<string, AdminLaborParameter[]>();
  for (const version of parameters.data ?? []) byKey.set(version.key, [...(byKey.get(version.key) ?? []), version]);

  return (
    <div className="wages-page params-page">
      <h1 className="wages-page__title">Parámetros laborales</h1>
      <p className="wages-hint">
        Las cifras del régimen de casas particulares con las que se calculan contrataciones, recibos y liquidaciones.
        Cada valor rige desde su fecha; uno nuevo no cambia los cálculos anteriores. Las escalas de sueldos están en{' '}
        <Link to={paths.admin.wages}>Salarios mínimos</Link>.
      </p>
      {parameters.error && (
        <p className="notice notice--error" role="alert">
          {errorMessage(parameters.error, LABOR_PARAMETER_MESSAGES.loadFailed)}
        </p>
      )}
      {parameters.isPending && <p role="status">Cargando…</p>}
      {parameters.data && (
        <>
          <details className="params-index card">
            <summary>Ir a un parámetro</summary>
            <ol>
              {LABOR_PARAMETERS.map((definition) => (
                <li key={definition.key}>
                  <a href={`#${definition.key}`}>{definition.label}</a>
                </li>
              ))}
            </ol>
          </details>
          {LABOR_PARAMETERS.map((definition) => (
            <ParameterSection key={definition.key} definition={definition} versions={byKey.get(definition.key) ?? []} />
          ))}
        </>
      )}
    </div>
  );
}
