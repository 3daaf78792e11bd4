import { HttpStatus, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AUTH_MESSAGES,
  formatLastSeen,
  namesProblems,
  normalizeArgentineMobile,
  PHONE_MESSAGES,
  phoneProblem,
} from '@cym/common';
import { DataSource } from 'typeorm';
import { AppException } from '../../common/app-exception';
import type { AuthUser } from '../auth/access/auth-user';
import { ProfilesService } from '../profiles/profiles.service';
import { PhoneUpdatedDto, UpdateNamesDto, UserDataDto } from './dto/users.dto';
import { User } from './entities/user.entity';
import { USER_CHANGED, UserChanged } from './users.events';

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly profiles: ProfilesService,
    private readonly events: EventEmitter2,
  ) {}

  async data(userId: number): Promise<UserDataDto> {
    const user = await this.dataSource.manager.findOne(User, { where: { id: userId, isActive: true } });
    if (!user) throw new AppException(HttpStatus.UNAUTHORIZED, 'INVALID_TOKEN', AUTH_MESSAGES.sessionExpired);
    const summary = await this.profiles.summary(userId);
    return {
      id: user.id,
      user_id: user.id,
      email: user.email,
      username: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      profile_image: user.profileImage,
      formatted_last_seen: formatLastSeen(user.lastSeen),
      is_admin: user.isAdmin,
      ...summary,
    };
  }

  /** Only yourself (spec 01 §7: user/{id}/update/); names 2–30 (spec 02 §5). */
  async updateNames(actor: AuthUser, targetId: number, form: UpdateNamesDto): Promise<UserDataDto> {
    if (actor.id !== targetId)
      throw new AppException(HttpStatus.FORBIDDEN, 'NOT_YOUR_ACCOUNT', 'Solo podés modificar tu propia cuenta.');
    const problems = namesProblems(form.first_name ?? '', form.last_name ?? '');
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    await this.dataSource.manager.update(
      User,
      { id: actor.id },
      { firstName: (form.first_name ?? '').trim(), lastName: (form.last_name ?? '').trim() },
    );
    this.events.emit(USER_CHANGED, new UserChanged(actor.id)); // first names appear on directory cards
    return this.data(actor.id);
  }

  async updatePhone(actor: AuthUser, raw: string | undefined): Promise<PhoneUpdatedDto> {
    const problem = phoneProblem(raw ?? '');
    if (problem) throw AppException.validation({ phone: [problem] });
    // Stored once in the international form (5491123456789), whatever way it was written.
    const phone = normalizeArgentineMobile(raw)!;
    await this.dataSource.manager.update(User, { id: actor.id }, { phone });
    return { success: true, message: PHONE_MESSAGES.saved, phone };
  }

  async touch(userId: number): Promise<void> {
    await this.dataSource.manager.update(User, { id: userId }, { lastSeen: new Date() });
  }
}
