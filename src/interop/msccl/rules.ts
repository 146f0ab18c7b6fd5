/**
 * The runtime's rules that need no replay: attributes that agree with each other, threadblocks and
 * their peers and channels, the limits of both runtimes (runtime.ts), buffer bounds, dependencies
 * that name something that exists. Each verdict says where.
 */
import { placeOf, type Verdicts, type Where } from '../verdicts';
import type { Algo, Buf, Gpu, Threadblock } from './model';
import { EXECUTOR, LEGACY, RECEIVES, SENDS, type RuntimeLimits } from './runtime';

/** Whether a step reads its source buffer and writes its destination buffer. */
export interface Use {
  readonly src: boolean;
  readonly dst: boolean;
}
// One shared object for each case: this is asked once per step, and answers need not be built.
const READS: Use = Object.freeze({ src: true, dst: false });
const WRITES: Use = Object.freeze({ src: false, dst: true });
const NEITHER: Use = Object.freeze({ src: false, dst: false });
const BOTH: Use = Object.freeze({ src: true, dst: true });

/** The buffers a step reads (src) and writes (dst), by type. */
export function buffersUsed(type: string): Use {
  switch (type) {
    case 's':
    case 'rrs':
      return READS;
    case 'r':
    case 'rcs':
      return WRITES;
    case 'nop':
      return NEITHER;
    default:
      return BOTH;
  }
}

const BUFFER_NAME: Record<Buf, string> = { i: 'input', o: 'output', s: 'scratch' };

/**
 * Checks one limit against both runtimes: an error beyond both, a warning beyond one. `where` may be
 * a function, called only for a verdict.
 */
function limit(
  v: Verdicts,
  at: Where | (() => Where),
  value: number,
  bound: (r: RuntimeLimits) => number,
  what: (max: number, value: number) => string,
): void {
  const overLegacy = value > bound(LEGACY);
  const overExecutor = value > bound(EXECUTOR);
  if (!overLegacy && !overExecutor) return;
  const where = typeof at === 'function' ? at() : at;
  const place = placeOf(where);
  const prefix = place ? `${place}: ` : '';
  if (overLegacy && overExecutor)
    v.error('limit', where, `${prefix}${what(Math.min(bound(LEGACY), bound(EXECUTOR)), value)}`);
  else {
    const r = overLegacy ? LEGACY : EXECUTOR;
    v.warn('limit', where, `${prefix}${what(bound(r), value)} in ${r.name}`);
  }
}

// A step's count limit, asked of every step: its functions made once.
const countBelow = (r: RuntimeLimits) => r.countBelow;
const countText = (max: number, value: number) => `cnt ${value - 1} must be below ${max}`;

export function checkAlgo(a: Algo, v: Verdicts): void {
  if (a.coll === 'reduce_scatter' || a.coll === 'custom')
    v.warn(
      'runtime',
      {},
      `coll "${a.coll}" is read by ${LEGACY.name} only; ${EXECUTOR.name} does not know it`,
    );
  if (a.coll === 'reducescatter')
    v.warn(
      'runtime',
      {},
      `coll "reducescatter" is read by ${EXECUTOR.name} only; ${LEGACY.name} spells it reduce_scatter`,
    );
  const missing = [
    a.minBytes === null ? 'minBytes' : '',
    a.maxBytes === null ? 'maxBytes' : '',
    a.outofplace === null ? 'outofplace' : '',
  ].filter(Boolean);
  if (missing.length)
    v.warn(
      'sizes',
      {},
      `<algo> has no ${missing.join(', ')}: ${EXECUTOR.name} refuses the file without ${missing.length === 1 ? 'it' : 'them'}; ${LEGACY.name} takes minBytes 0 and maxBytes 128 MB when they are absent`,
    );
  if (a.minBytes !== null && a.maxBytes !== null && a.minBytes > a.maxBytes)
    v.error('malformed', {}, `<algo> minBytes ${a.minBytes} is above maxBytes ${a.maxBytes}`);
  if ((a.minBytes ?? 0n) < 0n || (a.maxBytes ?? 0n) < 0n)
    v.error('malformed', {}, '<algo> minBytes and maxBytes cannot be negative');
  limit(
    v,
    {},
    a.nchannels,
    (r) => r.channels,
    (max) => `nchannels ${a.nchannels} is more than the ${max} channels NCCL has`,
  );
  limit(
    v,
    {},
    a.ngpus,
    (r) => r.childrenPerElement,
    (max) => `${a.ngpus} <gpu> elements: the XML reader keeps ${max} children of one element`,
  );
  if (a.name.length > LEGACY.valueChars)
    v.error(
      'limit',
      {},
      `the name has ${a.name.length} characters; the XML reader keeps ${LEGACY.valueChars}`,
    );
  const mi = a.collective === 'allgather' ? a.ngpus : 1;
  const mo = a.collective === 'reduce_scatter' ? a.ngpus : 1;
  const gpuElements = a.gpus.filter(Boolean).length;
  for (let rank = 0; rank < a.ngpus; rank++) {
    const g = a.gpus[rank];
    if (!g) {
      v.error('structure', { rank }, `rank ${rank} has no <gpu>: it would do nothing`);
      continue;
    }
    if (
      a.nchunksperloop > 0 &&
      ((g.i > 0 && g.i * mi !== a.nchunksperloop) || (g.o > 0 && g.o * mo !== a.nchunksperloop))
    )
      v.error(
        'chunks',
        { rank },
        `rank ${rank}: i_chunks ${g.i} and o_chunks ${g.o} do not fit nchunksperloop ${a.nchunksperloop} for ${a.coll} (${LEGACY.name} wants i_chunks × ${mi} and o_chunks × ${mo} equal to it)`,
      );
    const elements = 1 + gpuElements + g.tbs.length + g.tbs.reduce((n, t) => n + t.count, 0);
    limit(
      v,
      { rank },
      elements,
      (r) => r.elementsPerRank,
      (max) =>
        `the XML reader keeps ${max} elements per rank (<algo>, every <gpu>, this rank's <tb> and <step>); this rank needs ${elements}`,
    );
    checkThreadblocks(a, g, v);
  }
}

function checkThreadblocks(a: Algo, g: Gpu, v: Verdicts): void {
  const rank = g.id;
  const ids = new Map<number, Threadblock>();
  const ends = new Map<string, number[]>();
  const perChannel = new Map<string, number>();
  // Threadblocks by id, for dependencies (of a repeated id, the first).
  const byId = new Map<number, Threadblock>();
  for (let k = g.tbs.length - 1; k >= 0; k--) byId.set(g.tbs[k].id, g.tbs[k]);
  for (const tb of g.tbs) {
    const where = { rank, tb: tb.id };
    if (ids.has(tb.id)) v.error('structure', where, `${placeOf(where)} is given twice`);
    ids.set(tb.id, tb);
    if (tb.send === rank || tb.recv === rank)
      v.error('structure', where, `${placeOf(where)} names its own rank as a peer`);
    if (tb.send >= a.ngpus || tb.recv >= a.ngpus)
      v.error('structure', where, `${placeOf(where)}: peers must be -1 or 0 to ${a.ngpus - 1}`);
    limit(
      v,
      where,
      tb.chan + 1,
      (r) => r.channels,
      (max) => `channel ${tb.chan} is beyond NCCL's ${max} channels`,
    );
    if (a.nchannels > 0 && tb.chan >= a.nchannels)
      v.error(
        'structure',
        where,
        `${placeOf(where)} is on channel ${tb.chan}, but <algo> declares nchannels ${a.nchannels}`,
      );
    limit(
      v,
      where,
      tb.id + 1,
      (r) => r.threadblocks,
      (max) => `threadblock ids must be below ${max}`,
    );
    limit(
      v,
      where,
      tb.count,
      (r) => r.stepsPerThreadblock,
      (max) => `${tb.count} steps, more than the ${max} a threadblock may have`,
    );
    for (const [dir, peer] of [
      ['send', tb.send],
      ['recv', tb.recv],
    ] as const)
      if (peer >= 0 && peer !== rank) {
        const key = `${dir} ${peer} ${tb.chan}`;
        ends.set(key, [...(ends.get(key) ?? []), tb.id]);
        const ck = `${dir} ${tb.chan}`;
        perChannel.set(ck, (perChannel.get(ck) ?? 0) + 1);
      }
    checkSteps(a, g, tb, byId, v);
  }
  for (let id = 0; id < g.tbs.length; id++)
    if (!ids.has(id))
      v.error(
        'structure',
        { rank },
        `rank ${rank}: threadblock ${id} is missing (ids must run 0, 1, 2, … without a gap)`,
      );
  for (const [key, tbs] of ends)
    if (tbs.length > 1) {
      const [dir, peer, chan] = key.split(' ');
      v.error(
        'connection',
        { rank, tb: tbs[1] },
        `rank ${rank}: threadblocks ${tbs.join(', ')} all ${dir === 'send' ? 'send to' : 'receive from'} rank ${peer} on channel ${chan}; one connection end has one threadblock`,
      );
    }
  for (const [key, n] of perChannel) {
    const [dir, chan] = key.split(' ');
    limit(
      v,
      { rank },
      n,
      (r) => r.threadblocksPerChannel,
      (max) => `${n} threadblocks ${dir === 'send' ? 'send' : 'receive'} on channel ${chan}; at most ${max}`,
    );
  }
}

function checkSteps(a: Algo, g: Gpu, tb: Threadblock, byId: Map<number, Threadblock>, v: Verdicts): void {
  const rank = g.id;
  let reordered = false;
  let pendingDeps = 0;
  // Where the step is, made and put into words only when a verdict needs it (most steps need none).
  const S = a.steps;
  let j = tb.first;
  let said = '';
  const where = (): Where => ({ rank, tb: tb.id, step: S.pos[j] });
  const place = () => (said ||= `${placeOf(where())}:`);
  for (let k = 0; k < tb.count; k++) {
    j = tb.first + k;
    said = '';
    if (S.s[j] !== S.pos[j] && !reordered) {
      reordered = true;
      v.warn(
        'order',
        where(),
        `${place()} s="${S.s[j]}" but it is step ${S.pos[j]} of its threadblock; the runtime counts steps by position`,
      );
    }
    if (S.bad[j]) continue;
    if (S.type[j] === 'ra')
      v.error(
        'runtime',
        where(),
        `${place()} type "ra" (residual add) runs in neither runtime: ${LEGACY.name} reads it but its interpreter stops the threadblock there, ${EXECUTOR.name} refuses it`,
      );
    if (SENDS.has(S.type[j]) && tb.send < 0)
      v.error('peer', where(), `${place()} "${S.type[j]}" sends, but the threadblock has send="-1"`);
    if (RECEIVES.has(S.type[j]) && tb.recv < 0)
      v.error('peer', where(), `${place()} "${S.type[j]}" receives, but the threadblock has recv="-1"`);
    if (S.type[j] !== 'nop') {
      if (S.cnt[j] === 0) v.error('malformed', where(), `${place()} "${S.type[j]}" moves cnt="0" chunks`);
      limit(v, where, S.cnt[j] + 1, countBelow, countText);
      const use = buffersUsed(S.type[j]);
      if (use.src) checkBounds(g, S.srcbuf[j], S.srcoff[j], S.cnt[j], where, 'reads', v);
      if (use.dst) checkBounds(g, S.dstbuf[j], S.dstoff[j], S.cnt[j], where, 'writes', v);
    }
    if (S.depid[j] >= 0) {
      const dep = byId.get(S.depid[j]);
      if (!dep)
        v.error(
          'dependency',
          where(),
          `${place()} depends on threadblock ${S.depid[j]}, which rank ${rank} does not have`,
        );
      else if (S.deps[j] < 0 || S.deps[j] >= dep.count)
        v.error(
          'dependency',
          where(),
          `${place()} depends on step ${S.deps[j]} of threadblock ${S.depid[j]}, which has steps 0 to ${dep.count - 1}`,
        );
    }
    if (S.type[j] === 'nop') {
      if (S.depid[j] >= 0) pendingDeps++;
      if (S.hasdep[j])
        v.warn(
          'signal',
          where(),
          `${place()} a nop with hasdep="1" signals nothing (the runtime drops nops)`,
        );
    } else {
      if (pendingDeps > 0 && S.depid[j] < 0)
        v.error(
          'dependency',
          where(),
          `${place()} follows nops with dependencies but has none itself; the runtime refuses this (the nops' waits belong to the next step with its own)`,
        );
      pendingDeps = 0;
    }
  }
}

function checkBounds(
  g: Gpu,
  buf: Buf,
  off: number,
  cnt: number,
  at: () => Where,
  verb: string,
  v: Verdicts,
): void {
  const size = g[buf];
  if (off >= 0 && off + cnt <= size) return;
  const where = at();
  v.error(
    'bounds',
    where,
    `${placeOf(where)}: ${verb} ${BUFFER_NAME[buf]} chunks ${off} to ${off + cnt - 1}, but rank ${g.id}'s ${BUFFER_NAME[buf]} has ${size} (${buf}_chunks)`,
  );
}
