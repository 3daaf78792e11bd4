/**
 * A transaction that wrote e-mails to the outbox committed (announced by
 * `MailService.notifyCommitted`): the sender starts a delivery pass at once instead of at its
 * next poll.
 */
export const MAIL_QUEUED = 'mail.queued';
