/**
 * Progress on a terminal: one line on stderr, redrawn a few times a second.
 */
import { escapeControls } from './escape';
import type { TextSink } from './io';
import { grouped, plural } from './result';

/** What the progress line shows. */
export interface ProgressStats {
  /** Payloads linted so far. */
  readonly payloads: number;
  /** Problems found so far. */
  readonly problems: number;
  /** Input bytes whose payloads are all linted and written (not merely read). */
  readonly bytesDone: number;
  /** Total input bytes, when every input is a file of known size. */
  readonly totalBytes?: number;
}

const CLEAR = '\r\u001b[K';

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/**
 * The progress line: `fulfilkit: 12,345 payloads, 4,321/s, 17 problems, 42%, ETA 0:31`.
 * It shows counts only, never a file name or payload text; what it shows still goes
 * through `escapeControls`, like every line written to the terminal.
 *
 * @param stats The counts so far.
 * @param elapsedMs Time since the run started.
 * @returns The line, without control characters.
 * @example progressLine({ payloads: 10, problems: 1, bytesDone: 50, totalBytes: 100 }, 1000); // 'fulfilkit: 10 payloads, 10/s, 1 problem, 50%, ETA 0:01'
 */
export function progressLine(stats: ProgressStats, elapsedMs: number): string {
  const seconds = Math.max(elapsedMs, 1) / 1000;
  const rate = Math.round(stats.payloads / seconds);
  let line = `fulfilkit: ${plural(stats.payloads, 'payload')}, ${grouped(rate)}/s, ${plural(stats.problems, 'problem')}`;
  const { totalBytes, bytesDone } = stats;
  if (totalBytes !== undefined && totalBytes > 0) {
    const done = Math.min(bytesDone / totalBytes, 1);
    line += `, ${Math.floor(done * 100)}%`;
    if (bytesDone > 0) line += `, ETA ${clock((seconds * Math.max(totalBytes - bytesDone, 0)) / bytesDone)}`;
  }
  return escapeControls(line);
}

/**
 * Draws the progress line on a terminal until stopped.
 */
export class Progress {
  private timer?: NodeJS.Timeout;
  private drawn = false;
  private readonly started = Date.now();

  /**
   * @param stderr The terminal.
   * @param stats Reads the current counts.
   * @param intervalMs Time between redraws.
   */
  constructor(
    private readonly stderr: TextSink,
    private readonly stats: () => ProgressStats,
    private readonly intervalMs = 200,
  ) {}

  /** Draws the line now, then redraws it every interval. */
  start(): void {
    this.draw();
    this.timer = setInterval(() => this.draw(), this.intervalMs);
    this.timer.unref();
  }

  private draw(): void {
    this.stderr.write(CLEAR + progressLine(this.stats(), Date.now() - this.started));
    this.drawn = true;
  }

  /** Removes the line (before other output to the same terminal); the next tick redraws it. */
  clear(): void {
    if (!this.drawn) return;
    this.stderr.write(CLEAR);
    this.drawn = false;
  }

  /** Stops redrawing and removes the line. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.clear();
  }
}
