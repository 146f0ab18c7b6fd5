/**
 * The command line's entry point (`npm run cli -- <command>`): the only file that touches the process
 * and the file system. It runs one command (commands.ts) and writes its output, chunk by chunk with
 * back-pressure, to standard output or to --out.
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
import { setLpSolver, type LpSolution } from '../kernel/lp';
import { type CommandOutput } from './command-kit';
import { FileRefused, readScheduleText } from './read-limited';

/** `npm run` starts scripts in the package folder; relative paths mean the caller's folder. */
const callerDir = process.env.INIT_CWD || process.cwd();
const pathOf = (p: string) => resolve(callerDir, p);

/** Bytes gathered before one write, so a big schedule makes few system calls. */
const WRITE_CHARS = 1 << 20;

async function pipe(chunks: Iterable<string>, stream: Writable): Promise<void> {
  let buf = '';
  for (const chunk of chunks) {
    buf += chunk;
    if (buf.length >= WRITE_CHARS) {
      if (!stream.write(buf)) await once(stream, 'drain');
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
    await pipe(r.out, process.stdout);
    return;
  }
  if (r.outFile === undefined) {
    await pipe(r.out, process.stdout);
    return;
  }
  const file = pathOf(r.outFile);
  const stream = createWriteStream(file);
  try {
    await once(stream, 'open');
  } catch (e) {
    throw new Error(`cannot write ${r.outFile}: ${e instanceof Error ? e.message : String(e)}`);
  }
  await pipe(r.out, stream);
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

/** HiGHS (WebAssembly), loaded only when a command asks for an exact method. */
async function loadSolver(): Promise<void> {
  const { default: load } = await import('highs');
  const highs = await load();
  setLpSolver((lp, options) => highs.solve(lp, options) as LpSolution);
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.some((a) => a === 'exact' || a === '--method=exact')) await loadSolver();
  const r = execute(argv, { readText: readFileLimited });
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
