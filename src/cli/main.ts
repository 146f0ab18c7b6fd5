/**
 * The command line's entry point (`npm run cli -- <command>`): with lp-child.ts (the solver's process)
 * the only code that touches the process and the file system. It runs one command (commands.ts) and
 * writes its output, chunk by chunk with back-pressure, to standard output or to --out, telling how
 * far the writing is on standard error when the run is a long one.
 */
import { once } from 'node:events';
import {
  closeSync,
  createWriteStream,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { execute } from './commands';
import { setLpSolver } from '../kernel/lp';
import { childSolver } from './lp-child';
import { type CommandOutput } from './command-kit';
import { FileRefused, readScheduleText } from './read-limited';

/** `npm run` starts scripts in the package folder; relative paths mean the caller's folder. */
const callerDir = process.env.INIT_CWD || process.cwd();
const pathOf = (p: string) => resolve(callerDir, p);

/** Bytes gathered before one write, so a big schedule makes few system calls. */
const WRITE_CHARS = 1 << 20;

async function pipe(r: CommandOutput, stream: Writable): Promise<void> {
  let buf = '';
  let written = 0;
  if (r.bytes !== undefined) r.watch?.phase('writing the schedule', 'MB');
  for (const chunk of r.out) {
    buf += chunk;
    if (buf.length >= WRITE_CHARS) {
      if (!stream.write(buf)) await once(stream, 'drain');
      written += buf.length;
      if (r.bytes !== undefined) r.watch?.progress(written / 1e6, r.bytes / 1e6);
      buf = '';
    }
  }
  if (buf && !stream.write(buf)) await once(stream, 'drain');
}

async function writeOutput(r: CommandOutput): Promise<void> {
  if (r.files && r.outFile !== undefined) {
    const dir = pathOf(r.outFile);
    try {
      mkdirSync(dir, { recursive: true });
      for (const f of r.files) writeFileSync(join(dir, f.name), f.bytes);
    } catch (e) {
      throw new Error(`cannot write into ${r.outFile}: ${e instanceof Error ? e.message : String(e)}`);
    }
    await pipe({ code: r.code, out: r.out }, process.stdout);
    return;
  }
  if (r.outFile === undefined) {
    await pipe(r, process.stdout);
    return;
  }
  const file = pathOf(r.outFile);
  const stream = createWriteStream(file);
  try {
    await once(stream, 'open');
  } catch (e) {
    throw new Error(`cannot write ${r.outFile}: ${e instanceof Error ? e.message : String(e)}`);
  }
  await pipe(r, stream);
  stream.end();
  await finished(stream);
}

/** A schedule file's text, read in chunks and refused early (see read-limited.ts). */
function readFileLimited(path: string): string | Uint8Array {
  const fd = openSync(pathOf(path), 'r');
  try {
    if (fstatSync(fd).isDirectory()) throw new FileRefused(`${path} is a folder, not a schedule file`);
    return readScheduleText((buffer) => readSync(fd, buffer, 0, buffer.length, null), path);
  } finally {
    closeSync(fd);
  }
}

async function main(): Promise<number> {
  // HiGHS runs in a process of its own, started only when an exact method solves a model.
  setLpSolver(childSolver());
  const r = execute(process.argv.slice(2), {
    readText: readFileLimited,
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  if (r.code === 0 || r.code === 1) {
    try {
      await writeOutput(r);
    } catch (e) {
      process.stderr.write(`${(e instanceof Error ? e.message : String(e)).split('\n')[0]}\n`);
      return 2;
    }
  }
  if (r.err !== undefined) process.stderr.write(`${r.err}\n`);
  return r.code;
}

// A closed pipe (e.g. `| head`) is not an error of ours.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 3;
  },
);
