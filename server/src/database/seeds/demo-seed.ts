import type { DataSourceOptions } from 'typeorm';

export async function seedDemoIfEmpty(_options: DataSourceOptions, _io: { log: (line: string) => void }): Promise<boolean> {
  return false;
}
