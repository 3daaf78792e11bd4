import { argentinaToday } from './format';
import { formatPhone, whatsappDigits } from './phone';
import { PRODUCT_NAME } from './product';

/** The back office's texts: titles, empty lists, failures, confirmations. */
export const ADMIN_MESSAGES = {
  workersTitle: 'Perfiles',
  parentsTitle: 'Empleadores',
  offersTitle: 'Empleos',
  paymentsTitle: 'Pagos',
  noWorkers: 'No se encontraron trabajadores.',
  noParents: 'No se encontraron padres.',
  noOffers: 'No se encontraron ofertas laborales.',
  noPayments: 'No se encontraron pagos.',
  parentsLoadFailed: 'Error al obtener padres',
  workersLoadFailed: 'Error al obtener trabajadores',
  offersLoadFailed: 'Error al obtener ofertas de trabajo',
  paymentsLoadFailed: 'Error al obtener pagos',
  deleteFailed: 'Error al eliminar: ',
  membershipToggleFailed: 'Error al actualizar el estado de la membresía',
  statsFailed: 'No se pudieron cargar las estadísticas.',
  priceLoadFailed: 'No se pudo obtener el precio actual',
  priceUpdateFailed: 'No se pudo actualizar el precio',
  invalidPrice: 'Ingresá un precio válido mayor a 0',
  whatsappFailed: 'Error al abrir WhatsApp. Por favor, verificá el número de teléfono.',
  invalidWhatsapp: 'Número de teléfono inválido. Debe tener entre 10 y 12 dígitos.',
  confirmDeleteWorker: '¿Estás seguro de que querés eliminar este trabajador?',
  confirmDeleteParent: '¿Estás seguro de que querés eliminar este empleador?',
  confirmDeleteOffer: '¿Estás seguro de que querés eliminar esta oferta laboral?',
  neverLoggedIn: 'No ha iniciado sesión',
  notAvailable: 'N/A',
  // Server-side refusals.
  userNotFound: 'No encontramos este usuario.',
  membershipNotFound: 'No encontramos esta membresía.',
  offerHasEmployer: 'Solo se pueden editar las ofertas publicadas por el equipo (sin empleador).',
  cannotDeleteAdmin: 'No se puede eliminar una cuenta de administrador.',
  notAWorker: 'La visibilidad del perfil solo se cambia en perfiles de trabajadores.',
  paymentNotFound: 'No encontramos este pago.',
  ownSecondFactor:
    'No podés restablecer tu propio segundo factor desde acá: si perdiste tu app, usá un código de recuperación al ingresar.',
  notAnAdmin: 'Esta cuenta no es del equipo: no tiene segundo factor para restablecer.',
} as const;

/** The team screen: the admins, and resetting another admin's second factor. */
export const ADMIN_TEAM_MESSAGES = {
  title: 'Equipo',
  intro:
    'Las personas que administran el sitio. Si alguien perdió el teléfono con su app de autenticación, restablecé su segundo factor: va a tener que ingresar y configurarlo de nuevo.',
  loadFailed: 'No pudimos cargar el equipo. Intentá nuevamente.',
  resetButton: 'Restablecer segundo factor',
  confirmTitle: '¿Restablecer el segundo factor?',
  confirmAction: 'Sí, restablecer',
  cancel: 'Cancelar',
  resetFailed: 'No pudimos restablecer el segundo factor. Intentá nuevamente.',
  enrolled: 'Segundo factor activo',
  notEnrolled: 'Segundo factor sin configurar',
  you: 'Sos vos',
} as const;

/** What the confirmation says about resetting `name`'s second factor. */
export function secondFactorResetWarning(name: string): string {
  return `Vamos a borrar la app de autenticación y los códigos de recuperación de ${name}, y a cerrar todas sus sesiones. La próxima vez que ingrese va a tener que configurar el segundo factor de nuevo. Le avisamos por correo.`;
}

/** The notice after resetting `name`'s second factor. */
export function secondFactorResetDone(name: string): string {
  return `Restablecimos el segundo factor de ${name}: se cerraron sus sesiones y le avisamos por correo.`;
}

/** The highest membership price an admin may set (pesos); far above any real price, below integer overflow. */
export const MAX_MEMBERSHIP_PRICE = 100_000_000;

/** A whole number of pesos greater than 0 (the admin's membership price), or the message. */
export function membershipPriceProblem(raw: unknown): string | null {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > MAX_MEMBERSHIP_PRICE)
    return ADMIN_MESSAGES.invalidPrice;
  return null;
}

/**
 * The WhatsApp chat link for a phone of the admin lists, with a greeting already written; null when
 * the phone is not an Argentine mobile (the one rule of phone.ts, which also reads numbers saved
 * before phones were normalised).
 */
export function whatsappLink(phone: string | null | undefined, firstName: string): string | null {
  const number = whatsappDigits(phone);
  if (!number) return null;
  const greeting = `Hola ${firstName.trim()}, te escribimos del equipo de ${PRODUCT_NAME}.`;
  return `https://wa.me/${number}?text=${encodeURIComponent(greeting)}`;
}

/** A row of the admin CSV exports. */
export interface AdminCsvRow {
  joined: string;
  name: string;
  email: string;
  phone: string | null;
  lastLogin: string | null;
}

export const ADMIN_CSV_HEADER = [
  'Fecha de registro',
  'Nombre',
  'Correo electrónico',
  'Teléfono',
  'Última conexión',
] as const;

/** One CSV cell: quoted when it holds a separator, a quote or a line break; formulas defused. */
function csvCell(value: string): string {
  // A cell starting with = + - @ would run as a formula in a spreadsheet: prefix it with a quote.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The CSV of an admin list: header, then one line per row, CRLF line ends, 'N/A' for a missing
 * phone and 'No ha iniciado sesión' for someone who never logged in. A BOM first, so
 * spreadsheets open the accents right.
 */
export function adminCsv(rows: AdminCsvRow[]): string {
  const lines = [ADMIN_CSV_HEADER.join(',')];
  for (const row of rows)
    lines.push(
      [
        row.joined,
        row.name,
        row.email,
        formatPhone(row.phone) ?? ADMIN_MESSAGES.notAvailable,
        row.lastLogin || ADMIN_MESSAGES.neverLoggedIn,
      ]
        .map(csvCell)
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** 'postulantes-2026-11-23.csv' / 'empleadores-2026-11-23.csv', the date in Buenos Aires. */
export function adminCsvFileName(kind: 'workers' | 'parents', now: Date = new Date()): string {
  const day = argentinaToday(now);
  return `${kind === 'workers' ? 'postulantes' : 'empleadores'}-${day}.csv`;
}
