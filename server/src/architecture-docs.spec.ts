import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMAIN_EVENTS } from './common/events/domain-events';
import { REPO_ROOT } from './config/app-config';

/**
 * docs/ARCHITECTURE.md is how a newcomer finds their way, so the facts it lists in tables are
 * checked against the code: the workspaces, the modules with their repositories, the domain
 * events with their emitters. A change that adds, renames or moves one fails here until the page
 * says so too.
 */

const ARCHITECTURE = 'docs/ARCHITECTURE.md';
const MAX_LINES = 650;
const MODULES = join(REPO_ROOT, 'server/src/modules');
/** What the repository column says of a module without a repository. */
const NONE = '—';

const text = readFileSync(join(REPO_ROOT, ARCHITECTURE), 'utf8');

const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim().replace(/`/g, ''));

/** The rows of the table whose first header is `first`, each as its header's column → cell. */
function table(first: string): Record<string, string>[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && cells(line)[0] === first);
  if (start === -1) throw new Error(`${ARCHITECTURE} has no table whose first column is "${first}"`);
  const header = cells(lines[start]);
  const rows: Record<string, string>[] = [];
  // The line after the header is the separator; the table ends at the first line that is no row.
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    rows.push(Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
  }
  return rows;
}

/** What a module's repository column should say: the class its `<module>.repository.ts` exports. */
function repositoryOf(module: string): string {
  const file = join(MODULES, module, `${module}.repository.ts`);
  if (!existsSync(file)) return NONE;
  const classes = [...readFileSync(file, 'utf8').matchAll(/^export class (\w+)/gm)].map((match) => match[1]);
  return classes.length > 0 ? classes.join(', ') : `no class exported by ${module}.repository.ts`;
}

describe(`${ARCHITECTURE} agrees with the code`, () => {
  it('lists the npm workspaces of package.json', () => {
    const { workspaces } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const listed = table('workspace').map((row) => row.workspace);
    expect([...listed].sort()).toEqual([...workspaces].sort());
  });

  it('lists one row per folder of server/src/modules', () => {
    const folders = readdirSync(MODULES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const listed = table('module').map((row) => row.module);
    expect([...listed].sort()).toEqual([...folders].sort());
  });

  it("names the class each module's <module>.repository.ts exports, or — for a module without one", () => {
    const rows = table('module');
    const listed = rows.map((row) => `${row.module}: ${row.repository}`);
    const actual = rows.map((row) => `${row.module}: ${repositoryOf(row.module)}`);
    expect(listed).toEqual(actual);
  });

  it('lists every domain event of DOMAIN_EVENTS with the module that emits it', () => {
    const listed = table('event').map((row) => `${row.event}: ${row['emitted by (module)']}`);
    const declared = Object.entries(DOMAIN_EVENTS).map(([name, { module }]) => `${name}: ${module}`);
    expect([...listed].sort()).toEqual([...declared].sort());
  });

  it(`stays short enough to read: at most ${MAX_LINES} lines`, () => {
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });
});

/**
 * Comments and docs speak to whoever has only this repository: no work-item numbers
 * and no sections of documents kept elsewhere ("spec 03 §5"). Standards keep their names (RFC 8030).
 */
describe('comments and docs cite nothing outside the repository', () => {
  const CITATION = /\b[Ii]ssue \d+\b|\bspec 0\d\b|§|\.\.\/shared\//;
  const SOURCES = /\.(ts|tsx|mjs|cjs|js|css|md)$/;
  const SKIP = new Set(['node_modules', 'dist', '.tmp', 'test-results', '.stryker-tmp']);

  function files(dir: string): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (SKIP.has(entry.name)) return [];
      const path = join(dir, entry.name);
      return entry.isDirectory() ? files(path) : SOURCES.test(entry.name) ? [path] : [];
    });
  }

  it('finds no citation in the sources, the tests, the scripts and docs/', () => {
    const roots = ['server/src', 'web/src', 'common/src', 'seed/src', 'test', 'bench', 'scripts', 'docs'];
    const found = roots
      .flatMap((root) => files(join(REPO_ROOT, root)))
      .concat(join(REPO_ROOT, 'README.md'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            CITATION.test(line) ? [`${file.slice(REPO_ROOT.length + 1)}:${i + 1}: ${line.trim()}`] : [],
          ),
      )
      .filter((hit) => !hit.startsWith('server/src/architecture-docs.spec.ts'));
    expect(found).toEqual([]);
  });
});
