/**
 * The run sends units of long lines one at a time: a worker is not handed a queue of 60 MB
 * lines at once (two such lines in flight peaked at 480 MB), while small units still go out
 * several at a time.
 */
import { describe, expect, it } from 'vitest';
import type { UnitSettings } from '../../src/cli/lint-unit';
import { inProcess, type Executor } from '../../src/cli/pool';
import { emptySummary } from '../../src/cli/result';
import { progressLine } from '../../src/cli/progress';
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

describe('the progress percent', () => {
  it('counts the bytes of the units written, not of those read and still being linted', async () => {
    const executor = heldExecutor();
    let read = 0;
    const run = new LintRun(settings, executor, new ReportWriter([], emptySummary()), { maxLineBytes: 64 << 20, readPosition: () => read }, () => {});
    const input = { file: 'f', nextLine: 1, payloads: 0 };
    for (let i = 0; i < 4; i++) {
      const bytes = line(1000);
      read += bytes.length;
      await run.add(input, { type: 'lines', bytes });
    }
    // The whole input is read, nothing is linted yet: 0 %, not 100 %.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(read).toBe(4000);
    expect(run.bytesDone).toBe(0);
    expect(progressLine({ payloads: run.summary.payloads, problems: 0, bytesDone: run.bytesDone, totalBytes: read }, 1000)).toBe('fulfilkit: 0 payloads, 0/s, 0 problems, 0%');
    executor.answerAll();
    await run.finish();
    expect(run.bytesDone).toBe(4000);
    expect(progressLine({ payloads: run.summary.payloads, problems: 0, bytesDone: run.bytesDone, totalBytes: read }, 1000)).toBe('fulfilkit: 4 payloads, 4/s, 0 problems, 100%, ETA 0:00');
  });
});
