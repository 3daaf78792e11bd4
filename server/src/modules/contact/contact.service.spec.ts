import { CONTACT_MESSAGES } from '@cym/common';
import { AppException } from '../../common/app-exception';
import type { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { createValidationPipe } from '../../common/validation';
import type { AppConfig } from '../../config/app-config';
import type { ContactRepository } from './contact.repository';
import { ContactService } from './contact.service';
import { ContactFormDto } from './dto/contact.dto';
import type { ContactMessage } from './entities/contact-message.entity';

/**
 * POST /api/contact-form/ without the app: the body through the app's global pipe (the DTO's
 * types), then the service's rules (common's validateContact); the store is a list in memory.
 */
function contactForm() {
  const inserted: Partial<ContactMessage>[] = [];
  const messages = { add: async (row: Partial<ContactMessage>) => void inserted.push(row) };
  const limiter = { consume: async () => undefined };
  const config = { contact: { rateLimitPerHour: 1000 } };
  const service = new ContactService(
    messages as unknown as ContactRepository,
    limiter as unknown as RateLimiter,
    config as unknown as AppConfig,
  );
  const submit = async (body: unknown) => {
    const form = (await createValidationPipe().transform(body, {
      type: 'body',
      metatype: ContactFormDto,
      data: undefined,
    })) as ContactFormDto;
    return service.submit(form, '203.0.113.7');
  };
  return { submit, inserted };
}

describe('ContactService.submit with the ContactFormDto body (the contact form)', () => {
  it.each([
    [{ email: 'a@b.co', message: 'Hola' }, 'name', CONTACT_MESSAGES.nameRequired],
    [{ name: '', email: 'a@b.co', message: 'Hola' }, 'name', CONTACT_MESSAGES.nameRequired],
    [{ name: 'a'.repeat(21), email: 'a@b.co', message: 'Hola' }, 'name', CONTACT_MESSAGES.nameTooLong],
    [{ name: 'Ana', message: 'Hola' }, 'email', CONTACT_MESSAGES.emailRequired],
    [{ name: 'Ana', email: 'no-es-un-correo', message: 'Hola' }, 'email', CONTACT_MESSAGES.emailInvalid],
    [{ name: 'Ana', email: `${'a'.repeat(250)}@b.co`, message: 'Hola' }, 'email', CONTACT_MESSAGES.emailInvalid],
    [{ name: 'Ana', email: 'a@b.co', message: '   ' }, 'message', CONTACT_MESSAGES.messageRequired],
    [{ name: 'Ana', email: 'a@b.co', message: 'm'.repeat(701) }, 'message', CONTACT_MESSAGES.messageTooLong],
    [{ name: 12, email: 'a@b.co', message: 'Hola' }, 'name', CONTACT_MESSAGES.nameRequired],
    [{ name: 'Ana', email: ['a@b.co'], message: 'Hola' }, 'email', CONTACT_MESSAGES.emailRequired],
    [{ name: 'Ana', email: 'a@b.co', message: { text: 'Hola' } }, 'message', CONTACT_MESSAGES.messageRequired],
  ])('refuses %j with 400 and the Spanish message for %s, storing nothing', async (body, field, message) => {
    const { submit, inserted } = contactForm();
    const refused = await submit(body).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppException);
    const answer = refused as AppException;
    expect(answer.getStatus()).toBe(400);
    expect(answer.getResponse()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: [message] } });
    expect(inserted).toEqual([]);
  });

  it('stores exactly 20 and 700 characters, trimmed, with the e-mail lower-cased', async () => {
    const { submit, inserted } = contactForm();
    expect(await submit({ name: 'n'.repeat(20), email: 'a@b.co', message: 'm'.repeat(700) })).toEqual({
      message: CONTACT_MESSAGES.sent,
    });
    await submit({ name: '  Ana ', email: 'Ana.Perez@Example.COM', message: ' Hola. ' });
    expect(inserted).toEqual([
      { name: 'n'.repeat(20), email: 'a@b.co', message: 'm'.repeat(700), ip: '203.0.113.7' },
      { name: 'Ana', email: 'ana.perez@example.com', message: 'Hola.', ip: '203.0.113.7' },
    ]);
  });
});
