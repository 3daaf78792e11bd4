import { JOB_OFFER_MESSAGES } from '@cym/common';
import type { DomainEvents } from '../../common/events/domain-events';
import { AppException } from '../../common/app-exception';
import { createValidationPipe } from '../../common/validation';
import type { Transactions } from '../../database/transactions';
import type { JobOffersDirectoryService } from '../browse/job-offers-directory.service';
import type { Catalog, CatalogService } from '../catalog/catalog.service';
import type { ParentAccess } from '../parent-profile/parent-access';
import type { ProfilesService } from '../profiles/profiles.service';
import { JobOfferBodyDto } from './dto/job-offers.dto';
import type { JobOffersRepository } from './job-offers.repository';
import { JobOffersService } from './job-offers.service';

/** A catalog with one of each choice the body below names, and one municipality of one province. */
const catalog = {
  services: [{ id: 1 }],
  tasks: [],
  workArrangements: [{ id: 2 }],
  languages: [],
  shifts: [],
  municipalities: [{ id: 30, province: { id: 3 } }],
} as unknown as Catalog;

const service = new JobOffersService(
  {} as JobOffersRepository,
  {} as Transactions,
  {} as ParentAccess,
  { get: async () => catalog } as unknown as CatalogService,
  {} as JobOffersDirectoryService,
  {} as ProfilesService,
  {} as DomainEvents,
);

/** An offer's body as POST /api/job-offers/ reads it: the app's global pipe, then the service's rules. */
async function validInput(monthly_price: unknown) {
  const body = await createValidationPipe().transform(
    {
      title: 'Niñera para dos chicos',
      description: 'Buscamos una niñera cariñosa y con referencias para dos chicos de 4 y 7 años.',
      services: [1],
      work_arrangements: [2],
      location: { neighborhood: 'Palermo', province: 3, municipality: 30 },
      monthly_price,
    },
    { type: 'body', metatype: JobOfferBodyDto, data: undefined },
  );
  return service.validInput(body as JobOfferBodyDto);
}

describe("a job offer's monthly price: digits up to 10,000,000, or none", () => {
  it.each([
    [10_000_001],
    ['10000001'],
    ['12.5'],
    [12.5],
    [-1],
    ['-1'],
    ['abc'],
    ['1e6'],
    [true],
    [{ amount: 1 }],
    [[5]],
  ])('refuses %p with 400 and the price message on monthly_price alone', async (bad) => {
    const refused = await validInput(bad).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppException);
    expect((refused as AppException).getStatus()).toBe(400);
    expect((refused as AppException).getResponse()).toEqual({
      error: JOB_OFFER_MESSAGES.priceInvalid,
      code: 'VALIDATION_FAILED',
      errors: { monthly_price: [JOB_OFFER_MESSAGES.priceInvalid] },
    });
  });

  it('takes 10,000,000 written as digits, and empty or null as no price', async () => {
    expect((await validInput('10000000')).monthly_price).toBe(10_000_000);
    expect((await validInput(10_000_000)).monthly_price).toBe(10_000_000);
    expect((await validInput('')).monthly_price).toBeNull();
    expect((await validInput(null)).monthly_price).toBeNull();
  });
});
