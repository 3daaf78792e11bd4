import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../config/app-config';
import { Metrics } from './metrics';

/**
 * The Grafana dashboard and the Prometheus alerts in deploy/ name only series the app serves (a
 * renamed or removed series would leave a panel empty and an alert silent), and every panel has a
 * place on the grid.
 */
describe('deploy/ dashboards and alerts', () => {
  const dashboard = JSON.parse(readFileSync(join(REPO_ROOT, 'deploy/grafana-dashboard.json'), 'utf8')) as {
    panels: { id: number; gridPos: Record<string, unknown>; targets?: { expr: string }[] }[];
  };
  const alerts = readFileSync(join(REPO_ROOT, 'deploy/prometheus-alerts.yml'), 'utf8');

  /** The series the app declares, with a histogram's _bucket, _count and _sum. */
  const served = async () => {
    const page = (await new Metrics(false).page()).body;
    const names = new Set<string>();
    for (const [, name, type] of page.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      names.add(name!);
      if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${name}${suffix}`);
    }
    return names;
  };
  const named = (text: string) => [...text.matchAll(/\bcym_[a-z_]+/g)].map(([name]) => name);

  it('names only series the app serves', async () => {
    const names = await served();
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    const used = [...exprs.flatMap(named), ...named(alerts)];
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !names.has(name))).toEqual([]);
  });

  it('places every panel on the grid, with unique ids', () => {
    for (const { gridPos } of dashboard.panels)
      for (const key of ['h', 'w', 'x', 'y']) expect(typeof gridPos[key]).toBe('number');
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
  });
});
