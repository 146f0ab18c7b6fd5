import type { Attempt, TryStep, TryTransfer } from './attempt';
import type { TryRules } from './exercise-model';
import { ByteReader, ByteWriter, fromBase64Url, toBase64Url } from './try-bytes';
import { LINK_LIMITS, TryInputError } from './try-limits';

/**
 * The compact encoding of an exercise and an attempt for a link (the `try=` value of the permalink):
 * `1.` followed by URL-safe base64 of varints. Version 1 holds
 *
 *   flags (1 challenge, 2 one-port, 4 one-block, 8 an attempt follows), the algorithm id, the
 *   parameters that differ from the defaults (count, then key and value as text), and with flag 8:
 *   the steps (count, the step being edited), each step's offset + 1 (0: none set) and transfers,
 *   each transfer's sender, receivers (count, ids), blocks (as ranges: count, then gap from the last
 *   range's end and length − 1), route (count, link ids) and channel.
 *
 * Limits (LINK_LIMITS): 4000 characters, 400 transfers, 200 steps; beyond them the link is refused
 * with a message and the attempt is kept as a schedule file instead. This module reads and writes
 * only the structure; whether the ids exist in the exercise is `attemptProblem` (attempt.ts), asked
 * once the exercise is made. Nothing here needs the algorithms, so the page can read a link itself.
 */
export interface TryLink {
  exercise: { algorithm: string; params: Readonly<Record<string, string>>; rules: TryRules };
  /** A lecturer's challenge: the exercise is fixed and the algorithm hidden until the attempt is complete. */
  challenge: boolean;
  /** Absent: the exercise alone (a challenge before anyone has tried it). */
  attempt?: Attempt;
}

export const TRY_LINK_VERSION = 1;

const CHALLENGE = 1;
const ONE_PORT = 2;
const ONE_BLOCK = 4;
const WITH_ATTEMPT = 8;
const KNOWN_FLAGS = 15;

/** Longest text a link holds (an algorithm id, a parameter's name or value). */
const TEXT = 256;
/** Most parameters, receivers, ranges or links one item lists. */
const LIST = 4096;
/** Largest id a link holds (nodes, blocks, links, channels). */
const ID = 0x7fffffff;

const plural = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;

/** The link's text; a TryInputError beyond LINK_LIMITS, saying which and what to do instead. */
export function encodeTryLink(l: TryLink): string {
  const w = new ByteWriter();
  const r = l.exercise.rules;
  const a = l.attempt;
  w.uint(
    (l.challenge ? CHALLENGE : 0) |
      (r.onePort ? ONE_PORT : 0) |
      (r.oneBlock ? ONE_BLOCK : 0) |
      (a ? WITH_ATTEMPT : 0),
  );
  w.text(l.exercise.algorithm);
  const params = Object.entries(l.exercise.params).sort(([x], [y]) => (x < y ? -1 : 1));
  w.uint(params.length);
  for (const [k, v] of params) {
    w.text(k);
    w.text(v);
  }
  if (a) {
    const transfers = a.steps.reduce((n, s) => n + s.transfers.length, 0);
    if (transfers > LINK_LIMITS.transfers)
      throw new TryInputError(
        `a link holds an attempt of at most ${LINK_LIMITS.transfers} transfers; this one has ${transfers}: download it as a schedule file instead`,
      );
    if (a.steps.length > LINK_LIMITS.steps)
      throw new TryInputError(
        `a link holds at most ${LINK_LIMITS.steps} steps; this attempt has ${a.steps.length}`,
      );
    w.uint(a.steps.length);
    w.uint(a.at);
    for (const s of a.steps) {
      w.uint(s.offset === undefined ? 0 : s.offset + 1);
      w.uint(s.transfers.length);
      for (const t of s.transfers) writeTransfer(w, t);
    }
  }
  const text = `${TRY_LINK_VERSION}.${toBase64Url(w.bytes())}`;
  if (text.length > LINK_LIMITS.characters)
    throw new TryInputError(
      `this attempt needs ${text.length} characters in a link; a link holds at most ${LINK_LIMITS.characters}: download it as a schedule file instead`,
    );
  return text;
}

function writeTransfer(w: ByteWriter, t: TryTransfer): void {
  w.uint(t.from);
  w.uint(t.to.length);
  for (const v of t.to) w.uint(v);
  // Blocks as ranges [lo, hi): gap from the previous range's end, then length − 1.
  const sorted = [...new Set(t.blocks)].sort((x, y) => x - y);
  const ranges: [number, number][] = [];
  for (const b of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === b) last[1]++;
    else ranges.push([b, b + 1]);
  }
  w.uint(ranges.length);
  let end = 0;
  for (const [lo, hi] of ranges) {
    w.uint(lo - end);
    w.uint(hi - lo - 1);
    end = hi;
  }
  w.uint(t.route.length);
  for (const l of t.route) w.uint(l);
  w.uint(t.channel);
}

/**
 * The exercise and attempt a link's text holds. Any text gives either that or a TryInputError that
 * says what is wrong (a version this app does not read, a cut or garbled text, a count beyond the
 * limits); nothing else is thrown.
 */
export function decodeTryLink(text: unknown): TryLink {
  if (typeof text !== 'string') throw new TryInputError('a Try it link is text');
  if (text.length > LINK_LIMITS.characters)
    throw new TryInputError(
      `a Try it link holds at most ${LINK_LIMITS.characters} characters; this one has ${text.length}`,
    );
  const dot = text.indexOf('.');
  const version = dot > 0 ? text.slice(0, dot) : '';
  if (!/^[0-9]{1,6}$/.test(version))
    throw new TryInputError('this is not a Try it link: it starts with its version, as “1.”');
  if (Number(version) !== TRY_LINK_VERSION)
    throw new TryInputError(
      `this Try it link is version ${Number(version)}; this app reads version ${TRY_LINK_VERSION}${Number(version) > TRY_LINK_VERSION ? ' (it was made by a newer app)' : ''}`,
    );
  const r = new ByteReader(fromBase64Url(text.slice(dot + 1)));
  const flags = r.uint('the flags', KNOWN_FLAGS);
  const algorithm = r.text('the algorithm', TEXT);
  const params: Record<string, string> = {};
  const count = r.uint('the number of parameters', 64);
  for (let i = 0; i < count; i++) {
    const k = r.text(`parameter ${i + 1}’s name`, TEXT);
    if (Object.hasOwn(params, k)) throw new TryInputError(`the link gives the parameter ${k} twice`);
    params[k] = r.text(`the parameter ${k}`, TEXT);
  }
  const rules: TryRules = {};
  if (flags & ONE_PORT) rules.onePort = true;
  if (flags & ONE_BLOCK) rules.oneBlock = true;
  const link: TryLink = { exercise: { algorithm, params, rules }, challenge: (flags & CHALLENGE) !== 0 };
  if (flags & WITH_ATTEMPT) link.attempt = readAttempt(r);
  r.end();
  return link;
}

function readAttempt(r: ByteReader): Attempt {
  const count = r.uint('the number of steps', LINK_LIMITS.steps);
  if (count === 0) throw new TryInputError('the link’s attempt has no step');
  const at = r.uint('the step being edited', count - 1);
  const steps: TryStep[] = [];
  let total = 0;
  for (let s = 0; s < count; s++) {
    const offset = r.uint(`step ${s + 1}’s circuits`, ID);
    const n = r.uint(`step ${s + 1}’s number of transfers`, LINK_LIMITS.transfers - total);
    total += n;
    const transfers: TryTransfer[] = [];
    for (let i = 0; i < n; i++) transfers.push(readTransfer(r, `transfer ${i + 1} of step ${s + 1}`));
    steps.push(offset === 0 ? { transfers } : { transfers, offset: offset - 1 });
  }
  return { steps, at };
}

function readTransfer(r: ByteReader, where: string): TryTransfer {
  const from = r.uint(`${where}’s sender`, ID);
  const to: number[] = [];
  const receivers = r.uint(`${where}’s number of receivers`, LIST);
  for (let i = 0; i < receivers; i++) to.push(r.uint(`${where}’s receiver`, ID));
  const blocks: number[] = [];
  const ranges = r.uint(`${where}’s number of block ranges`, LIST);
  let end = 0;
  for (let i = 0; i < ranges; i++) {
    const lo = end + r.uint(`${where}’s blocks`, ID - end);
    const len = r.uint(`${where}’s blocks`, Math.min(LIST - blocks.length, ID - lo)) + 1;
    if (blocks.length + len > LIST)
      throw new TryInputError(`${where} lists more than ${plural(LIST, 'block')}`);
    for (let b = lo; b < lo + len; b++) blocks.push(b);
    end = lo + len;
  }
  const route: number[] = [];
  const links = r.uint(`${where}’s route length`, LIST);
  for (let i = 0; i < links; i++) route.push(r.uint(`${where}’s route`, ID));
  const channel = r.uint(`${where}’s channel`, 0xffff);
  return { from, to, blocks, route, channel };
}

/** What is wrong with a link's `try=` text, '' when it reads (the permalink's codec asks this). */
export function tryLinkProblem(text: string): string {
  try {
    decodeTryLink(text);
    return '';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
