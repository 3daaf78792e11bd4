/** What other features may use of blocking: the buttons and the account page's list. */
export { BlockButton, ProfileBlockButton } from './BlockButton';
export { BlockedPeople } from './BlockedPeople';
