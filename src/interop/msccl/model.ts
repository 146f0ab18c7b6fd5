/**
 * An MSCCL algorithm as typed values, read from its XML as the parse meets each element. A missing
 * or malformed attribute is a verdict where it happens (the runtime would refuse the file) and gets
 * a value that lets the rest be read: a bad step becomes a no-op in its place, a threadblock without
 * its peers is left out. Only what cannot be read at all — no rank count — stops the import.
 */
import { InputError } from '../../limits';
import { placeOf, Verdicts, type Where } from '../verdicts';
import { parseMscclXml, type XmlElementReader } from './parse';
import { collOf, LEGACY, PROTOCOLS, type MscclColl } from './runtime';
import { runtimeReaderProblem } from './runtime-reader';
import { addStepRow, stepColumns, type Buf, type StepColumns } from './step-columns';

export type { Buf } from './step-columns';

export interface Threadblock {
  id: number;
  send: number;
  recv: number;
  chan: number;
  /** Its steps: rows first … first + count − 1 of `Algo.steps`. */
  first: number;
  count: number;
}

export interface Gpu {
  id: number;
  /** Chunks of the input, output and scratch buffers. */
  i: number;
  o: number;
  s: number;
  tbs: Threadblock[];
}

export interface Algo {
  name: string;
  proto: string;
  nchannels: number;
  nchunksperloop: number;
  ngpus: number;
  /** `coll` as written, and the collective it names (null: unknown). */
  coll: string;
  collective: MscclColl | null;
  inplace: boolean;
  /** null when the attribute is absent (as in files for the older runtime). */
  outofplace: boolean | null;
  minBytes: bigint | null;
  maxBytes: bigint | null;
  redop: string | null;
  /** The <gpu> of each rank (undefined: missing). */
  gpus: (Gpu | undefined)[];
  /** Every <step> read, in file order. */
  steps: StepColumns;
  /** Elements the runtime does not read, by name, and how many. */
  ignored: Map<string, number>;
}

/** Most ranks read: the runtimes' XML readers keep at most 1024 children of <algo>. */
export const MAX_RANKS = 1024;
/** Most chunks in one buffer: the runtimes keep offsets as 16-bit signed numbers. */
export const MAX_CHUNKS = 32_767;

const INT = /^-?\d+$/;

/** The whole number the text spells (spaces around it allowed), or NaN. */
export function wholeNumber(raw: string): number {
  // The usual case, digits with perhaps a minus sign, read without a regular expression or a copy.
  const n = raw.length;
  let k = raw.charCodeAt(0) === 45 ? 1 : 0;
  if (k < n) {
    for (; k < n; k++) {
      const c = raw.charCodeAt(k);
      if (c < 48 || c > 57) break;
    }
    if (k === n) return Number(raw);
  }
  const t = raw.trim();
  return INT.test(t) ? Number(t) : NaN;
}

/**
 * Reads attributes of one element, reporting what is missing or malformed. Where the element is
 * (rank, threadblock, step; −1: not said) is kept as numbers and made a Where only for a verdict;
 * one reader serves every <step> in turn (`next`), so reading a step makes no reader of its own.
 */
class Reader {
  constructor(
    private attrs: Record<string, string>,
    private readonly element: string,
    private readonly v: Verdicts,
    private rank = -1,
    private tb = -1,
    private step = -1,
  ) {}
  bad = false;

  /** The step's position (−1: not a step). */
  get position(): number {
    return this.step;
  }

  /** Starts on another element of the same kind. */
  next(attrs: Record<string, string>, rank: number, tb: number, step: number): this {
    this.attrs = attrs;
    this.rank = rank;
    this.tb = tb;
    this.step = step;
    this.bad = false;
    return this;
  }

  private where(): Where {
    const where: Where = {};
    if (this.rank >= 0) where.rank = this.rank;
    if (this.tb >= 0) where.tb = this.tb;
    if (this.step >= 0) where.step = this.step;
    return where;
  }

  private fail(key: string, must: string): void {
    this.bad = true;
    const got = this.attrs[key];
    const where = this.where();
    const place = placeOf(where);
    this.v.error(
      'malformed',
      where,
      `${place ? `${place}: ` : ''}<${this.element}> ${key} must be ${must}; ${got === undefined ? 'it is missing' : `got "${got.slice(0, 40)}"`}`,
    );
  }

  has(key: string): boolean {
    return this.attrs[key] !== undefined;
  }

  int(key: string, fallback: number, min = -Infinity, max = Infinity): number {
    const raw = this.attrs[key];
    const n = raw !== undefined ? wholeNumber(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      this.fail(
        key,
        max < Infinity
          ? `a whole number from ${min} to ${max}`
          : min > -Infinity
            ? `a whole number ≥ ${min}`
            : 'a whole number',
      );
      return fallback;
    }
    return n;
  }

  text(key: string, fallback: string, allowed?: readonly string[]): string {
    const raw = this.attrs[key];
    if (raw === undefined || (allowed && !allowed.includes(raw))) {
      this.fail(key, allowed ? `one of ${allowed.join(', ')}` : 'given');
      return fallback;
    }
    return raw;
  }

  big(key: string): bigint | null {
    const raw = this.attrs[key];
    if (raw === undefined) return null;
    if (!INT.test(raw.trim())) {
      this.fail(key, 'a whole number');
      return null;
    }
    return BigInt(raw.trim());
  }

  flag(key: string, fallback: boolean): boolean {
    return this.int(key, fallback ? 1 : 0, 0, 1) === 1;
  }
}

const STEP_TYPES = [...LEGACY.stepTypes];
/**
 * Characters of a typical <step> element with its indent (the tools write about 110–130): the step
 * columns are first made for the text's length over this (at most MAX_STEP_ROOM rows), so a usual
 * file never makes them again.
 */
const STEP_CHARS = 100;
const MAX_STEP_ROOM = 1 << 16;
const BUFFERS = ['i', 'o', 's'];

/**
 * Reads an MSCCL algorithm from its XML text. Throws InputError only for text that cannot be read.
 * Where the runtime's own XML reader would stop is a verdict.
 */
export function readAlgo(text: string, v: Verdicts, file: string): Algo {
  // What a reading that gives up half-way said is dropped with it.
  let said = new Verdicts();
  const { reader, runtimeReadable } = parseMscclXml(
    text,
    file,
    () =>
      new AlgoReader(
        (said = new Verdicts()),
        file,
        Math.min(MAX_STEP_ROOM, Math.ceil(text.length / STEP_CHARS)),
      ),
  );
  v.absorb(said);
  const problem = runtimeReadable ? null : runtimeReaderProblem(text);
  if (problem)
    v.error(
      'malformed',
      {},
      `line ${problem.line}, column ${problem.column}: microsoft/msccl's XML reader (src/graph/xml.cc) stops here: ${problem.message}`,
    );
  return reader.result();
}

/**
 * The algorithm built element by element as the parse meets them: <algo>, its <gpu>s, their <tb>s,
 * their <step>s; anything else is counted as ignored and passed over with what it holds. A <gpu> or
 * <tb> that cannot be placed is left out with what it holds.
 */
class AlgoReader implements XmlElementReader {
  private algo: Algo | null = null;
  /** Why the file cannot be read at all (raised once the parse has found the text well-formed). */
  private fatal: InputError | null = null;
  private depth = 0;
  /** Depth of the element being passed over with all it holds (0: none). */
  private skipping = 0;
  private gpu: Gpu | null = null;
  private tb: Threadblock | null = null;
  /** Reads every <step>, one after another. */
  private readonly stepReader: Reader;

  constructor(
    private readonly v: Verdicts,
    private readonly file: string,
    /** Rows to make room for at first (more are made as needed). */
    private readonly stepRoom: number,
  ) {
    this.stepReader = new Reader({}, 'step', v);
  }

  open(name: string, attrs: Record<string, string>): void {
    const depth = ++this.depth;
    if (this.skipping) return;
    const algo = this.algo;
    let read = false;
    if (depth === 1) read = this.readRoot(attrs);
    else if (!algo) read = false;
    else if (depth === 2 && name === 'gpu') read = (this.gpu = readGpu(attrs, algo, this.v)) !== null;
    else if (depth === 3 && name === 'tb')
      read = (this.tb = readThreadblock(attrs, this.v, this.gpu!, algo.steps.count)) !== null;
    else if (depth === 4 && name === 'step') {
      const tb = this.tb!;
      readStep(this.stepReader.next(attrs, this.gpu!.id, tb.id, tb.count++), algo.steps);
      // What a step holds is not read (nor counted: the runtime looks no deeper).
    } else algo.ignored.set(name, (algo.ignored.get(name) ?? 0) + 1);
    if (!read) this.skipping = depth;
  }

  close(): void {
    const depth = this.depth--;
    if (this.skipping === depth) this.skipping = 0;
    if (depth === 2) this.gpu = null;
    else if (depth === 3) this.tb = null;
  }

  /** Reads <algo>'s attributes; false when the rank count cannot be read (nothing more is). */
  private readRoot(attrs: Record<string, string>): boolean {
    const ngpusText = attrs.ngpus;
    const ngpus = ngpusText !== undefined ? wholeNumber(ngpusText) : NaN;
    if (!(ngpus >= 1 && ngpus <= MAX_RANKS)) {
      this.fatal = new InputError(
        `${this.file}: <algo> ngpus must be a whole number from 1 to ${MAX_RANKS}; ${ngpusText === undefined ? 'it is missing' : `got "${ngpusText.slice(0, 40)}"`}`,
      );
      return false;
    }
    this.algo = readAlgoAttributes(attrs, ngpus, this.stepRoom, this.v);
    return true;
  }

  result(): Algo {
    if (this.fatal || !this.algo) throw this.fatal ?? new InputError(`${this.file} has no <algo>`);
    return this.algo;
  }
}

function readAlgoAttributes(
  attrs: Record<string, string>,
  ngpus: number,
  stepRoom: number,
  v: Verdicts,
): Algo {
  const r = new Reader(attrs, 'algo', v);
  const coll = r.text('coll', 'custom');
  const collective = collOf(coll);
  if (!collective && r.has('coll'))
    v.error(
      'malformed',
      {},
      `<algo> coll "${coll}" is no collective either runtime runs; replayed without a verdict`,
    );
  return {
    name: r.text('name', '(unnamed)'),
    proto: r.text('proto', 'Simple', PROTOCOLS),
    nchannels: r.int('nchannels', 0, 1),
    nchunksperloop: r.int('nchunksperloop', 0, 1),
    ngpus,
    coll,
    collective,
    inplace: r.flag('inplace', false),
    outofplace: r.has('outofplace') ? r.flag('outofplace', true) : null,
    minBytes: r.big('minBytes'),
    maxBytes: r.big('maxBytes'),
    redop: attrs.redop ?? null,
    gpus: new Array<Gpu | undefined>(ngpus),
    steps: stepColumns(stepRoom),
    ignored: new Map(),
  };
}

/** A rank's <gpu>, placed in `algo.gpus`; null when it is left out (a bad or repeated id). */
function readGpu(attrs: Record<string, string>, algo: Algo, v: Verdicts): Gpu | null {
  const gr = new Reader(attrs, 'gpu', v);
  const id = gr.int('id', -1, 0, algo.ngpus - 1);
  if (id < 0) return null;
  if (algo.gpus[id]) {
    v.error('structure', { rank: id }, `rank ${id} has a second <gpu>; the runtime reads the first`);
    return null;
  }
  const cr = new Reader(attrs, 'gpu', v, id);
  const gpu: Gpu = {
    id,
    i: cr.int('i_chunks', 0, 0, MAX_CHUNKS),
    o: cr.int('o_chunks', 0, 0, MAX_CHUNKS),
    s: cr.int('s_chunks', 0, 0, MAX_CHUNKS),
    tbs: [],
  };
  algo.gpus[id] = gpu;
  return gpu;
}

/** A <tb>, added to its rank; null when it is left out (no id, or peers that cannot be read). */
function readThreadblock(
  attrs: Record<string, string>,
  v: Verdicts,
  gpu: Gpu,
  first: number,
): Threadblock | null {
  const rank = gpu.id;
  const ir = new Reader(attrs, 'tb', v, rank);
  const id = ir.int('id', -1, 0);
  if (id < 0) return null;
  const where = { rank, tb: id };
  const r = new Reader(attrs, 'tb', v, rank, id);
  const send = r.int('send', -2, -1);
  const recv = r.int('recv', -2, -1);
  const chan = r.int('chan', 0, 0);
  if (send === -2 || recv === -2) {
    v.error('malformed', where, `${placeOf(where)}: left out (its peers cannot be read)`);
    return null;
  }
  const tb: Threadblock = { id, send, recv, chan, first, count: 0 };
  gpu.tbs.push(tb);
  return tb;
}

/** A <step>, read by `r` (placed at it: `r.next`) into a new row of `c`. */
function readStep(r: Reader, c: StepColumns): void {
  const j = addStepRow(c);
  const pos = r.position;
  // In the attributes' order, so that their verdicts come in that order.
  c.pos[j] = pos;
  c.s[j] = r.int('s', pos);
  c.type[j] = r.text('type', 'nop', STEP_TYPES);
  c.srcbuf[j] = r.text('srcbuf', 'i', BUFFERS) as Buf;
  c.srcoff[j] = r.int('srcoff', -1, -1);
  c.dstbuf[j] = r.text('dstbuf', 'o', BUFFERS) as Buf;
  c.dstoff[j] = r.int('dstoff', -1, -1);
  c.cnt[j] = r.int('cnt', 0, 0);
  c.depid[j] = r.int('depid', -1, -1);
  c.deps[j] = r.int('deps', -1, -1);
  c.hasdep[j] = r.flag('hasdep', false) ? 1 : 0;
  c.bad[j] = 0;
  if (r.bad) {
    c.type[j] = 'nop';
    c.depid[j] = c.deps[j] = -1;
    c.hasdep[j] = 0;
    c.bad[j] = 1;
  }
}
