import { XMLParser } from 'fast-xml-parser';

/**
 * A test's own reading of an MSCCL XML file: the rules the runtimes' readers apply (microsoft/msccl
 * `topo.cc`, msccl-executor-nccl `msccl_parser.cc`), the send/receive pairing per connection, an
 * execution that must finish (a deadlock leaves steps waiting), and a replay of the chunks in the
 * buffers, judged by the collective's definition (for `custom`, by the caller's expectation).
 * Written independently of the exporter: it shares no code with it. The importer (src/interop/msccl,
 * another branch) is the full reading; this is what the export tests need.
 */
export interface XmlVerdict {
  errors: string[];
  coll: string;
  ngpus: number;
  /** Messages (send/receive pairs). */
  messages: number;
  /** The longest chain of messages: a step after its threadblock's previous step, its dependency and its send. */
  steps: number;
}

type Attrs = Record<string, string>;
type Step = Attrs;
type Tb = Attrs & { step?: Step[] };

const SEND = new Set(['s', 'rcs', 'rrs', 'rrcs']);
const RECV = new Set(['r', 'rcs', 'rrs', 'rrc', 'rrcs']);
const TYPES = new Set(['s', 'r', 'rcs', 'rrs', 'rrc', 'rrcs', 'cpy', 're', 'nop']);
const COLLS = new Set([
  'allgather',
  'allreduce',
  'alltoall',
  'broadcast',
  'reduce',
  'reduce_scatter',
  'custom',
]);

/** A chunk's contents: where it started (rank, input index), or per rank how often a reduction counts it. */
type Chunk = { origin: number; index: number } | { counts: number[] } | undefined;

export function checkMscclXml(
  xml: string,
  /** For `custom`: the input chunk (rank, index) rank r's output chunk k must hold, or null for none. */
  customExpect?: (r: number, k: number) => { origin: number; index: number } | null,
): XmlVerdict {
  const errors: string[] = [];
  const err = (m: string) => errors.length < 20 && errors.push(m);
  // What the hand-written readers accept: no declaration, no tabs, one space between attributes.
  if (xml.includes('<?xml')) err('an XML declaration (the runtime reader stops at "?")');
  if (xml.includes('\t')) err('a tab (the runtime reader skips only spaces and newlines)');
  for (const line of xml.split('\n'))
    if (
      line &&
      !/^ *(<!--[^]*-->|<\/(algo|gpu|tb)>|<(algo|gpu|tb|step)( [A-Za-z_]+="[^"&<>]*")+\/?>)$/.test(line)
    )
      err(`a line the runtime reader may misread: ${line.slice(0, 80)}`);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['gpu', 'tb', 'step'].includes(name),
  }).parse(xml) as { algo: Attrs & { gpu: (Attrs & { tb?: Tb[] })[] } };
  const algo = parsed.algo;
  const int = (a: Attrs, k: string) => {
    const v = a[k];
    if (v === undefined || !/^-?\d+$/.test(v)) err(`attribute ${k} is missing or not an integer (${v})`);
    return Number(v);
  };
  for (const k of ['name', 'proto', 'coll']) if (!algo[k]) err(`algo has no ${k}`);
  if (algo.name.length > 63) err('algo name over 63 characters');
  if (!['Simple', 'LL', 'LL128'].includes(algo.proto)) err(`proto ${algo.proto}`);
  const coll = algo.coll;
  if (!COLLS.has(coll)) err(`coll ${coll}`);
  const n = int(algo, 'ngpus');
  const nchunks = int(algo, 'nchunksperloop');
  const nchannels = int(algo, 'nchannels');
  const inplace = int(algo, 'inplace');
  const outofplace = int(algo, 'outofplace');
  if (int(algo, 'minBytes') > int(algo, 'maxBytes') || int(algo, 'minBytes') < 0) err('minBytes/maxBytes');
  const gpus = algo.gpu ?? [];
  if (gpus.length !== n || gpus.some((g, r) => Number(g.id) !== r))
    err('gpus are not 0 … ngpus − 1 in order');

  const size = gpus.map((g) => ({ i: int(g, 'i_chunks'), o: int(g, 'o_chunks'), s: int(g, 's_chunks') }));
  size.forEach(({ i, o }, r) => {
    if (i > 0 && i * (coll === 'allgather' ? n : 1) !== nchunks) err(`gpu ${r}: i_chunks ${i}`);
    if (o > 0 && o !== nchunks) err(`gpu ${r}: o_chunks ${o}`);
  });

  // Threadblocks, steps, dependencies.
  const tbs: Tb[][] = gpus.map((g) => g.tb ?? []);
  const stepsOf = (r: number, t: number): Step[] => (tbs[r][t]?.step as Step[] | undefined) ?? [];
  tbs.forEach((list, r) => {
    if (list.length > 216) err(`gpu ${r}: ${list.length} threadblocks`);
    const ends = new Set<string>();
    const perChannel = new Map<string, number>();
    list.forEach((tb, t) => {
      if (Number(tb.id) !== t) err(`gpu ${r}: threadblock ${t} has id ${tb.id}`);
      const send = int(tb, 'send');
      const recv = int(tb, 'recv');
      const chan = int(tb, 'chan');
      if (send === r || recv === r || send < -1 || recv < -1 || send >= n || recv >= n)
        err(`gpu ${r} tb ${t}: peers`);
      if (chan < 0 || chan >= Math.min(nchannels, 32)) err(`gpu ${r} tb ${t}: channel ${chan}`);
      for (const [dir, peer] of [
        ['send', send],
        ['recv', recv],
      ] as const) {
        if (peer < 0) continue;
        const key = `${dir} ${peer} ${chan}`;
        if (ends.has(key)) err(`gpu ${r}: two threadblocks ${key}`);
        ends.add(key);
        const k = (perChannel.get(`${dir} ${chan}`) ?? 0) + 1;
        perChannel.set(`${dir} ${chan}`, k);
        if (k > 32) err(`gpu ${r}: over 32 ${dir} threadblocks on channel ${chan}`);
      }
      const steps = stepsOf(r, t);
      if (steps.length > 64) err(`gpu ${r} tb ${t}: ${steps.length} steps`);
      let chained = false;
      steps.forEach((st, k) => {
        if (int(st, 's') !== k) err(`gpu ${r} tb ${t}: step ${k} has s ${st.s}`);
        if (!TYPES.has(st.type)) err(`type ${st.type}`);
        const depid = int(st, 'depid');
        const deps = int(st, 'deps');
        if (![0, 1].includes(int(st, 'hasdep'))) err('hasdep');
        if (depid >= 0) {
          if (depid === t || depid > 127 || depid >= list.length)
            err(`gpu ${r} tb ${t} step ${k}: depid ${depid}`);
          else if (deps < 0 || deps >= stepsOf(r, depid).length)
            err(`gpu ${r} tb ${t} step ${k}: deps ${deps}`);
          else if (stepsOf(r, depid)[deps].hasdep !== '1')
            err(`gpu ${r} tb ${t} step ${k} waits for tb ${depid} step ${deps}, which has no hasdep`);
        }
        if (st.type === 'nop') {
          if (depid < 0) err(`gpu ${r} tb ${t} step ${k}: a nop without a dependency`);
          chained = true;
          return;
        }
        if (chained && depid < 0) err(`gpu ${r} tb ${t} step ${k}: nops before a step without a dependency`);
        chained = false;
        const cnt = int(st, 'cnt');
        if (cnt < 1 || cnt > 71) err(`gpu ${r} tb ${t} step ${k}: cnt ${cnt}`);
        if (SEND.has(st.type) && send < 0) err(`gpu ${r} tb ${t} step ${k}: a send without a send peer`);
        if (RECV.has(st.type) && recv < 0)
          err(`gpu ${r} tb ${t} step ${k}: a receive without a receive peer`);
        const local: [string, string][] = [];
        if (['s', 'cpy', 're', 'rrc', 'rrs'].includes(st.type)) local.push(['srcbuf', 'srcoff']);
        if (st.type !== 's') local.push(['dstbuf', 'dstoff']);
        for (const [b, o] of local) {
          const off = int(st, o);
          const cap = size[r][st[b] as 'i' | 'o' | 's'];
          if (cap === undefined || off < 0 || off + cnt > cap)
            err(`gpu ${r} tb ${t} step ${k}: ${b}=${st[b]} ${o}=${off} cnt=${cnt} beyond ${cap}`);
        }
      });
    });
  });
  if (errors.length) return { errors, coll, ngpus: n, messages: 0, steps: 0 };
  const verdict = run(tbs, stepsOf, n, coll, size, false, err, customExpect);
  races(tbs, stepsOf, size, coll, false, err);
  if (inplace) {
    run(tbs, stepsOf, n, coll, size, true, err, customExpect);
    races(tbs, stepsOf, size, coll, true, err);
  }
  if (!outofplace && !inplace) err('neither inplace nor outofplace');
  return { errors, coll, ngpus: n, ...verdict };
}

/** Runs every threadblock to its end, if it can, replaying the chunks; then judges the outputs. */
function run(
  tbs: Tb[][],
  stepsOf: (r: number, t: number) => Step[],
  n: number,
  coll: string,
  size: { i: number; o: number; s: number }[],
  inplace: boolean,
  err: (m: string) => void,
  customExpect?: (r: number, k: number) => { origin: number; index: number } | null,
): { messages: number; steps: number } {
  const c = size[0].i;
  // Buffers; in place the input is a slice of the output.
  const bufs = size.map((z, r) => {
    const o: Chunk[] = new Array<Chunk>(z.o).fill(undefined);
    const i: Chunk[] = inplace ? o : new Array<Chunk>(z.i).fill(undefined);
    const base = inplace && coll === 'allgather' ? r * c : 0;
    for (let j = 0; j < z.i; j++)
      i[base + j] =
        coll === 'allreduce'
          ? { counts: Array.from({ length: n }, (_, q) => (q === r ? 1 : 0)) }
          : { origin: r, index: j };
    return { i, o, s: new Array<Chunk>(z.s).fill(undefined), base };
  });
  const at = (r: number, b: string, off: number) =>
    b === 'i' ? { arr: bufs[r].i, off: off + bufs[r].base } : { arr: bufs[r][b as 'o' | 's'], off };
  const pc = tbs.map((list) => list.map(() => 0));
  const finish = tbs.map((list) => list.map(() => [] as number[]));
  const fifo = new Map<string, { data: Chunk[]; start: number }[]>();
  const sent = new Map<string, number>();
  let messages = 0;
  let steps = 0;
  for (let progress = true; progress;) {
    progress = false;
    for (let r = 0; r < n; r++)
      tbs[r].forEach((tb, t) => {
        for (;;) {
          const k = pc[r][t];
          const st = stepsOf(r, t)[k];
          if (!st) return;
          const depid = Number(st.depid);
          const prev = k > 0 ? finish[r][t][k - 1] : 0;
          if (depid >= 0 && finish[r][depid][Number(st.deps)] === undefined) return;
          let start = Math.max(prev, depid >= 0 ? finish[r][depid][Number(st.deps)] : 0);
          const cnt = Number(st.cnt);
          const conn = `${tb.recv} ${r} ${tb.chan}`;
          let incoming: Chunk[] = [];
          if (RECV.has(st.type)) {
            const q = fifo.get(conn);
            if (!q?.length) return;
            const m = q.shift()!;
            incoming = m.data;
            start = Math.max(start, m.start);
            messages++;
          }
          const end = RECV.has(st.type) ? start + 1 : start;
          if (SEND.has(st.type)) {
            const src = at(r, st.srcbuf, Number(st.srcoff));
            const key = `${r} ${tb.send} ${tb.chan}`;
            sent.set(key, (sent.get(key) ?? 0) + 1);
            const data = st.type === 's' ? src.arr.slice(src.off, src.off + cnt) : incoming;
            fifo.set(key, [...(fifo.get(key) ?? []), { data, start }]);
          }
          if (['r', 'rrc', 'cpy', 're'].includes(st.type)) {
            const dst = at(r, st.dstbuf, Number(st.dstoff));
            const src = st.type === 'r' ? null : at(r, st.srcbuf, Number(st.srcoff));
            for (let j = 0; j < cnt; j++) {
              const own = src ? src.arr[src.off + j] : undefined;
              const into = dst.arr[dst.off + j];
              dst.arr[dst.off + j] =
                st.type === 'rrc'
                  ? add(own, incoming[j], err)
                  : st.type === 're'
                    ? add(into, own, err)
                    : st.type === 'r'
                      ? incoming[j]
                      : own;
            }
          } else if (st.type !== 's' && st.type !== 'nop') err(`step type ${st.type} is not replayed here`);
          finish[r][t][k] = end;
          steps = Math.max(steps, end);
          pc[r][t]++;
          progress = true;
        }
      });
  }
  tbs.forEach((list, r) =>
    list.forEach((_, t) => {
      if (pc[r][t] < stepsOf(r, t).length)
        err(`deadlock${inplace ? ' (in place)' : ''}: gpu ${r} tb ${t} stops at step ${pc[r][t]}`);
    }),
  );
  for (const [k, q] of fifo) if (q.length) err(`connection ${k}: ${q.length} sends never received`);
  judge(
    bufs.map((b) => b.o),
    n,
    coll,
    c,
    err,
    inplace,
    customExpect,
  );
  return { messages, steps };
}

function add(a: Chunk, b: Chunk, err: (m: string) => void): Chunk {
  if (!a || !b || !('counts' in a) || !('counts' in b)) {
    err('a reduction of something that is not a partial result');
    return undefined;
  }
  return { counts: a.counts.map((x, i) => x + b.counts[i]) };
}

function judge(
  out: Chunk[][],
  n: number,
  coll: string,
  c: number,
  err: (m: string) => void,
  inplace: boolean,
  customExpect?: (r: number, k: number) => { origin: number; index: number } | null,
): void {
  const where = inplace ? ' (in place)' : '';
  const same = (x: Chunk, origin: number, index: number) =>
    !!x && 'origin' in x && x.origin === origin && x.index === index;
  for (let r = 0; r < n; r++)
    for (let k = 0; k < out[r].length; k++) {
      const x = out[r][k];
      let ok = true;
      if (coll === 'allgather') ok = same(x, Math.floor(k / c), k % c);
      else if (coll === 'alltoall') ok = same(x, Math.floor(k / (c / n)), r * (c / n) + (k % (c / n)));
      else if (coll === 'broadcast')
        ok = same(x, out[0][0] && 'origin' in out[0][0] ? out[0][0].origin : -1, k);
      else if (coll === 'allreduce') ok = !!x && 'counts' in x && x.counts.every((v) => v === 1);
      else if (customExpect) {
        const e = customExpect(r, k);
        ok = e === null || same(x, e.origin, e.index);
      }
      if (!ok) err(`gpu ${r} output chunk ${k} holds ${JSON.stringify(x)}${where}`);
    }
}

/**
 * Two steps of one rank that touch the same chunk, one of them writing, must be ordered by the
 * rank's own dependencies (threadblock order and depid/deps); otherwise they race on the GPU, which
 * a sequential replay does not show. In place, the input is a slice of the output (and a rank's copy
 * of its own input to its output is a copy onto itself, which writes nothing new).
 */
function races(
  tbs: Tb[][],
  stepsOf: (r: number, t: number) => Step[],
  size: { i: number; o: number; s: number }[],
  coll: string,
  inplace: boolean,
  err: (m: string) => void,
): void {
  tbs.forEach((list, r) => {
    const ids: [number, number][] = [];
    const index = list.map((_, t) => stepsOf(r, t).map((_, k) => ids.push([t, k]) - 1));
    const N = ids.length;
    const words = (N + 31) >> 5;
    const reach = ids.map(() => new Uint32Array(words));
    const preds = ids.map(([t, k]) => {
      const st = stepsOf(r, t)[k];
      const out = k > 0 ? [index[t][k - 1]] : [];
      if (Number(st.depid) >= 0) out.push(index[Number(st.depid)][Number(st.deps)]);
      return out;
    });
    // Steps in an order where predecessors come first (threadblock order plus dependencies).
    const done = new Uint8Array(N);
    const order: number[] = [];
    const visit = (x: number) => {
      if (done[x]) return;
      done[x] = 1;
      for (const y of preds[x]) visit(y);
      order.push(x);
    };
    for (let x = 0; x < N; x++) visit(x);
    for (const x of order)
      for (const y of preds[x]) {
        reach[x][y >> 5] |= 1 << (y & 31);
        for (let w = 0; w < words; w++) reach[x][w] |= reach[y][w];
      }
    const before = (a: number, b: number) => (reach[b][a >> 5] & (1 << (a & 31))) !== 0;
    const base = inplace && coll === 'allgather' ? r * size[r].i : 0;
    const chunk = (buf: string, off: number) =>
      buf === 'i' ? (inplace ? `o${off + base}` : `i${off}`) : `${buf}${off}`;
    const touches = new Map<string, { step: number; write: boolean }[]>();
    const touch = (x: number, buf: string, off: number, cnt: number, write: boolean) => {
      for (let j = 0; j < cnt; j++) {
        const key = chunk(buf, off + j);
        touches.set(key, [...(touches.get(key) ?? []), { step: x, write }]);
      }
    };
    ids.forEach(([t, k], x) => {
      const st = stepsOf(r, t)[k];
      const cnt = Number(st.cnt);
      // A copy onto itself (in place, a rank's own chunk) changes nothing.
      if (st.type === 'cpy' && chunk(st.srcbuf, Number(st.srcoff)) === chunk(st.dstbuf, Number(st.dstoff)))
        return;
      if (['s', 'cpy', 're', 'rrc', 'rrs'].includes(st.type))
        touch(x, st.srcbuf, Number(st.srcoff), cnt, false);
      if (['r', 'cpy', 're', 'rrc'].includes(st.type)) touch(x, st.dstbuf, Number(st.dstoff), cnt, true);
    });
    for (const [key, list2] of touches)
      for (let a = 0; a < list2.length; a++)
        for (let b = a + 1; b < list2.length; b++) {
          const [p, q] = [list2[a], list2[b]];
          if (p.step === q.step || (!p.write && !q.write)) continue;
          if (!before(p.step, q.step) && !before(q.step, p.step)) {
            const [tp, kp] = ids[p.step];
            const [tq, kq] = ids[q.step];
            err(
              `race${inplace ? ' (in place)' : ''} on gpu ${r} chunk ${key}: tb ${tp} step ${kp} and tb ${tq} step ${kq}`,
            );
            return;
          }
        }
  });
}
