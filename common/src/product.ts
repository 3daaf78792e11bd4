/** The product's name as the screens and e-mails show it. */
export const PRODUCT_NAME = 'Casa y Manos';

export enum ProfileType {
  Worker = 'Worker',
  Parent = 'Parent',
}

/** Local storage key of the session. */
export const AUTH_STORAGE_KEY = 'authTokens';
