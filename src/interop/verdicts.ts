/**
 * What the importers say about a file beyond the verifier's network rules: the rules of the runtime
 * that would run it (MSCCL), and whether its data flow implements the collective it claims. Every
 * verdict says where it happens — rank, threadblock, the step's position in its threadblock, and the
 * Lab transfer when one message is at fault — so a picture can mark it.
 */

export type Severity = 'error' | 'warning' | 'note';

export type VerdictRule =
  | 'malformed'
  | 'structure'
  | 'limit'
  | 'chunks'
  | 'connection'
  | 'peer'
  | 'unmatched'
  | 'pair-mismatch'
  | 'dependency'
  | 'signal'
  | 'deadlock'
  | 'blocked'
  | 'bounds'
  | 'empty-read'
  | 'double-count'
  | 'race'
  | 'collective'
  | 'sizes'
  | 'runtime'
  | 'order'
  | 'ignored'
  | 'demand'
  | 'fraction';

export const VERDICT_TEXT: Record<VerdictRule, string> = {
  malformed: 'an attribute is missing or not of the kind the runtime reads',
  structure: 'ranks or threadblocks are missing, repeated or name themselves as peers',
  limit: 'beyond a limit of the runtime (steps, threadblocks, chunks per step, channels, elements)',
  chunks: "a buffer's chunk count does not agree with nchunksperloop",
  connection: 'two threadblocks of one rank use the same end of one connection (peer and channel)',
  peer: 'a step sends or receives in a threadblock that has no peer for it',
  unmatched: 'a send has no matching receive on its connection, or the reverse',
  'pair-mismatch': 'a matched send and receive disagree on how many chunks they move',
  dependency:
    'a dependency names a threadblock or step that does not exist, or is placed as the runtime refuses',
  signal: 'a dependency waits for a step that does not signal (hasdep="0")',
  deadlock: 'threadblocks wait for each other in a cycle: the schedule never finishes',
  blocked: 'a step never runs because what it waits for never happens',
  bounds: 'an offset and count reach outside their buffer',
  'empty-read': 'a step reads a chunk that nothing has written',
  'double-count': 'a reduction adds in a contribution its chunk already has',
  race: 'two steps of one rank use a chunk, one writing it, and no dependency orders them',
  collective: 'an output chunk does not hold what the collective requires',
  sizes: 'minBytes, maxBytes or outofplace are missing (newer runtimes refuse the file)',
  runtime: 'accepted by one MSCCL runtime but not by the other',
  order: "a step's s attribute is not its position (the runtime counts positions)",
  ignored: 'elements the runtime does not read',
  demand: 'a chunk the solver had to deliver does not arrive',
  fraction: 'chunks move in fractions',
};

/** Where a verdict happens; absent fields do not apply. */
export interface Where {
  rank?: number;
  /** Threadblock id on that rank. */
  tb?: number;
  /** The step's position in its threadblock (0-based, as the runtime counts). */
  step?: number;
  /** The importer's message at fault (turned into `transfer` and `labStep` when listed). */
  message?: number;
  /** The Lab transfer at fault, and its step (1-based). */
  transfer?: number;
  labStep?: number;
}

export interface Verdict extends Where {
  severity: Severity;
  rule: VerdictRule;
  text: string;
}

/** Verdicts listed in full; the counts cover every one. */
export const MAX_VERDICTS = 200;

export interface VerdictList {
  /** The first verdicts found, errors before warnings before notes, each kind in the order found. */
  listed: Verdict[];
  /** How many of each rule were found in all. */
  counts: Partial<Record<VerdictRule, number>>;
  errors: number;
  warnings: number;
}

/** Collects verdicts, keeping the first MAX_VERDICTS of each severity and counting all. */
export class Verdicts {
  private readonly kept: Record<Severity, Verdict[]> = { error: [], warning: [], note: [] };
  readonly counts: Partial<Record<VerdictRule, number>> = {};
  errors = 0;
  warnings = 0;

  add(severity: Severity, rule: VerdictRule, where: Where, text: string): void {
    this.counts[rule] = (this.counts[rule] ?? 0) + 1;
    if (severity === 'error') this.errors++;
    else if (severity === 'warning') this.warnings++;
    const list = this.kept[severity];
    if (list.length < MAX_VERDICTS) list.push({ severity, rule, ...where, text });
  }

  error(rule: VerdictRule, where: Where, text: string): void {
    this.add('error', rule, where, text);
  }

  warn(rule: VerdictRule, where: Where, text: string): void {
    this.add('warning', rule, where, text);
  }

  note(rule: VerdictRule, text: string): void {
    this.add('note', rule, {}, text);
  }

  /** Adds what `other` found, as if found here after what is here. */
  absorb(other: Verdicts): void {
    for (const [rule, n] of Object.entries(other.counts) as [VerdictRule, number][])
      this.counts[rule] = (this.counts[rule] ?? 0) + n;
    this.errors += other.errors;
    this.warnings += other.warnings;
    for (const severity of ['error', 'warning', 'note'] as const) {
      const list = this.kept[severity];
      for (const v of other.kept[severity]) if (list.length < MAX_VERDICTS) list.push(v);
    }
  }

  /** Every kept verdict, those that name a message placed on its Lab transfer and step. */
  list(transferOf: (message: number) => { transfer: number; labStep: number } | null): VerdictList {
    const listed = [...this.kept.error, ...this.kept.warning, ...this.kept.note].map((v) => {
      if (v.message === undefined) return v;
      const { message, ...rest } = v;
      const at = transferOf(message);
      return at ? { ...rest, ...at } : rest;
    });
    return { listed, counts: this.counts, errors: this.errors, warnings: this.warnings };
  }
}

/** "rank 3, threadblock 2, step 5" — the part of a message that says where. */
export function placeOf(w: Where): string {
  const parts: string[] = [];
  if (w.rank !== undefined) parts.push(`rank ${w.rank}`);
  if (w.tb !== undefined) parts.push(`threadblock ${w.tb}`);
  if (w.step !== undefined) parts.push(`step ${w.step}`);
  return parts.join(', ');
}
