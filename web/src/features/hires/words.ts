import {
  formatDateTime,
  formatIsoDate,
  formatPesosCents,
  HIRE_PAY_BASIS_LABELS,
  SITE_PATTERNS,
  type EmploymentStatus,
  type HirePayBasis,
} from '@cym/common';
import type { EmploymentSummary } from './api';

/** /contrataciones/{id}: one relationship's page. */
export const hirePath = (id: number) => SITE_PATTERNS.hire.replace(':hireId', String(id));

/** /contrataciones/{id}/recibos/{period}: one month's payslip. */
export const payslipPath = (id: number, period: string) =>
  SITE_PATTERNS.payslip.replace(':hireId', String(id)).replace(':period', period);

/** A Buenos Aires calendar day (YYYY-MM-DD) as dd/mm/yyyy. */
export const dayText = formatIsoDate;

/** A moment (an ISO timestamp) as dd/mm/yyyy HH:mm in Buenos Aires. */
export function stampText(iso: string): string {
  return formatDateTime(new Date(iso));
}

/** 'octubre de 2026' at the start of a line: 'Octubre de 2026'. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A semester as the API names it ('2026-2') in words: 'Segundo semestre de 2026'. */
export function semesterText(semester: string): string {
  const [year, half] = semester.split('-');
  return `${half === '1' ? 'Primer' : 'Segundo'} semestre de ${year}`;
}

/** Weekly hours as people write them: 20, 17,5. */
export function hoursText(hours: number): string {
  return hours.toLocaleString('es-AR', { maximumFractionDigits: 2 });
}

/** Amounts in a text never cut between '$' and the number. */
export function unbrokenAmounts(text: string): string {
  return text.replace(/\$ (?=\d)/g, '$\u00a0');
}

/** An amount that never breaks between '$' and its number. */
export function moneyText(amount: number): string {
  return unbrokenAmounts(formatPesosCents(amount));
}

/** '$ 3.500,00 por hora', '$ 450.000,00 por mes'. */
export function payText(terms: { pay_basis: HirePayBasis; pay_amount: number }): string {
  return unbrokenAmounts(
    `${formatPesosCents(terms.pay_amount)} ${HIRE_PAY_BASIS_LABELS[terms.pay_basis].toLowerCase()}`,
  );
}

/** The zone supplement's note, with the percentage in force at the start. */
export function zoneText(percent: number | null): string {
  return percent === null
    ? 'Más el adicional por zona desfavorable'
    : `Más el adicional por zona desfavorable (${hoursText(percent)} %)`;
}

export type TextPiece = { text: string } | { href: string };

/**
 * A source's text cut into plain words and web addresses, so the addresses become links; a
 * closing period, comma or bracket after an address stays text.
 */
export function withLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let rest = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const href = match[0].replace(/[.,;:)\]]+$/, '');
    const at = match.index;
    if (at > rest) pieces.push({ text: text.slice(rest, at) });
    pieces.push({ href });
    rest = at + href.length;
  }
  if (rest < text.length) pieces.push({ text: text.slice(rest) });
  return pieces;
}

export const EMPLOYMENT_BADGES: Record<EmploymentStatus, string> = {
  trial: 'badge--warning',
  active: 'badge--done',
  ended: 'badge--neutral',
};

/** The person on the other side of the relationship (for an admin, the worker), and what they are in it. */
export function otherParty(employment: EmploymentSummary) {
  return employment.role === 'worker'
    ? { party: employment.employer, as: 'Empleador/a' }
    : { party: employment.worker, as: 'Trabajadora' };
}
