import { laborParameterDefinition } from '@cym/common';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { downloadPdf, type PayLine } from './api';
import { moneyText, unbrokenAmounts } from './words';

/** The parameters a line used, by name ('Divisor de vacaciones'); the scale is named apart. */
function usedNames(line: PayLine): string[] {
  return line.sources.filter((key) => key !== 'wage_scale').map((key) => laborParameterDefinition(key)?.label ?? key);
}

/**
 * Computed lines as every money screen shows them: the concept, how it was reached (the formula
 * with its numbers, in small print) and the amount, kept on one line at the right.
 */
export function PayLines({ lines, showUsed = false }: { lines: PayLine[]; showUsed?: boolean }) {
  return (
    <ul className="hire-lines">
      {lines.map((line, i) => {
        const used = showUsed ? usedNames(line) : [];
        return (
          <li key={`${line.key}-${i}`} className="hire-line">
            <span className="hire-line__label">{line.label}</span>
            <span className="hire-line__amount value">{moneyText(line.amount)}</span>
            <span className="hire-line__formula">
              {unbrokenAmounts(line.formula)}
              {used.length > 0 && <> · Usa: {used.join(', ')}</>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Totals under the lines: each label with its amount, the last one (what is paid) stronger. */
export function PayTotals({ totals }: { totals: [string, number][] }) {
  return (
    <dl className="hire-totals">
      {totals.map(([label, amount], i) => (
        <div
          key={label}
          className={i === totals.length - 1 ? 'hire-totals__row hire-totals__row--main' : 'hire-totals__row'}
        >
          <dt>{label}</dt>
          <dd className="value">{moneyText(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Descargar PDF': the document read with the session and saved; a failure is said beside it. */
export function PdfButton({ address, filename, what }: { address: string; filename: string; what: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setProblem(null);
    try {
      await downloadPdf(address, filename);
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos descargar el PDF. Intentá de nuevo.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="hire-pdf">
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Descargando…' : 'Descargar PDF'}
        <span className="visually-hidden"> {what}</span>
      </button>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
