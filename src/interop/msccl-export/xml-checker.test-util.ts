import { XMLParser } from 'fast-xml-parser';
import { importMsccl } from '../import';
import { timePrecedence } from '../precedence';
import { Verdicts } from '../verdicts';
import { replayData } from '../msccl/dataflow';
import { readAlgo } from '../msccl/model';
import { buildOpGraph } from '../msccl/ops';
import { parseMscclXml } from '../msccl/parse';

/**
 * How the export tests judge an MSCCL file: by the importer (src/interop/msccl/), the one reading of
 * MSCCL files — the runtimes' rules, pairing, deadlocks, the replay and the collective's verdict, the
 * steps and the messages. Only what the importer does not check is added here:
 * - the text as the exporter promises to write it (one element a line, one space between
 *   attributes, no entities): stricter than what the runtime's reader accepts (the importer
 *   follows that reader, tabs and declarations included);
 * - a `custom` file's outputs against the Lab's own expectation (the importer judges no `custom`);
 * - races between steps of one rank that touch a chunk without an order between them.
 */
export interface XmlVerdict {
  errors: string[];
  coll: string;
  ngpus: number;
  /** Messages (send/receive pairs), as the importer counts them. */
  messages: number;
  /** The importer's steps: the longest chain of messages. */
  steps: number;
}

type Attrs = Record<string, string>;
type Step = Attrs;
type Tb = Attrs & { step?: Step[] };

export function checkMscclXml(
  xml: string,
  /** For `custom`: the input chunk (rank, index) rank r's output chunk k must hold, or null for none. */
  customExpect?: (r: number, k: number) => { origin: number; index: number } | null,
): XmlVerdict {
  const errors: string[] = [];
  const err = (m: string) => errors.length < 20 && errors.push(m);
  // What the exporter writes, stricter than the runtime's reader (which the importer follows): one
  // element a line, one space between attributes, no entities.
  for (const line of xml.split('\n'))
    if (
      line &&
      !/^ *(<!--[^]*-->|<\/(algo|gpu|tb)>|<(algo|gpu|tb|step)( [A-Za-z_]+="[^"&<>]*")+\/?>)$/.test(line)
    )
      err(`a line the runtime reader may misread: ${line.slice(0, 80)}`);

  const imp = importMsccl(xml);
  // Every error and warning of the importer; the note-like warning that `custom` is for one runtime only.
  for (const v of imp.verdicts.listed)
    if (
      v.severity === 'error' ||
      (v.severity === 'warning' && !(v.rule === 'runtime' && imp.coll === 'custom'))
    )
      err(`${v.rule}: ${v.text}`);
  if (!imp.report.ok)
    err(`the verifier: ${imp.report.violations.length} violations on the imported schedule`);
  const verdict = {
    coll: imp.coll,
    ngpus: imp.ranks,
    messages: imp.schedule.transferCount,
    steps: imp.schedule.stepCount,
  };
  if (errors.length) return { errors, ...verdict };
  if (imp.coll === 'custom' && customExpect) judgeCustom(xml, customExpect, err);

  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['gpu', 'tb', 'step'].includes(name),
  }).parse(xml) as { algo: Attrs & { gpu: (Attrs & { tb?: Tb[] })[] } };
  const gpus = parsed.algo.gpu;
  const tbs: Tb[][] = gpus.map((g) => g.tb ?? []);
  const stepsOf = (r: number, t: number): Step[] => (tbs[r][t]?.step as Step[] | undefined) ?? [];
  const size = gpus.map((g) => ({ i: Number(g.i_chunks), o: Number(g.o_chunks), s: Number(g.s_chunks) }));
  races(tbs, stepsOf, size, imp.coll, false, err);
  if (parsed.algo.inplace === '1') races(tbs, stepsOf, size, imp.coll, true, err);
  return { errors, ...verdict };
}

/** A custom file's outputs, replayed by the importer's own replay, against what the Lab expects. */
function judgeCustom(
  xml: string,
  expect: (r: number, k: number) => { origin: number; index: number } | null,
  err: (m: string) => void,
): void {
  const v = new Verdicts();
  const algo = readAlgo(parseMscclXml(xml, 'the file'), v, 'the file');
  const ops = buildOpGraph(algo, v);
  const timing = timePrecedence(ops.graph);
  const modes = [
    ...(algo.outofplace ? ['out-of-place' as const] : []),
    ...(algo.inplace ? ['in-place' as const] : []),
  ];
  const R = algo.ngpus;
  for (const mode of modes) {
    const flow = replayData(algo, ops, timing, mode, v, mode);
    for (let r = 0; r < R; r++)
      for (let k = 0; k < (algo.gpus[r]?.o ?? 0); k++) {
        const e = expect(r, k);
        if (!e) continue;
        const x = flow.values[flow.buffers.cell(r, 'o', k)];
        const id = e.index * R + e.origin;
        if (!x || x.length !== 2 || x[0] !== id || x[1] !== id + 1)
          err(
            `gpu ${r} output chunk ${k} holds ${x ? `[${[...x].join(',')}]` : 'nothing'}, not input chunk ${e.index} of rank ${e.origin} (${mode})`,
          );
      }
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
