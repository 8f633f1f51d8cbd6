/**
 * Writing the report (and fixed input) with backpressure, and telling write failures apart:
 * a reader that went away (EPIPE, `| head`) ends the run quietly; any other failure (disk
 * full, read-only, /dev/full) ends it with exit code 2 and one line.
 */
import type { TextSink } from './io';

// Text is gathered into writes of about this size.
const WRITE_BYTES = 1 << 16;

/** Why output stopped. */
export interface OutputFailure {
  /** The system error code (`EPIPE`, `ENOSPC`, ...), if any. */
  readonly code?: string;
  /** A short reason, without a stack. */
  readonly reason: string;
}

/** A short reason for a write error. */
function writeReason(error: unknown): OutputFailure {
  const code = (error as { code?: unknown } | null)?.code;
  const reasons: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EROFS: 'the file system is read-only',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EDQUOT: 'disk quota exceeded',
    EFBIG: 'the file is too large',
    EIO: 'input/output error',
    EPIPE: 'the reader closed the pipe',
  };
  if (typeof code === 'string') return { code, reason: `${reasons[code] ?? 'write failed'} (${code})` };
  return { reason: error instanceof Error ? error.message : 'write failed' };
}

/**
 * Buffered, failure-aware writing to a sink.
 */
export class OutputSink {
  private buffered: (string | Uint8Array)[] = [];
  private bufferedBytes = 0;
  private waiting?: () => void;
  private needsDrain = false;
  /** Set once a write failed; later writes are dropped. */
  failure?: OutputFailure;

  /**
   * @param target Where to write.
   * @param name How messages name it (`stdout`, the file name).
   * @param beforeWrite Called before each write (to clear a progress line on the same terminal).
   */
  constructor(
    private readonly target: TextSink,
    readonly name: string,
    private readonly beforeWrite?: () => void,
  ) {
    target.on?.('error', (error) => this.fail(error));
    target.on?.('drain', () => this.release());
  }

  private fail(error: unknown): void {
    this.failure ??= writeReason(error);
    this.buffered = [];
    this.bufferedBytes = 0;
    this.release();
  }

  private release(): void {
    this.needsDrain = false;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }

  /** True when the reader closed the pipe (`| head`). */
  get closedByReader(): boolean {
    return this.failure?.code === 'EPIPE';
  }

  /**
   * Queues text or bytes; writes once about 64 KiB are queued.
   *
   * @param chunk What to write.
   */
  write(chunk: string | Uint8Array): void {
    if (this.failure || chunk.length === 0) return;
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    if (this.bufferedBytes >= WRITE_BYTES) this.push();
  }

  private push(): void {
    if (this.buffered.length === 0 || this.failure) return;
    const parts = this.buffered;
    this.buffered = [];
    this.bufferedBytes = 0;
    const data = parts.every((p) => typeof p === 'string') ? parts.join('') : Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
    this.beforeWrite?.();
    try {
      if (this.target.write(data) === false && this.target.on) this.needsDrain = true;
    } catch (error) {
      this.fail(error);
    }
  }

  /**
   * Writes what is queued and waits until the sink can take more (or failed).
   */
  async flush(): Promise<void> {
    this.push();
    if (this.needsDrain && !this.failure) await new Promise<void>((resolve) => (this.waiting = resolve));
  }
}
