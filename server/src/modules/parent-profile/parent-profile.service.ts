import { Injectable } from '@nestjs/common';
import { GENDERS, parentInfoProblems } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import type { AuthUser } from '../auth/access/auth-user';
import { Clock } from '../../common/clock/clock';
import { ParentInfoBodyDto, ParentInfoDto } from './dto/parent-profile.dto';
import type { ParentProfile } from './entities/parent-profile.entity';
import { ParentProfileRepository } from './parent-profile.repository';
import { ParentAccess } from './parent-access';
import { DomainEvents } from '../../common/events/domain-events';

/** The employer's personal info: the card on their account page. */
@Injectable()
export class ParentProfileService {
  constructor(
    private readonly parentProfiles: ParentProfileRepository,
    private readonly access: ParentAccess,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** The empty profile of an employer who just signed up (in the sign-up's transaction). */
  createEmpty(m: EntityManager, userId: number): Promise<void> {
    return this.parentProfiles.addEmpty(userId, m);
  }

  /** A deleted account's employer profile: its personal fields emptied (the row stays with its payments). */
  forgetPersonalData(m: EntityManager, userId: number): Promise<void> {
    return this.parentProfiles.forgetPersonalData(userId, m);
  }

  async info(id: number, actor: AuthUser): Promise<ParentInfoDto> {
    await this.access.owned(id, actor);
    // The active membership when there is one, otherwise the one that ends last.
    const r = (await this.parentProfiles.info(id, this.clock.now()))!;
    return {
      id: r.id,
      user: {
        id: r.user_id,
        first_name: r.first_name,
        last_name: r.last_name,
        full_name: `${r.first_name} ${r.last_name}`.trim(),
        email: r.email,
        phone: r.phone,
        profile_image: r.profile_image,
      },
      date_of_birth: r.date_of_birth,
      gender: r.gender,
      gender_display: GENDERS.find((g) => g.value === r.gender)?.label ?? null,
      nationality: r.nationality,
      membership:
        r.membership_id === null
          ? null
          : {
              id: r.membership_id,
              status: r.membership_active === true,
              start_date: r.start_date!.toISOString(),
              end_date: r.end_date!.toISOString(),
            },
    };
  }

  async updateInfo(id: number, actor: AuthUser, body: ParentInfoBodyDto): Promise<ParentInfoDto> {
    await this.access.owned(id, actor);
    const input = {
      date_of_birth: body.date_of_birth ?? '',
      gender: body.gender ?? '',
      nationality: body.nationality ?? '',
    };
    const problems = parentInfoProblems(input, this.clock.now());
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    await this.parentProfiles.updateInfo(id, {
      dateOfBirth: input.date_of_birth,
      gender: input.gender as ParentProfile['gender'],
      nationality: input.nationality.trim(),
    });
    // The public offer page shows these fields.
    this.events.emit('parent-profile.updated', { parentProfileId: id });
    return this.info(id, actor);
  }
}
