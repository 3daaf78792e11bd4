import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import {
  ActiveMembershipGuard,
  AdminGuard,
  AuthGuard,
  OptionalAuthGuard,
  ProfileTypeGuard,
} from './access/auth.guards';
import { JwtStrategy } from './access/jwt.strategy';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { UsersModule } from '../users/users.module';
import { WorkerProfileModule } from '../worker-profile/worker-profile.module';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { LoginSessionsController } from './login-sessions.controller';
import { LoginSessionsService } from './login-sessions.service';
import { LoginLimits } from './login-limits';
import { PasswordHasher } from './password-hasher';
import { AdminTotp } from './entities/admin-totp.entity';
import { LoginSession } from './entities/login-session.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import { SecondFactorService } from './second-factor.service';
import { SessionTokensService, sessionJwtOptions } from './session-tokens.service';

/**
 * Global so every feature module can put the guards on its routes and hash passwords through
 * the one PasswordHasher (its bound on concurrent bcrypt work is per process). JwtModule signs
 * and checks the session tokens; the JWT strategy registers itself with Passport when this
 * module starts, so the guards find it in every module.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([RefreshToken, AdminTotp, LoginSession]),
    UsersModule,
    WorkerProfileModule,
    ParentProfileModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => sessionJwtOptions(config.jwtSecret),
    }),
  ],
  controllers: [AuthController, LoginSessionsController],
  providers: [
    AuthRepository,
    AuthService,
    LoginSessionsService,
    SecondFactorService,
    SessionTokensService,
    JwtStrategy,
    {
      provide: PasswordHasher,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new PasswordHasher({
          cost: config.bcryptCost,
          concurrency: config.passwordHashing.concurrency,
          maxQueue: config.passwordHashing.maxQueue,
        }),
    },
    { provide: LoginLimits, inject: [RateLimiter], useFactory: (limiter: RateLimiter) => new LoginLimits(limiter) },
    AuthGuard,
    OptionalAuthGuard,
    AdminGuard,
    ProfileTypeGuard,
    ActiveMembershipGuard,
  ],
  exports: [
    SessionTokensService,
    SecondFactorService,
    PasswordHasher,
    LoginLimits,
    AuthGuard,
    OptionalAuthGuard,
    AdminGuard,
    ProfileTypeGuard,
    ActiveMembershipGuard,
  ],
})
export class AuthModule {}
