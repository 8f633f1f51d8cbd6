/**
 * The package's bin. It takes Ctrl-C and SIGTERM before the command's code loads (some
 * 150 ms, when a signal would have killed the process with no report), then hands them to
 * the command (`runBin`), which reports what was linted (nothing yet) and exits 130 or 143.
 */

/** Holds the signals that come while the command loads, then runs it with them. */
async function start(): Promise<void> {
  const early: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals) => void early.push(signal);
  process.on('SIGINT', hold);
  process.on('SIGTERM', hold);
  // A file of its own beside this one (tsup.config.ts), so that this one loads at once.
  const { runBin } = (await import(new URL('./cli-main.js', import.meta.url).href)) as typeof import('./main');
  // Its own listeners are added before these go: a process with no listener left closes its
  // signal handle, and a signal pending there would be lost.
  runBin(early);
  process.off('SIGINT', hold);
  process.off('SIGTERM', hold);
}

void start();
