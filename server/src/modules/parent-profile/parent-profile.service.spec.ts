import { PARENT_INFO_MESSAGES } from '@cym/common';
import type { DomainEvents } from '../../common/events/domain-events';
import { AppException } from '../../common/app-exception';
import type { Clock } from '../../common/clock/clock';
import { createValidationPipe } from '../../common/validation';
import type { AuthUser } from '../auth/access/auth-user';
import { ParentInfoBodyDto } from './dto/parent-profile.dto';
import type { ParentAccess } from './parent-access';
import type { ParentProfileRepository } from './parent-profile.repository';
import { ParentProfileService } from './parent-profile.service';

const owner: AuthUser = { id: 7, email: 'empleadora@example.com', profileType: 'Parent', isAdmin: false };

/**
 * PUT /api/parent-profile/:id/info/update/ without the app: the body through the app's global pipe
 * (the DTO's types), then the service's rules (common's parentInfoProblems) on the Clock's day.
 */
function infoUpdate() {
  const update = jest.fn(async () => ({ affected: 1 }));
  const service = new ParentProfileService(
    { updateInfo: update } as unknown as ParentProfileRepository,
    { owned: async () => ({ user_id: owner.id }) } as unknown as ParentAccess,
    { now: () => new Date('2026-06-15T12:00:00Z') } as unknown as Clock,
    { emit: jest.fn() } as unknown as DomainEvents,
  );
  const put = async (date_of_birth: unknown) => {
    const body = await createValidationPipe().transform(
      { date_of_birth, gender: 'female', nationality: 'Argentina' },
      { type: 'body', metatype: ParentInfoBodyDto, data: undefined },
    );
    return service.updateInfo(3, owner, body as ParentInfoBodyDto);
  };
  return { put, update };
}

describe("ParentProfileService.updateInfo: the employer's date of birth", () => {
  it.each([[''], ['1990-02-30'], ['15/06/1990'], ['ayer'], [null]])(
    'refuses %p with 400 "La fecha de nacimiento es obligatoria." and writes nothing',
    async (bad) => {
      const { put, update } = infoUpdate();
      const refused = await put(bad).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppException);
      expect((refused as AppException).getStatus()).toBe(400);
      expect((refused as AppException).getResponse()).toEqual({
        error: PARENT_INFO_MESSAGES.birthRequired,
        code: 'VALIDATION_FAILED',
        errors: { date_of_birth: [PARENT_INFO_MESSAGES.birthRequired] },
      });
      expect(update).not.toHaveBeenCalled();
    },
  );
});
