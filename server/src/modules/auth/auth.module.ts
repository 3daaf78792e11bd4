import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  ActiveMembershipGuard,
  AdminGuard,
  AuthGuard,
  OptionalAuthGuard,
  ProfileTypeGuard,
} from '../../common/auth/auth.guards';
import { User } from '../users/entities/user.entity';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { RefreshToken } from './refresh-token.entity';
import { SessionTokensService } from './session-tokens.service';

/** Global so every feature module can put the guards on its routes. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([RefreshToken, User])],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionTokensService,
    AuthGuard,
    OptionalAuthGuard,
    AdminGuard,
    ProfileTypeGuard,
    ActiveMembershipGuard,
  ],
  exports: [SessionTokensService, AuthGuard, OptionalAuthGuard, AdminGuard, ProfileTypeGuard, ActiveMembershipGuard],
})
export class AuthModule {}
