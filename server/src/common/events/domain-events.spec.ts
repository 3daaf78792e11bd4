import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { REPO_ROOT } from '../../config/app-config';
import { DOMAIN_EVENTS, type DomainEventName } from './domain-events';

/** The server's source files (no tests), with their text. */
function sources(): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.ts') && !entry.endsWith('.spec.ts'))
        files.push({ path: relative(REPO_ROOT, path).split(sep).join('/'), text: readFileSync(path, 'utf8') });
    }
  };
  walk(join(REPO_ROOT, 'server/src'));
  return files;
}

describe('the domain events in the code follow the map (DOMAIN_EVENTS)', () => {
  const files = sources();
  const emits = files.flatMap(({ path, text }) =>
    [...text.matchAll(/\.emit\(\s*'([a-z.-]+)'/g)].map((m) => ({ path, name: m[1] })),
  );

  it('emits each event only from the module the map names', () => {
    const strays = emits
      .filter(({ name }) => name in DOMAIN_EVENTS)
      .filter(
        ({ path, name }) => !path.startsWith(`server/src/modules/${DOMAIN_EVENTS[name as DomainEventName].module}/`),
      );
    expect(strays).toEqual([]);
  });

  it('emits every event of the map somewhere, and nothing outside it', () => {
    const domain = emits.filter(({ path }) => path.startsWith('server/src/modules/') && !path.endsWith('.gateway.ts'));
    expect([...new Set(domain.map(({ name }) => name))].sort()).toEqual(Object.keys(DOMAIN_EVENTS).sort());
  });

  it('goes through DomainEvents: no module uses the untyped emitter', () => {
    const untyped = files
      .filter(({ text }) => text.includes("from '@nestjs/event-emitter'"))
      .map(({ path }) => path)
      .filter((path) => path !== 'server/src/common/events/domain-events.ts' && path !== 'server/src/app.module.ts');
    expect(untyped).toEqual([]);
  });
});
