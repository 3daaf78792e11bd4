import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The one source of "now" for rules that depend on time (membership activity and expiry).
 * Tests move time by replacing `now` on the instance the application holds.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
