/**
 * The exit codes of `fulfilkit`.
 */

/** Exit codes: 0, 1 and 2 as pinned; 130, 141 and 143 follow the shell's 128 + signal convention. */
export const EXIT = {
  /** No errors. */
  ok: 0,
  /** Errors found, or more warnings than `--max-warnings`. */
  errors: 1,
  /** Usage or I/O failure: bad flag, missing file, a failed read or write. */
  failure: 2,
  /** Interrupted (Ctrl-C, SIGINT): what was linted is reported. */
  interrupted: 130,
  /** The reader of stdout went away (`| head`): as if stopped by SIGPIPE. */
  closedByReader: 141,
  /** Asked to stop (SIGTERM: `timeout`, Kubernetes, CI cancel): handled like an interruption. */
  terminated: 143,
} as const;
