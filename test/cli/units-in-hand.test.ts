/**
 * The run sends units of long lines one at a time: a worker is not handed a queue of 60 MB
 * lines at once (two such lines in flight peaked at 480 MB), while small units still go out
 * several at a time.
 */
import { describe, expect, it } from 'vitest';
import type { UnitSettings } from '../../src/cli/lint-unit';
import { inProcess, type Executor } from '../../src/cli/pool';
import { emptySummary } from '../../src/cli/result';
import { LintRun, ReportWriter } from '../../src/cli/run';

const settings: UnitSettings = { version: '1.1', rules: {}, fix: false, quiet: false, batch: false };

/** An executor that answers only when told, and records how many units it had in hand at most. */
function heldExecutor(): Executor & { readonly most: number; answerAll(): void } {
  const inner = inProcess(settings);
  const held: (() => void)[] = [];
  let most = 0;
  return {
    threads: 2,
    capacity: 8,
    get busy() {
      return held.length;
    },
    get most() {
      return most;
    },
    run(unit) {
      return new Promise((resolve, reject) => {
        held.push(() => inner.run(unit).then(resolve, reject));
        most = Math.max(most, held.length);
      });
    },
    answerAll() {
      for (const answer of held.splice(0)) answer();
    },
    close: () => inner.close(),
  };
}

const line = (bytes: number) => Buffer.from(`{"x":"${'a'.repeat(bytes - 9)}"}\n`);

async function inHand(unitBytes: number, units: number): Promise<number> {
  const executor = heldExecutor();
  const run = new LintRun(settings, executor, new ReportWriter([], emptySummary()), { maxLineBytes: 64 << 20 }, () => {});
  const input = { file: 'f', nextLine: 1, payloads: 0 };
  const adding = (async () => {
    for (let i = 0; i < units; i++) await run.add(input, { type: 'lines', bytes: line(unitBytes) });
  })();
  // Answer what is in hand until every unit went out.
  for (let turn = 0; turn < 100 && executor.most >= 0; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    executor.answerAll();
    if (run.summary.payloads === units) break;
  }
  await adding;
  await run.finish();
  expect(run.summary.payloads).toBe(units);
  return executor.most;
}

describe('units in hand', () => {
  it('sends units of long lines one at a time', async () => {
    expect(await inHand(20 << 20, 3)).toBe(1);
  });

  it('sends small units several at a time', async () => {
    expect(await inHand(64 << 10, 6)).toBeGreaterThan(1);
  });
});
