import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { AsInt, EmptyIsUnset } from './settings-kit';

/** Outgoing e-mail: the SMTP server (none: printed to the console), the sender, the outbox's pace. */
export class MailVariables {
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'Casa y Manos <no-responder@casaymanos.com.ar>';

  /** How often the background sender looks for due e-mails, in milliseconds. */
  @AsInt()
  @IsInt()
  @Min(50)
  MAIL_POLL_MS = 5000;
}

export interface MailSettings {
  mail: { smtpUrl?: string; from: string; pollMs: number };
}

export function mailSettings(values: MailVariables): MailSettings {
  return { mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM, pollMs: values.MAIL_POLL_MS } };
}
