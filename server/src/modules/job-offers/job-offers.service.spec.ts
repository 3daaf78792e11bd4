import type { DomainEvents } from '../../common/events/domain-events';
import type { EntityManager } from 'typeorm';
import type { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/access/auth-user';
import type { JobOffersDirectoryService } from '../browse/job-offers-directory.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { ParentAccess } from '../parent-profile/parent-access';
import type { ProfilesService } from '../profiles/profiles.service';
import type { JobOffersRepository } from './job-offers.repository';
import { JobOffersService } from './job-offers.service';

const employer: AuthUser = { id: 7, email: 'empleador@example.com', profileType: 'Parent', isAdmin: false };

/** The service over mocked collaborators: the offers' repository answers whether the offer is theirs, then the write. */
function setUp(offerExists = true) {
  const offerRows = {
    isOfParent: jest.fn(async () => offerExists),
    remove: jest.fn(async () => undefined),
    lock: jest.fn(async () => undefined),
  };
  const manager = {};
  let committed = false;
  const transaction = jest.fn(async (work: (m: EntityManager) => Promise<unknown>) => {
    const result = await work(manager as unknown as EntityManager);
    committed = true;
    return result;
  });
  const events = { emit: jest.fn() };
  const access = { owned: jest.fn(async () => ({ user_id: employer.id })) };
  const offers = { anyById: jest.fn(async () => ({ id: 5, parent_profile: null })) };
  const service = new JobOffersService(
    offerRows as unknown as JobOffersRepository,
    { run: transaction } as unknown as Transactions,
    access as unknown as ParentAccess,
    {} as CatalogService,
    offers as unknown as JobOffersDirectoryService,
    {} as ProfilesService,
    events as unknown as DomainEvents,
  );
  return { service, offerRows, transaction, events, isCommitted: () => committed };
}

describe('JobOffersService events', () => {
  it('announces job-offer.changed once, after the delete, when an employer removes an offer', async () => {
    const { service, offerRows, events } = setUp();
    await service.remove(3, 5, employer);
    expect(events.emit).toHaveBeenCalledTimes(1);
    expect(events.emit).toHaveBeenCalledWith('job-offer.changed', { offerId: 5 });
    expect(offerRows.remove).toHaveBeenCalledWith(5);
    expect(events.emit.mock.invocationCallOrder[0]).toBeGreaterThan(offerRows.remove.mock.invocationCallOrder[0]!);
  });

  it('announces nothing when the offer is not the employer’s (nothing was written)', async () => {
    const { service, offerRows, events } = setUp(false);
    await expect(service.remove(3, 5, employer)).rejects.toMatchObject({ status: 404 });
    expect(offerRows.remove).not.toHaveBeenCalled();
    expect(events.emit).not.toHaveBeenCalled();
  });

  it('announces an admin removal only after its transaction has committed', async () => {
    const { service, events, transaction, isCommitted } = setUp();
    let committedAtEmit: boolean | undefined;
    events.emit.mockImplementation(() => {
      committedAtEmit = isCommitted();
    });
    await service.removeAny(5, async () => undefined);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(events.emit).toHaveBeenCalledWith('job-offer.changed', { offerId: 5 });
    expect(committedAtEmit).toBe(true);
  });

  it('announces nothing when the transaction fails', async () => {
    const { service, events } = setUp();
    await expect(
      service.removeAny(5, async () => {
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    expect(events.emit).not.toHaveBeenCalled();
  });
});
