import { isEmail } from './validation';

/** Contact form limits and messages. */
export const CONTACT_LIMITS = { nameMax: 20, messageMax: 700 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'El nombre es obligatorio.',
  nameTooLong: 'El nombre no puede tener más de 20 caracteres.',
  emailRequired: 'El correo electrónico es obligatorio.',
  emailInvalid: 'El correo electrónico es inválido.',
  messageRequired: 'El mensaje es obligatorio.',
  messageTooLong: 'El mensaje no puede tener más de 700 caracteres.',
  sent: '¡Gracias! Recibimos tu mensaje y te responderemos dentro de las 48 horas.',
  failed: 'Error al enviar el mensaje. Por favor, inténtalo de nuevo.',
} as const;

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactInput, string[]>>;

/**
 * The contact form's rules, used by the screen before sending and by the server on arrival.
 * Values are trimmed before the checks so a message of spaces counts as empty.
 */
export function validateContact(input: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const message = input.message.trim();
  if (!name) errors.name = [CONTACT_MESSAGES.nameRequired];
  else if (name.length > CONTACT_LIMITS.nameMax) errors.name = [CONTACT_MESSAGES.nameTooLong];
  if (!email) errors.email = [CONTACT_MESSAGES.emailRequired];
  else if (!isEmail(email)) errors.email = [CONTACT_MESSAGES.emailInvalid];
  if (!message) errors.message = [CONTACT_MESSAGES.messageRequired];
  else if (message.length > CONTACT_LIMITS.messageMax) errors.message = [CONTACT_MESSAGES.messageTooLong];
  return errors;
}
