/**
 * 'Eliminar mi cuenta': the account page's last section, and the notice the page after the
 * deletion shows (drawn by the shell).
 */
export { AccountDeletionSection } from './AccountDeletionSection';
export { AccountDeletedNotice } from './AccountDeletedNotice';
