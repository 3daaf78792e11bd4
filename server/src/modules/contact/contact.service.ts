import { Inject, Injectable } from '@nestjs/common';
import { CONTACT_MESSAGES, normalizeEmail, validateContact } from '@cym/common';
import { AppException } from '../../common/app-exception';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ContactRepository } from './contact.repository';
import { ContactFormDto, ContactSentDto } from './dto/contact.dto';

@Injectable()
export class ContactService {
  constructor(
    private readonly messages: ContactRepository,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stores a visitor's message; the team reads them from the database (and later the back office). */
  async submit(form: ContactFormDto, ip: string): Promise<ContactSentDto> {
    const errors = validateContact(form);
    if (Object.keys(errors).length > 0) throw AppException.validation(errors);
    await this.limiter.consume('contact', ip, { limit: this.config.contact.rateLimitPerHour, windowMs: 3_600_000 });
    await this.messages.add({
      name: form.name.trim(),
      email: normalizeEmail(form.email),
      message: form.message.trim(),
      ip,
    });
    return { message: CONTACT_MESSAGES.sent };
  }
}
