/** The dialogs of the account: which one is open, and what the link that opened it knew. */
export type AuthDialog = 'login' | 'signup' | 'verify-notice' | 'forgot';

/** What the opener knows: a sign-up link that names worker or employer preselects it. */
export interface AuthDialogOptions {
  profileType?: 'Worker' | 'Parent';
  /** After a login, this address instead of the account's usual page (a private page asked for). */
  next?: string;
}
