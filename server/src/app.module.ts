import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { DataSourceOptions } from 'typeorm';
import { ClockModule } from './common/clock/clock';
import type { Metrics } from './common/metrics/metrics';
import { MetricsModule } from './common/metrics/metrics.module';
import { redactText, redactUrl, scrubLogLine } from './common/log-redaction';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { RedisModule } from './common/redis/redis.module';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { AdminModule } from './modules/admin/admin.module';
import { BrowseModule } from './modules/browse/browse.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { ChatModule } from './modules/chat/chat.module';
import { ContactModule } from './modules/contact/contact.module';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { JobOffersModule } from './modules/job-offers/job-offers.module';
import { MailModule } from './modules/mail/mail.module';
import { MediaModule } from './modules/media/media.module';
import { MembershipsModule } from './modules/memberships/memberships.module';
import { ParentProfileModule } from './modules/parent-profile/parent-profile.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { UsersModule } from './modules/users/users.module';
import { WorkerProfileModule } from './modules/worker-profile/worker-profile.module';
import { SiteModule } from './modules/site/site.module';
import { PublicPagesModule } from './modules/public-pages/public-pages.module';
import { PushModule } from './modules/push/push.module';
import { SavedSearchesModule } from './modules/saved-searches/saved-searches.module';
import { ShortlistsModule } from './modules/shortlists/shortlists.module';
import { VerificationsModule } from './modules/verifications/verifications.module';
import { WagesModule } from './modules/wages/wages.module';
import { TransactionsModule } from './database/transactions';
import { ReadsModule } from './database/reads';
import { DomainEventsModule } from './common/events/domain-events';
import { ReferencesModule } from './modules/references/references.module';
import { HiresModule } from './modules/hires/hires.module';
import { ModerationModule } from './modules/moderation/moderation.module';
import { DataExportModule } from './modules/data-export/data-export.module';
import { AccountDeletionModule } from './modules/account-deletion/account-deletion.module';
import { BlocksModule } from './modules/blocks/blocks.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, dataSource: DataSourceOptions, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MetricsModule.forRoot(metrics),
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            // Fastify assigns the id (see app.factory.ts) and mirrors it in this header.
            genReqId: (req) => String(req.headers['x-request-id'] ?? ''),
            // Tokens and cookies never reach the log.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                url: redactUrl(req.url),
              }),
            },
            // Every line, whoever writes it: no passwords, hashes, tokens, e-mails or phones
            // (see common/log-redaction.ts).
            formatters: { log: scrubLogLine },
            hooks: {
              logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
                method.apply(
                  this,
                  args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
                );
              },
            },
            autoLogging: { ignore: (req) => !req.url?.startsWith('/api') },
            transport:
              config.env === 'development' ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
          },
        }),
        TypeOrmModule.forRoot({ ...dataSource, autoLoadEntities: true }),
        TransactionsModule,
        ReadsModule,
        // Domain events between modules (docs/ARCHITECTURE.md "Domain events"): listeners run
        // synchronously inside the writer's emit, after its commit.
        EventEmitterModule.forRoot(),
        DomainEventsModule,
        ClockModule,
        RedisModule,
        RateLimitModule,
        JobsModule,
        MailModule,
        PushModule,
        ProfilesModule,
        AuthModule,
        UsersModule,
        WorkerProfileModule,
        MediaModule,
        BrowseModule,
        ParentProfileModule,
        JobOffersModule,
        MembershipsModule,
        PaymentsModule,
        ChatModule,
        AdminModule,
        HealthModule,
        CatalogModule,
        ContactModule,
        SiteModule,
        PublicPagesModule,
        ShortlistsModule,
        SavedSearchesModule,
        VerificationsModule,
        WagesModule,
        ReferencesModule,
        HiresModule,
        ModerationModule,
        DataExportModule,
        AccountDeletionModule,
        BlocksModule,
      ],
    };
  }
}
