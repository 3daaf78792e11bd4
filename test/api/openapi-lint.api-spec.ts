import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://casaymanos.example.com.ar';
const REDOCLY = join(__dirname, '../../node_modules/@redocly/cli/bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

interface Operation {
  operationId: string;
  summary?: string;
  security?: Record<string, string[]>[];
  'x-access'?: string;
}

/** The app's operations as `GET /api/...` → operation. */
function operations(doc: { paths: Record<string, Record<string, unknown>> }): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation as Operation]),
  );
}

/**
 * the app's own OpenAPI document (read from the running app, so a new route is
 * linted the day it lands) passes @redocly/cli's recommended rules with no error: a summary per
 * operation, `security` on every operation (`[]` where @Public), the server from PUBLIC_URL,
 * `nullable` beside a type.
 */
describe('/api/openapi.json', () => {
  const t = useTestApp({ PUBLIC_URL: `${PUBLIC_URL}/` });
  let doc: { servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    doc = (await http(t).get('/api/openapi.json').expect(200)).body;
  });

  it("passes redocly's recommended ruleset with no error", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cym-openapi-'));
    try {
      await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc));
      // In a folder of its own, so no redocly.yaml of the checkout changes the rules. The CLI
      // exits 1 when it finds errors; its JSON report is on stdout either way.
      const stdout = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', 'openapi.json', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000'],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 32 * 1024 * 1024,
        },
      ).then(
        (result) => result.stdout,
        (error: { stdout?: string }) => error.stdout ?? '',
      );
      const report = JSON.parse(stdout) as { problems: Problem[] };
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the site from PUBLIC_URL as its server', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
  });

  it('gives each operation its own summary, and public ones no credentials', () => {
    const all = operations(doc);
    const summaries = all.map(([, operation]) => operation.summary ?? '');
    // One summary per operation, none shared: each says what that operation does.
    expect(new Set(summaries).size).toBe(all.length);
    expect(all.filter(([, operation]) => !operation.summary)).toEqual([]);
    for (const [name, operation] of all) {
      const expected =
        operation['x-access'] === 'public'
          ? []
          : operation['x-access'] === 'optional'
            ? [{}, { bearer: [] }]
            : [{ bearer: [] }];
      expect({ name, security: operation.security }).toEqual({ name, security: expected });
    }
  });
});
