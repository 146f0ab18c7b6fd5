import { configIssues } from './kernel/config';
import { readParams, valueIssues, type ParamIssue, type ParamValues } from './kernel/params/schema';
import type { AlgorithmCard, Estimate, Limits } from './kernel/spec';

export type { Limits } from './kernel/spec';

export const BROWSER_LIMITS: Limits = {
  name: 'the browser',
  transfers: 20_000_000,
  // 96 M: every configuration the parameter ranges allow below the transfer limit fits. The largest
  // are Bruck on 2048 nodes (54.5 M visit slots) and ReTri on 2187 (27 M; the page peaks near 1.3 GB
  // summed over Chromium's processes); multi-scatter on 4096 keeps 16.8 M route words.
  holdingCells: 96_000_000,
  // 250 MB of JSON: read into one string in the worker (V8 caps a string near 512 MiB), parsed there
  // into about four times as much heap.
  fileBytes: 250_000_000,
  // The views pass over every processor of the step shown (its counts, its extremes): 2^16 of them
  // cost a few milliseconds of the page's thread, millions would cost hundreds.
  fileNodes: 65_536,
  // TE-CCL output is imported whole in the worker (its holdings grow as GPUs × chunks × epochs):
  // 99,540 flows open in 21 s with no main-thread task over 50 ms of CPU on a loaded machine; at
  // 2,000,000 they were not on screen within 10 minutes (docs/benchmarks.md).
  tecclFlows: 100_000,
  // A NoC schedule passes over every waiting message in every step it fills: all-to-all on an 8 × 8
  // mesh with 2 processors per router (16,256 messages) is built in about 14 s on the command line,
  // with 4 per router (65,280) in 39 s, and on a 16 × 16 mesh with 4 (1,047,552) in over an hour
  // (docs/benchmarks.md). The page keeps to builds of seconds; the command line builds the rest.
  placedMessages: 65_536,
};
export const CLI_LIMITS: Limits = {
  name: 'the command line',
  transfers: 200_000_000,
  holdingCells: 200_000_000,
  // Its parsed steps take about four times the file's size of heap (576 MB: 2.7 GiB resident), which
  // must stay under Node's default heap limit.
  fileBytes: 800_000_000,
  // 4 × 2^20: four times the largest network the app builds (the million-processor OTIS-Mesh).
  fileNodes: 4 * 1024 * 1024,
  tecclFlows: 2_000_000,
  // Every NoC configuration the parameters allow (1,024 processors, all-to-all: 1,047,552 messages);
  // `--time-limit` bounds how long a build may take.
  placedMessages: 1_048_576,
};

/**
 * Longest topology file (a NoC network of one's own) read, in the page and by the command line:
 * its largest network (64 routers, 512 links) takes a few kilobytes.
 */
export const TOPOLOGY_FILE_BYTES = 1_000_000;

/**
 * What a file is opened as: a schedule to show and check (Open schedule…, `check`) or a network of
 * one's own (the NoC's Open topology…, `--topology FILE.json`).
 */
export type FileKind = 'schedule' | 'network';

/**
 * Why a file of `bytes` cannot be opened as `kind` where `l` applies, or null. Checked before a byte
 * of it is read, so the refusal costs nothing whatever the file's size.
 */
export function fileSizeRefusal(name: string, bytes: number, kind: FileKind, l: Limits): string | null {
  const most = kind === 'schedule' ? l.fileBytes : TOPOLOGY_FILE_BYTES;
  if (bytes <= most) return null;
  // Just over the limit, the rounded size would read as the limit itself.
  const size =
    sizeText(bytes) === sizeText(most) ? `${bytes.toLocaleString('en-US')} bytes` : sizeText(bytes);
  if (kind === 'network')
    return `${name} is ${size}; a topology file may be at most ${sizeText(most)} (the largest network it can describe takes a few kB)`;
  const elsewhere =
    l.fileBytes < CLI_LIMITS.fileBytes
      ? `; the command line's check reads up to ${sizeText(CLI_LIMITS.fileBytes)}`
      : '';
  return `${name} is ${size}; ${l.name} reads schedule files of at most ${sizeText(most)}${elsewhere}`;
}

/**
 * The most processors a schedule file may declare where `l` applies, and why, as the importer states
 * it: the command line's check keeps tables per processor; the page, which draws them, says it and
 * where a bigger file can still be checked.
 */
export function fileNodeLimit(l: Limits): { most: number; why: string } {
  const f = (x: number) => x.toLocaleString('en-US');
  return {
    most: l.fileNodes,
    why:
      l.fileNodes >= CLI_LIMITS.fileNodes
        ? 'the checker keeps tables per processor'
        : `${l.name} shows files of at most ${f(l.fileNodes)} processors; the command line's check reads up to ${f(CLI_LIMITS.fileNodes)}`,
  };
}

/** A byte count as people read it, in decimal units: "870 bytes", "51.2 MB", "1 GB". */
export function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  let value = bytes;
  let unit = 0;
  // Three significant digits; 999,999 bytes rounds up to 1 MB, not 1000 kB.
  while (unit < 3 && Number((value / 1000).toPrecision(3)) >= 1) [value, unit] = [value / 1000, unit + 1];
  return `${Number(value.toPrecision(3)).toLocaleString('en-US')} ${['', 'kB', 'MB', 'GB'][unit]}`;
}

export class InputError extends Error {
  constructor(
    message: string,
    readonly issues: ParamIssue[] = [],
  ) {
    super(message);
  }
}

/** Checks parameters (each one and across them) and the size limit, before any work starts. */
export function checkRun(spec: AlgorithmCard, params: ParamValues, limits: Limits): ParamIssue[] {
  const bad = valueIssues(spec.params, params);
  if (bad.length) return bad;
  const issues = configIssues(spec, params);
  if (issues.length) return issues;
  const e = spec.estimate(params);
  const over = overLimit(e, limits);
  return over ? [{ key: 'nodes', message: `${spec.name}: ${over}` }] : [];
}

function overLimit(e: Estimate, l: Limits): string | null {
  const f = (x: number) => x.toLocaleString('en-US');
  if (e.transfers > l.transfers)
    return `this configuration needs ${f(e.transfers)} transfers; ${l.name} allows at most ${f(l.transfers)}.`;
  if (e.holdingCells > l.holdingCells)
    return `tracking who holds which block needs ${f(e.holdingCells)} entries; ${l.name} allows at most ${f(l.holdingCells)}.`;
  const placed = e.placedMessages ?? 0;
  if (placed > l.placedMessages) {
    const elsewhere =
      l.placedMessages < CLI_LIMITS.placedMessages
        ? ` (its build time grows about as their square); the command line builds up to ${f(CLI_LIMITS.placedMessages)}, bounded by --time-limit`
        : '';
    return `this configuration has ${f(placed)} messages to place; ${l.name} schedules at most ${f(l.placedMessages)}${elsewhere}.`;
  }
  return null;
}

/** Parses raw parameter text, refusing bad values (unlike permalinks, which fall back). */
export function paramsFromRaw(spec: AlgorithmCard, given: Record<string, string>): ParamValues {
  let raw = given;
  try {
    raw = spec.shorthands ? spec.shorthands(given) : given;
  } catch (e) {
    throw new InputError(e instanceof Error ? e.message : String(e));
  }
  const { values, issues, unknown } = readParams(spec.params, raw);
  if (unknown.length)
    throw new InputError(
      `${spec.id} has no parameter ${unknown.map((k) => `--${k}`).join(', ')}; it takes ${spec.params.map((d) => `--${d.key}`).join(', ')}`,
    );
  if (issues.length) throw new InputError(issues[0].message, issues);
  return values;
}
