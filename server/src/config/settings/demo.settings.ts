import { IsBoolean, IsOptional } from 'class-validator';
import { AsBool, refuse, type SettingsContext } from './settings-kit';

/** The demo data: whether an empty database is filled with it. */
export class DemoVariables {
  /**
   * Fill an empty database with demo data before the server starts (default: on for the embedded
   * database outside production): `npm start` and `npm run dev` run the seed (seed/) first, which
   * reads this. The demo accounts share a published password, so production refuses it.
   */
  @AsBool()
  @IsOptional()
  @IsBoolean()
  SEED_DEMO?: boolean;
}

export interface DemoSettings {
  seedDemo: boolean;
}

export function demoSettings(values: DemoVariables, context: SettingsContext): DemoSettings {
  if (context.production && values.SEED_DEMO)
    refuse(
      'SEED_DEMO=true is refused in production: the demo accounts share a published password (demo1234). Remove SEED_DEMO.',
    );
  return { seedDemo: !context.production && (values.SEED_DEMO ?? context.embedded) };
}
