import type { Job } from '../../kernel/jobs';
import { describeSource, ExportRefused, partialBytesOf, pauses, type ExportSource } from '../export-source';
import { programJob } from '../program';
import { chunkLayout, firstMovesJob, type ChunkLayout } from './layout';
import { beyond, MSCCL_LIMITS } from './limits';
import { BUFFERS, placementJob } from './placement';
import { peerGroupsJob, stepsBoundJob, threadblocksJob, type MscclGpu } from './threadblocks';

/**
 * A Lab schedule as an MSCCL algorithm (the XML the MSCCL runtimes in NCCL and RCCL execute): one
 * program per rank (src/interop/program.ts), its blocks laid out in the runtime's buffers
 * (layout.ts, placement.ts), its sends and receives on threadblocks with the dependencies that keep
 * the Lab's step order (threadblocks.ts). docs/interop.md says what maps to what and what is lost.
 */
export interface MscclFile {
  name: string;
  /** What the file was made from, in words (the XML comment). */
  about: string;
  layout: ChunkLayout;
  nchannels: number;
  minBytes: number;
  maxBytes: number;
  gpus: MscclGpu[];
}

/**
 * maxBytes when the chunk size is unknown (a file's all-reduce): what the older runtime assumes when
 * the attribute is missing, 128 MiB.
 */
const UNKNOWN_MAX_BYTES = 1 << 27;

/** Builds the algorithm, or refuses (ExportRefused) with the runtime's limit it would break. */
export function* mscclJob(src: ExportSource): Job<MscclFile> {
  const s = src.schedule;
  const n = s.nodeCount;
  if (src.realNodes < n)
    throw new ExportRefused(
      `${src.algorithm}: the construction pads ${src.realNodes} processors to ${n} (${n - src.realNodes} ghost ranks that relay blocks); an MSCCL algorithm runs one rank per GPU, so export a size without ghosts`,
    );
  if (!src.report.ok)
    throw new ExportRefused(
      `${src.algorithm}: the schedule fails verification; MSCCL XML is written only for a verified schedule`,
    );
  if (n < 2) throw new ExportRefused(`${src.algorithm}: an MSCCL algorithm needs at least 2 ranks`);
  // nchunksperloop must be at least 1 (both runtimes' readers): a schedule with no blocks has no file.
  if (s.blocks.count === 0)
    throw new ExportRefused(
      `${src.algorithm}: the schedule has no blocks; an MSCCL algorithm needs at least one chunk`,
    );
  // Every layout has at least a chunk per block: refused before laying out millions of blocks.
  const chunks = (layout: { nchunks: number; coll: string }) => {
    if (layout.nchunks - 1 > MSCCL_LIMITS.offset.value)
      throw new ExportRefused(
        `${src.algorithm}: ${beyond(MSCCL_LIMITS.offset, layout.nchunks - 1, `the ${layout.coll} layout`)}`,
      );
  };
  if (s.collective !== 'allreduce') chunks({ nchunks: s.blocks.count, coll: s.collective });
  const program = yield* programJob(s, src.topology, { partialBytes: partialBytesOf(src) });
  yield* stepsBoundJob(program, src.algorithm);
  const layout = chunkLayout(s, yield* firstMovesJob(s));
  chunks(layout);
  const place = yield* placementJob(s, program, layout);
  const groups = yield* peerGroupsJob(program, src.algorithm);
  const gpus = yield* threadblocksJob(src.algorithm, program, layout, place, groups);
  let nchannels = 1;
  for (const g of gpus) for (const tb of g.tbs) nchannels = Math.max(nchannels, tb.chan + 1);
  const chunkBytes = s.collective === 'allreduce' ? partialBytesOf(src) : s.blocks.bytes;
  return {
    name: nameOf(src),
    about: aboutOf(src, layout),
    layout,
    nchannels,
    minBytes: 0,
    // One byte more than the size the Lab modelled: the older runtime's bound is exclusive.
    maxBytes: chunkBytes > 0 ? Math.ceil(layout.nchunks * chunkBytes) + 1 : UNKNOWN_MAX_BYTES,
    gpus,
  };
}

/**
 * The XML, in chunks (a rank at a time). The runtimes read it with small hand-written parsers: no XML
 * declaration (it would stop them), one space between attributes, values in double quotes with no
 * entities, spaces (never tabs) for indentation, and `/>` right after the last value.
 */
export function* mscclXmlText(f: MscclFile): Generator<string, void, undefined> {
  const L = f.layout;
  yield `<!-- ${commentText(f.about)} -->\n`;
  yield `<algo name="${f.name}" proto="Simple" nchannels="${f.nchannels}" nchunksperloop="${L.nchunks}" ngpus="${f.gpus.length}" coll="${L.coll}" inplace="${L.inplace ? 1 : 0}" outofplace="${L.outofplace ? 1 : 0}" minBytes="${f.minBytes}" maxBytes="${f.maxBytes}">\n`;
  for (let r = 0; r < f.gpus.length; r++) {
    const g = f.gpus[r];
    const lines = [
      `  <gpu id="${r}" i_chunks="${L.inChunks}" o_chunks="${L.outChunks}" s_chunks="${g.scratch}">`,
    ];
    g.tbs.forEach((tb, id) => {
      lines.push(`    <tb id="${id}" send="${tb.send}" recv="${tb.recv}" chan="${tb.chan}">`);
      tb.steps.forEach((st, k) =>
        lines.push(
          `      <step s="${k}" type="${st.type}" srcbuf="${BUFFERS[st.srcbuf]}" srcoff="${st.srcoff}" dstbuf="${BUFFERS[st.dstbuf]}" dstoff="${st.dstoff}" cnt="${st.cnt}" depid="${st.depid}" deps="${st.deps}" hasdep="${st.hasdep}"/>`,
        ),
      );
      lines.push('    </tb>');
    });
    lines.push('  </gpu>\n');
    yield lines.join('\n');
  }
  yield '</algo>\n';
}

/** Build and write in one sliced generator (the page's download): pauses are empty chunks. */
export function* mscclXmlChunks(src: ExportSource): Generator<string, void, undefined> {
  yield* mscclXmlText(yield* pauses(mscclJob(src)));
}

/** The algo's name: the runtime keeps 63 characters; letters, digits and `-_.=` only. */
function nameOf(src: ExportSource): string {
  const base = src.source ? src.source.name.replace(/\.[^.]*$/, '') : src.algorithm;
  return `${base} n=${src.schedule.nodeCount}`.replace(/[^A-Za-z0-9_.= -]+/g, '-').slice(0, 63);
}

function aboutOf(src: ExportSource, layout: ChunkLayout): string {
  const s = src.schedule;
  return (
    `Written by Optical Collectives Lab from ${describeSource(src)}: ${s.stepCount} steps, ` +
    `${s.transferCount} transfers. MSCCL ${layout.coll}: ${layout.reading}. ` +
    `Threadblocks keep the Lab's step order; routes, wavelengths and the time model are not carried (docs/interop.md).`
  );
}

/** Text safe inside an XML comment (no "--") and for the runtime's reader (one line). */
function commentText(s: string): string {
  return s.replace(/-{2,}/g, '-').replace(/[\r\n]+/g, ' ');
}
