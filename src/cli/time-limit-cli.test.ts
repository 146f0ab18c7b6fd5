import { afterEach, describe, expect, it } from 'vitest';
import { setLpSolver, type LpSolution } from '../kernel/lp';
import type { ScheduleJson } from '../kernel/format/schedule-json';
import { execute } from './commands';
import type { CliIo, CommandOutput } from './command-kit';
import { OUTPUT_LIMIT_BYTES } from './output-size';

// --time-limit bounds the whole run (the constructive start, the search, each model of the exact
// method); a long run tells its progress on standard error; a schedule too big to write is refused
// before a byte is written unless --force is given. The limits here are 1–3 s.

const lines: string[] = [];
const io: CliIo = {
  readText: () => {
    throw new Error('no files here');
  },
  progress: (line) => lines.push(line),
};
const cli = (...argv: string[]) => execute(argv, io);
const out = (r: CommandOutput) => [...r.out].join('');

afterEach(() => {
  lines.length = 0;
  setLpSolver(null);
});

/** The 8 × 8 mesh of fat routers (256 processors), all-to-all: 65,280 messages. */
const BIG_NOC = ['--topology', 'mesh:8x8', '--per-router', '4', '--pattern', 'aas'];

describe('--time-limit', () => {
  it('ends a constructive start that cannot finish in time: exit 4, one line, nothing written', () => {
    // Its constructive schedule takes minutes; the limit is 1 s.
    const r = cli('schedule', 'noc-scatter', ...BIG_NOC, '--method', 'hybrid', '--time-limit', '1');
    expect(r.code).toBe(4);
    expect(out(r)).toBe('');
    expect(r.err).not.toMatch(/\n/);
    expect(r.err).toMatch(
      /^noc-scatter: no schedule within the time limit of 1 s: the constructive schedule had (routed|placed) [\d,]+ of 65,280 messages; nothing is written; a longer --time-limit gives it more time \(a number from 0\.1 to 3,600 s\)$/,
    );
  }, 60_000);

  it('formulas too', () => {
    const r = cli('formulas', 'noc-scatter', ...BIG_NOC, '--method', 'constructive', '--time-limit', '1');
    expect(r.code).toBe(4);
    expect(r.err).toContain('no schedule within the time limit of 1 s');
  }, 60_000);

  it('tells the progress of a long run on standard error', () => {
    const r = cli('schedule', 'noc-scatter', ...BIG_NOC, '--method', 'constructive', '--time-limit', '3');
    expect(r.code).toBe(4);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(
      /^noc-scatter, \d+ s: (routing|placing) the messages of the constructive schedule/m,
    );
  }, 60_000);

  it('ends the search and writes the best schedule found, saying so', () => {
    // Annealing with moves enough for hours, for fewer than the 10 steps that are optimal over
    // shortest routes (the exact method proves it): only the time limit ends it.
    const r = cli(
      'schedule',
      'noc-scatter',
      ...['--topology', 'fat-octagon', '--senders', '0-7', '--receivers', '0-7'],
      ...['--method', 'anneal', '--moves', '100000000', '--time-limit', '1'],
    );
    expect(r.code).toBe(0);
    const doc = JSON.parse(out(r)) as ScheduleJson;
    expect(doc.summary.verified).toBe(true);
    expect(r.err).toBe(
      `noc-scatter: the time limit of 1 s ended the run while searching for fewer steps; the schedule written is the best found, ${doc.summary.steps} steps`,
    );
  }, 60_000);

  it('gives the exact method’s solver only the time left, and ends with the best so far', () => {
    const given: number[] = [];
    setLpSolver((_lp, { time_limit }) => {
      given.push(time_limit);
      // A solver that uses all the time it is given and decides nothing.
      const end = Date.now() + time_limit * 1e3;
      while (Date.now() <= end);
      return { Status: 'Time limit reached', Columns: {} } satisfies LpSolution;
    });
    const r = cli(
      'schedule',
      'noc-scatter',
      ...['--topology', 'fat-octagon', '--senders', '0-7', '--receivers', '0-7'],
      ...['--method', 'exact', '--time-limit', '1'],
    );
    expect(r.code).toBe(0);
    expect(given).toHaveLength(1);
    // The build came first: less than the whole limit was left.
    expect(given[0]).toBeGreaterThan(0);
    expect(given[0]).toBeLessThan(1);
    expect(r.err).toContain('the time limit of 1 s ended the run while searching for fewer steps');
  }, 60_000);
});

describe('the size of what schedule writes', () => {
  // OTIS-Mesh with 144 processors a group: every message back carries all 20,736 contributions.
  const OTIS = ['schedule', 'otis-allreduce', '--group-size', '144', '--method', 'direct'];

  it('is counted before writing: over the limit, refused without --force', () => {
    const r = cli(...OTIS);
    expect(r.code).toBe(2);
    expect(out(r)).toBe('');
    expect(r.err).toMatch(
      /^otis-allreduce: this schedule would be about [\d.]+ [GT]B of JSON \([\d,]+ transfers, \d+ steps\); schedule writes at most 800,000,000 bytes \(the most check reads back\) unless --force is given$/,
    );
  }, 60_000);

  it('is written with --force (the count says how big)', () => {
    const r = cli(...OTIS, '--format', 'csv', '--force');
    expect(r.code).toBe(0);
    expect(r.bytes).toBeGreaterThan(OUTPUT_LIMIT_BYTES);
    // The first lines only: the whole is gigabytes.
    const first = r.out[Symbol.iterator]().next().value as string;
    expect(first.startsWith('step,phase,transfer,from,to,path,channel,blocks\n')).toBe(true);
  }, 60_000);

  it('--force is for schedule only', () => {
    const r = cli('formulas', 'otis-allreduce', '--force');
    expect(r.code).toBe(2);
    expect(r.err).toBe('--force is for schedule only (it writes a schedule over the output limit)');
  });
});
