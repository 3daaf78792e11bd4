/**
 * What other features use of moderation: 'Denunciar' on a worker's profile and an employer's
 * offer, and under a message of the other party (the money warning and 'Denunciar mensaje').
 * The team's pages are routes of their own (app/router.tsx).
 */
export { ReportButton } from './ReportButton';
export { MessageSafety } from './MessageSafety';
