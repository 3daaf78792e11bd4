import { PRODUCT_NAME } from './product';

/** 'Descargar mis datos' (the right of access): how long a ZIP lasts and how many a person may ask for. */
export const DATA_EXPORT_LIMITS = {
  /** Hours a ready ZIP can be downloaded. */
  validHours: 24,
  /** Requests per person in any 24 hours. */
  perDay: 3,
} as const;

export const DATA_EXPORT_MESSAGES = {
  notFound: 'No encontramos esa descarga de tus datos.',
  inProgress: 'Ya estamos preparando tus datos. Te avisamos por correo cuando estén listos.',
  limit: 'Ya pediste tus datos 3 veces en las últimas 24 horas. Probá de nuevo mañana.',
  notReady: 'Tus datos todavía se están preparando. Te avisamos por correo cuando estén listos.',
  expired: 'El enlace venció. Pedí una nueva descarga desde Mi cuenta.',
  requested: 'Estamos preparando tus datos. Te avisamos por correo cuando estén listos (suele tardar unos minutos).',
} as const;

/** The ZIP's name as the browser saves it: `mis-datos-casa-y-manos-2026-11-29.zip` (the day it was made, in Argentina). */
export function dataExportFileName(isoDay: string): string {
  const product = PRODUCT_NAME.toLowerCase().replace(/\s+/g, '-');
  return `mis-datos-${product}-${isoDay}.zip`;
}
