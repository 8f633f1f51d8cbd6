/**
 * SIGTERM (what `timeout`, Kubernetes and CI cancel send) is handled like Ctrl-C: the report
 * is closed and parseable, the summary says interrupted, and the exit code is 143. A second
 * signal quits at once, even while the report waits to be written. A named FIFO without a
 * writer holds nothing up: a missing input named after it is reported at once, and a signal
 * ends the run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { set, validOrder } from '../fixtures';
import { finished, signalAtFirstListener, startBin, useBin, waitFor } from './_bin';
import { poll } from './_poll';
import { tempFiles } from './_run';

const bin = useBin();
const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const bad = (ref: string) => set(order(ref), '/clientRequest/order/shipServiceLevel', 'EXPRESS');
const ndjson = (...payloads: unknown[]) => payloads.map((p) => JSON.stringify(p) + '\n').join('');

describe('fulfilkit lint (bin): SIGINT (Ctrl-C) and SIGTERM', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s on stdin that is still open: the JSON report is closed, says interrupted, exit %i', async (signal, code) => {
    const child = startBin(bin(), ['lint', '--format', 'json', '--concurrency', '2'], { cwd: tempFiles({}) });
    const done = finished(child);
    child.stdin.write(ndjson(order('A'), order('B'), bad('C')));
    await waitFor(child.stdout, (text) => text.includes('"source":"<stdin>:3"'));
    child.kill(signal);
    const out = await done;
    expect(out.code).toBe(code);
    expect(out.signal).toBeNull();
    expect(JSON.parse(out.stdout).summary).toMatchObject({ payloads: 3, errors: 1, interrupted: true });
    expect(out.stderr).toBe('✖ 1 problem (1 error, 0 warnings) in 3 payloads; interrupted before the end of the input.\n');
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s as soon as the process listens for it, the command still loading: the report is closed, says interrupted, exit %i', async (signal, code) => {
    // The bin is a few lines that listen for signals before they load the command (some
    // 150 ms, when a signal used to kill the process with no report at all).
    expect(statSync(bin()).size).toBeLessThan(2048);
    const child = startBin(bin(), ['lint', '--format', 'json'], { cwd: tempFiles({}), nodeArgs: signalAtFirstListener(signal) });
    child.stdin.end(ndjson(order('A')));
    const out = await finished(child);
    expect([out.code, out.signal]).toEqual([code, null]);
    // Stopped before it read anything: the signal came first.
    expect(JSON.parse(out.stdout).summary).toMatchObject({ payloads: 0, interrupted: true });
    expect(out.stderr).toMatch(/interrupted before the end of the input\.\n$/);
  });

  it('SIGTERM while the config is still being read (a FIFO without a writer): nothing is linted once it comes, exit 143', async () => {
    const dir = tempFiles({ 'o.ndjson': ndjson(...Array.from({ length: 50 }, (_, i) => order(`F-${i}`))) });
    execFileSync('mkfifo', [join(dir, 'cfg.fifo')]);
    const child = startBin(bin(), ['lint', '--format', 'json', '--config', 'cfg.fifo', 'o.ndjson'], { cwd: dir });
    const done = finished(child);
    // Long after the bin has loaded: it waits for the config's writer.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(join(dir, 'cfg.fifo'), '{}');
    const out = await done;
    expect([out.code, out.signal]).toEqual([143, null]);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ payloads: 0, interrupted: true });
  });

  it('mid-file with -o: the SARIF file is a whole log of what was linted, exit 143', async () => {
    // 3,000 payloads (about 8 MB), every 100th with an error: SIGTERM comes once results are written.
    const payloads = Array.from({ length: 3000 }, (_, i) => (i % 100 === 0 ? bad(`T-${i}`) : order(`T-${i}`)));
    const dir = tempFiles({ 'o.ndjson': ndjson(...payloads) });
    const child = startBin(bin(), ['lint', '--format', 'sarif', '--concurrency', '1', '-o', 'report.sarif', 'o.ndjson'], { cwd: dir });
    const done = finished(child);
    const path = join(dir, 'report.sarif');
    await poll(() => (existsSync(path) && readFileSync(path, 'utf8').includes('"ruleId"')) || undefined);
    child.kill('SIGTERM');
    const out = await done;
    expect(out.code).toBe(143);
    const log = JSON.parse(readFileSync(join(dir, 'report.sarif'), 'utf8'));
    const results = log.runs[0].results as unknown[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThan(30);
    // The run did not finish: SARIF says so.
    expect(log.runs[0].invocations).toMatchObject([{ executionSuccessful: false }]);
    expect(out.stderr).toMatch(/ in [\d,]+ payloads; interrupted before the end of the input\.\n$/);
  });
});

// Linux: the test sees that the bin holds the FIFO open in /proc.
describe.runIf(process.platform === 'linux')('fulfilkit lint (bin): a named FIFO as input', () => {
  const fifo = () => {
    const dir = tempFiles({});
    execFileSync('mkfifo', [join(dir, 'in.ndjson')]);
    return dir;
  };
  /** Whether the descriptor `fd` of process `pid` is the FIFO (false once it is gone). */
  const isFifo = (pid: number, fd: string) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).endsWith('in.ndjson');
    } catch {
      return false;
    }
  };
  /** Resolves once the child holds the FIFO open (its signal handlers are in place by then). */
  const opened = (pid: number) => poll(() => (readdirSync(`/proc/${pid}/fd`).some((fd) => isFifo(pid, fd)) ? true : undefined));

  it('a missing file named after it exits 2 at once, before the FIFO has a writer', async () => {
    const out = await finished(startBin(bin(), ['lint', 'in.ndjson', 'missing.json'], { cwd: fifo() }));
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe('fulfilkit: Cannot read missing.json: no such file.\n');
  });

  it('is read once its writer comes, to its end', async () => {
    const dir = fifo();
    const child = startBin(bin(), ['lint', '--format', 'json', 'in.ndjson'], { cwd: dir });
    const done = finished(child);
    await opened(child.pid!);
    writeFileSync(join(dir, 'in.ndjson'), ndjson(order('A'), bad('B')));
    const out = await done;
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ payloads: 2, errors: 1 });
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s while it has no writer ends the run (exit %i) with a closed report', async (signal, code) => {
    const child = startBin(bin(), ['lint', '--format', 'json', 'in.ndjson'], { cwd: fifo() });
    const done = finished(child);
    await opened(child.pid!);
    child.kill(signal);
    const out = await done;
    expect(out.code).toBe(code);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ payloads: 0, interrupted: true });
  });
});

describe('fulfilkit lint (bin): a second signal', () => {
  /** CPU time the process has used, in clock ticks (Linux). */
  const cpuTicks = (pid: number) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  /** Resolves once the process has used no CPU for 300 ms: it waits on its output. */
  const blocked = async (pid: number) => {
    for (let last = -1, i = 0; i < 100; i++) {
      const now = cpuTicks(pid);
      if (now === last) return;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error('the bin never waited on its output');
  };

  // The report goes to a pipe nobody reads: after the first signal the run stops reading but
  // waits to write the rest of its report, for ever; the second signal quits at once.
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s twice while the report cannot be written: the first waits for the report, the second exits %i at once', async (signal, code) => {
    // 20,000 errors: a report of megabytes, far more than a pipe holds.
    const dir = tempFiles({ 'bad.ndjson': ndjson(...Array.from({ length: 20_000 }, (_, i) => bad(`S-${i}`))) });
    const child = startBin(bin(), ['lint', '--format', 'json', '--concurrency', '1', 'bad.ndjson'], { cwd: dir });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    const stillRunning = (ms: number) => Promise.race([exited.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms))]);
    try {
      // Output has begun, and stdout is never read: the pipe fills and the bin waits to write.
      await new Promise((resolve) => child.stdout.once('readable', resolve));
      await blocked(child.pid!);
      child.kill(signal);
      expect(await stillRunning(500)).toBe(true);
      child.kill(signal);
      expect(await stillRunning(10_000)).toBe(false);
      expect(await exited).toBe(code);
    } finally {
      child.kill('SIGKILL');
      child.stdout.destroy();
    }
  });
});
