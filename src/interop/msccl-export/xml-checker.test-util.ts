import { importMsccl } from '../import';
import { timePrecedence } from '../precedence';
import { Verdicts } from '../verdicts';
import { replayData } from '../msccl/dataflow';
import { readAlgo } from '../msccl/model';
import { buildOpGraph } from '../msccl/ops';

/**
 * How the export tests judge an MSCCL file: by the importer (src/interop/msccl/), the one reading of
 * MSCCL files — the runtimes' rules, pairing, deadlocks, the replay and the collective's verdict, the
 * steps and the messages. Only what the importer does not check is added here:
 * - the text as the exporter promises to write it (one element a line, one space between
 *   attributes, no entities): stricter than what the runtime's reader accepts (the importer
 *   follows that reader, tabs and declarations included);
 * - a `custom` file's outputs against the Lab's own expectation (the importer judges no `custom`).
 * Races between the steps of one rank are the importer's (msccl/races.ts).
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

  return { errors, ...verdict };
}

/** A custom file's outputs, replayed by the importer's own replay, against what the Lab expects. */
function judgeCustom(
  xml: string,
  expect: (r: number, k: number) => { origin: number; index: number } | null,
  err: (m: string) => void,
): void {
  const v = new Verdicts();
  const algo = readAlgo(xml, v, 'the file');
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
