import { getMetadataStorage } from 'class-validator';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT, SETTINGS_CONCERNS } from './app-config';

/**
 * The settings are declared once, in code (server/src/config/settings/), and listed twice for
 * people: docs/SETTINGS.md and .env.example. This keeps the three in step: the same variables,
 * each under the concern whose file declares it, with the same defaults.
 */

type ConcernName = keyof typeof SETTINGS_CONCERNS;

/** Every variable the code declares, with its concern and its default (undefined: none). */
function declared(): Map<string, { concern: ConcernName; fallback: unknown }> {
  const variables = new Map<string, { concern: ConcernName; fallback: unknown }>();
  for (const [concern, Variables] of Object.entries(SETTINGS_CONCERNS) as [ConcernName, new () => object][]) {
    const defaults = new Variables() as Record<string, unknown>;
    for (const { propertyName } of getMetadataStorage().getTargetValidationMetadatas(Variables, '', true, false))
      variables.set(propertyName, { concern, fallback: defaults[propertyName] });
  }
  return variables;
}

/** The rows of docs/SETTINGS.md's table: the variables each names, its concern, its default cell. */
function documented(): { names: string[]; concern: string; fallback: string }[] {
  const lines = readFileSync(join(REPO_ROOT, 'docs/SETTINGS.md'), 'utf8').split('\n');
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const header = cells(lines.find((line) => line.startsWith('| setting'))!);
  const [concern, fallback] = [header.indexOf('concern'), header.indexOf('default')];
  return lines
    .filter((line) => /^\| `[A-Z]/.test(line))
    .map(cells)
    .map((row) => ({
      names: [...row[0].matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]),
      concern: row[concern],
      fallback: row[fallback],
    }));
}

/** NAME=value lines of .env.example above its docker compose section (which the server never reads). */
function exampled(): Map<string, string> {
  const text = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
  const serverPart = text.split(/^# --- docker compose/m)[0];
  return new Map([...serverPart.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));
}

describe('the settings: code, docs/SETTINGS.md and .env.example agree', () => {
  const variables = declared();

  it('documents every declared variable once, under the concern that declares it', () => {
    const rows = documented();
    const names = rows.flatMap((row) => row.names);
    expect([...names].sort()).toEqual([...variables.keys()].sort());
    expect(new Set(names).size).toBe(names.length);
    for (const row of rows)
      for (const name of row.names) expect(`${name}: ${row.concern}`).toBe(`${name}: ${variables.get(name)!.concern}`);
  });

  it('writes the same default in the table as in the code', () => {
    for (const row of documented())
      for (const name of row.names) {
        const fallback = variables.get(name)!.fallback;
        if (fallback === undefined || fallback === '') continue;
        expect(`${name}: ${row.fallback}`).toContain(`\`${String(fallback)}\``);
      }
  });

  it('names every variable in .env.example, with the code default where it has one', () => {
    const example = exampled();
    expect([...example.keys()].sort()).toEqual([...variables.keys()].sort());
    for (const [name, { fallback }] of variables)
      if (fallback !== undefined && fallback !== '') expect(`${name}=${example.get(name)}`).toBe(`${name}=${fallback}`);
  });

  it('leaves process.env to the configuration: no other server file reads it', () => {
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (
          /\.ts$/.test(entry) &&
          !/\.spec\.ts$/.test(entry) &&
          readFileSync(path, 'utf8').includes('process.env')
        )
          readers.push(relative(REPO_ROOT, path));
      }
    };
    walk(join(REPO_ROOT, 'server/src'));
    expect(readers).toEqual(['server/src/config/app-config.ts']);
  });
});
