import { plainToInstance, Transform } from 'class-transformer';
import { validateSync } from 'class-validator';

/** A configuration the server refuses to start with; its message lists what to change. */
export class ConfigError extends Error {}

/** Stops the start-up with one problem, in the same form as the validation's list. */
export function refuse(problem: string): never {
  throw new ConfigError(`Invalid configuration:\n  ${problem}`);
}

/** What every concern may know besides its own variables: where and how the server runs. */
export interface SettingsContext {
  env: 'development' | 'production' | 'test';
  production: boolean;
  /** No DATABASE_URL: the embedded database in `dataDir`. */
  embedded: boolean;
  /** DATA_DIR, absolute: the embedded database and the secrets generated on first start. */
  dataDir: string;
}

/**
 * One concern's settings: the class that declares and validates its variables (class-validator,
 * with their defaults) and the function that turns them into its part of AppConfig. The class is
 * the only place its variables are named; docs/SETTINGS.md lists them, checked by a test.
 */
export interface Concern<E extends object, T> {
  /** The concern's name, as the settings table in docs/SETTINGS.md groups them. */
  name: string;
  variables: new () => E;
  read(values: E, context: SettingsContext): T;
}

/** The variables of `concern`, validated; their problems are added to `problems`. */
export function parseConcern<E extends object>(variables: new () => E, env: NodeJS.ProcessEnv, problems: string[]): E {
  const values = plainToInstance(variables, { ...env });
  for (const problem of validateSync(values, { whitelist: false }))
    problems.push(`${problem.property}: ${Object.values(problem.constraints ?? {}).join(', ')}`);
  return values;
}

/** Environment values are text: these read numbers and yes/no, an empty value meaning unset. */
export const AsInt = () =>
  Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value)));
export const AsBool = () =>
  Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(String(value).toLowerCase()),
  );
export const EmptyIsUnset = () => Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));
