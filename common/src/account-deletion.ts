/**
 * Deleting one's own account and what the others see of it afterwards: the words the server
 * answers with and the screens show.
 */

/** Days after a deletion when the account's remaining personal data is erased or anonymised. */
export const ACCOUNT_ERASURE_DAYS = 30;

/** How a deleted account is named to the other party of a conversation. */
export const DELETED_USER_NAME = 'Usuario eliminado';

export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Ingresá tu contraseña para confirmar.',
  wrongPassword: 'La contraseña no es correcta.',
  adminRefused: 'Las cuentas del equipo no se eliminan desde acá: pedíselo a otro administrador.',
  done: 'Tu cuenta fue eliminada.',
  /** Where a message's text was, once its author's account was erased. */
  messageErased: 'Mensaje eliminado',
  /** The chat's composer, closed, in a conversation with a deleted account. */
  composerClosed: 'Esta cuenta fue eliminada.',
} as const;

/** What disappears at once, what is erased within 30 days and what is kept, as the page and the e-mail say it. */
export const ACCOUNT_DELETION_TERMS = {
  now: 'En el momento: tu perfil público, tus ofertas, tus fotos, tus documentos de verificación, tus guardados y tus búsquedas dejan de verse y se borran; se cierran todas tus sesiones. Quien conversó con vos ve «Usuario eliminado».',
  within: `Dentro de ${ACCOUNT_ERASURE_DAYS} días: borramos o anonimizamos el resto de tus datos personales (el texto de tus mensajes, las referencias que escribiste o que te escribieron, los datos personales de tus relaciones laborales y los correos que te enviamos).`,
  kept: 'Lo que guardamos: tus pagos (monto, fecha y medio de pago), sin datos de contacto, porque la ley impositiva nos obliga a conservarlos para la contabilidad.',
} as const;
