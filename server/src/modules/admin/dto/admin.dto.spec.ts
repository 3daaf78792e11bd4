import { ADMIN_MESSAGES, MAX_MEMBERSHIP_PRICE } from '@cym/common';
import { AppException } from '../../../common/app-exception';
import { createValidationPipe } from '../../../common/validation';
import { PriceBodyDto } from './admin.dto';

/** The body as the app's global pipe reads it for PUT /api/admin/membership-type/price/. */
const read = (body: unknown): Promise<unknown> =>
  createValidationPipe().transform(body, { type: 'body', metatype: PriceBodyDto, data: undefined });

/** The status and body the pipe's refusal answers with, or a failure if the body was accepted. */
async function refusal(body: unknown): Promise<{ status: number; body: unknown }> {
  try {
    await read(body);
  } catch (error) {
    if (error instanceof AppException) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

describe('PriceBodyDto (the membership price an admin sets)', () => {
  it.each([[0], [-1], [1.5], ['abc'], [undefined], [MAX_MEMBERSHIP_PRICE + 1], [null], [true], [[45000]]])(
    'refuses %p with 400 "Ingresá un precio válido mayor a 0"',
    async (value) => {
      expect(await refusal(value === undefined ? {} : { price: value })).toEqual({
        status: 400,
        body: {
          error: ADMIN_MESSAGES.invalidPrice,
          code: 'VALIDATION_FAILED',
          errors: { price: [ADMIN_MESSAGES.invalidPrice] },
        },
      });
    },
  );

  it('accepts whole pesos from 1 to 100,000,000', async () => {
    expect(MAX_MEMBERSHIP_PRICE).toBe(100_000_000);
    for (const price of [1, 45000, MAX_MEMBERSHIP_PRICE]) expect(await read({ price })).toEqual({ price });
  });
});
