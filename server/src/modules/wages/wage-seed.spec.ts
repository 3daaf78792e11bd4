import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WAGE_SLOTS, wageScaleProblems } from '@cym/common';
import { WAGE_SCALE_2026_01, WAGE_SCALE_2026_01_EFFECTIVE_FROM } from '../../../../migrations/data/wages';

/** The seeded scale is the shipped CSV, row for row (the migration reads the TypeScript copy). */
describe('the January 2026 wage scale', () => {
  const csv = readFileSync(
    join(__dirname, '../../../../migrations/data/casas-particulares-escala-2026-01.csv'),
    'utf8',
  );
  const rows = csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','));

  it('matches casas-particulares-escala-2026-01.csv', () => {
    expect(
      rows.map(([category, name, arrangement, hourly, monthly]) => [
        Number(category),
        name,
        arrangement,
        hourly,
        monthly,
      ]),
    ).toEqual(WAGE_SCALE_2026_01.map((row) => [...row]));
    expect(new Set(rows.map((row) => row[5]))).toEqual(new Set([WAGE_SCALE_2026_01_EFFECTIVE_FROM]));
  });

  it('is a complete, valid scale', () => {
    const rates = WAGE_SCALE_2026_01.map(([category, , arrangement, hourly, monthly]) => ({
      category,
      arrangement,
      hourly: Number(hourly),
      monthly: Number(monthly),
    }));
    expect(rates).toHaveLength(WAGE_SLOTS.length);
    expect(wageScaleProblems({ effective_from: WAGE_SCALE_2026_01_EFFECTIVE_FROM, source: 'CNTCP', rates })).toEqual(
      {},
    );
  });
});
