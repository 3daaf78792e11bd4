import { REPORT_TARGET_WORDS, REPORT_TARGETS, type ReportTarget } from '@cym/common';
import { paths } from '../../config/paths';

/** The team's page of one reported target. */
export const reportPath = (type: ReportTarget, id: number): string =>
  paths.admin.report.replace(':targetType', type).replace(':targetId', String(id));

/** A target kind from the address, or null for any other text. */
export const targetTypeOf = (value: string | undefined): ReportTarget | null =>
  (REPORT_TARGETS as readonly string[]).includes(value ?? '') ? (value as ReportTarget) : null;

/**
 * What was reported, in a few words: 'Mensaje: «¿Me transferís…»' (its start), 'Oferta: «Niñera
 * por la tarde»', 'Perfil: Lucía Benítez' (a profile has no label: its person names it). Without a
 * label a message is named by its sender: 'Mensaje de Mariana Sosa'.
 */
export function targetName(type: ReportTarget, label: string | null, person = ''): string {
  const word = REPORT_TARGET_WORDS[type];
  if (type === 'worker_profile') return person ? `${word}: ${person}` : word;
  if (label) return `${word}: «${label}»`;
  return type === 'message' && person ? `${word} de ${person}` : word;
}
