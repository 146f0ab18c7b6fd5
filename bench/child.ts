/**
 * Cold-start measurement in a fresh child process, shared by the Node benchmarks: the script forks
 * itself with `--child <case as JSON>`, the child measures once and sends its sample back. Each
 * timing is then a cold start (what a user sees the first time) and each peak RSS belongs to that
 * case alone.
 */
import { fork } from 'node:child_process';

/** Runs the calling script (`scriptUrl`: its import.meta.url) as a child on one case. */
export function measureInChild<C, S>(scriptUrl: string, c: C, label: string): Promise<S> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(scriptUrl), ['--child', JSON.stringify(c)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let sample: S | undefined;
    child.on('message', (m) => (sample = m as S));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (sample !== undefined && code === 0) resolve(sample);
      else reject(new Error(`${label}: child exited with ${signal ?? code}`));
    });
  });
}

/**
 * In a process started by measureInChild: measures the case, sends the sample and exits. Returns
 * false (doing nothing) in the parent.
 */
export function serveChild<C, S>(measure: (c: C) => S): boolean {
  const at = process.argv.indexOf('--child');
  if (at < 0) return false;
  const sample = measure(JSON.parse(process.argv[at + 1]) as C);
  process.send!(sample, () => process.exit(0));
  return true;
}
