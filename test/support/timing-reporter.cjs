// A Jest reporter beside the default one: at the end of a run it prints the fifteen slowest suites
// and each project's total, and writes every suite's time to test-results/timings-<label>.json
// (TEST_LABEL: embedded, postgres, cluster), which .ci/run merges into one table for the whole
// run. The default reporter prints each suite's own time on its PASS/FAIL line
// (`slowTestThreshold: 0` in jest.config.js). docs/TESTING.md keeps the budget these are held to.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '../..');
const SLOWEST = 15;

class TimingReporter {
  onRunComplete(_contexts, results) {
    const label = process.env.TEST_LABEL || 'embedded';
    const suites = results.testResults
      .map((r) => ({
        file: relative(ROOT, r.testFilePath),
        project: projectOf(r),
        seconds: round((r.perfStats.end - r.perfStats.start) / 1000),
        tests: r.numPassingTests + r.numFailingTests,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    const wall = round((Date.now() - results.startTime) / 1000);
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'test-results', `timings-${label}.json`),
      JSON.stringify({ label, wallSeconds: wall, suites }, null, 1),
    );
    if (suites.length < 2) return;
    const totals = {};
    for (const s of suites) totals[s.project] = round((totals[s.project] ?? 0) + s.seconds);
    const lines = [`\nSuite times (${label}): ${wall} s in all`];
    lines.push(
      '  by project: ' +
        Object.entries(totals)
          .map(([p, s]) => `${p} ${s} s`)
          .join(', '),
    );
    lines.push(`  the ${Math.min(SLOWEST, suites.length)} slowest:`);
    for (const s of suites.slice(0, SLOWEST))
      lines.push(`  ${s.seconds.toFixed(1).padStart(7)} s  ${String(s.tests).padStart(3)} tests  ${s.file}`);
    process.stdout.write(lines.join('\n') + '\n');
  }
}

function projectOf(result) {
  const name = result.displayName;
  if (typeof name === 'string') return name;
  if (name && name.name) return name.name;
  return 'default';
}

function round(n) {
  return Math.round(n * 10) / 10;
}

module.exports = TimingReporter;
