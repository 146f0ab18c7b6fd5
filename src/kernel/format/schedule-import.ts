import { indexArray } from '../model/columns';
import { destinationTable, type Collective, type ListedBlocks, type Schedule } from '../model/schedule';
import { ScheduleBuilder } from '../model/schedule-builder';
import type { Topology } from '../model/topology';
import { MAX_HOLDING_CELLS } from '../replay/holdings';
import { COLLECTIVES, SCHEDULE_FORMAT, SCHEDULE_VERSION, type TransferJson } from './schedule-json';

// ---------------------------------------------------------------------------------------------------
// Import

/** A schedule document that cannot be read; the message names the field, e.g. `steps[3].phase`. */
export class ScheduleFormatError extends Error {
  override name = 'ScheduleFormatError';
}

const U16 = 0xffff;
const U32 = 0xffffffff;

function got(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  // JSON.parse reads a number past 1.8e308 (a 400-digit one) as Infinity, which JSON writes as null.
  if (typeof v === 'number' && !Number.isFinite(v)) return 'a number too large for JavaScript (over 1.8e308)';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const text = JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function fail(path: string, must: string, v: unknown): never {
  throw new ScheduleFormatError(`${path} must be ${must}; got ${got(v)}`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function record(v: unknown, path: string): Record<string, unknown> {
  return isRecord(v) ? v : fail(path, 'an object', v);
}

function array(v: unknown, path: string): unknown[] {
  return Array.isArray(v) ? v : fail(path, 'an array', v);
}

function text(v: unknown, path: string): string {
  return typeof v === 'string' ? v : fail(path, 'a string', v);
}

/**
 * Most processors plus auxiliary nodes a document may declare, and why (the limits are the caller's:
 * `Limits.fileNodes` in src/limits.ts, the page's and the command line's).
 */
export interface NodeLimit {
  most: number;
  why: string;
}
/** Without a stated limit: ids and counts are 32-bit. */
const COLUMNS: NodeLimit = { most: U32, why: 'ids and counts are 32-bit' };

/** A whole number ≥ min; `max` is a limit of the columns, stated with its reason. */
function whole(v: unknown, path: string, min: number, max = U32, why = 'ids and counts are 32-bit'): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) fail(path, `a whole number ≥ ${min}`, v);
  if (v > max) fail(path, `at most ${max} (${why})`, v);
  return v;
}

/** An id below `limit`, naming what it refers to. */
function idBelow(v: unknown, path: string, limit: number, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= limit)
    fail(path, limit > 0 ? `${what} from 0 to ${limit - 1}` : `${what}, but there are none`, v);
  return v;
}

/** The transfers of a parsed document, type-checked, with the sizes the builder needs. */
interface Scan {
  transfers: number;
  pathLinks: number;
  receivers: number;
  blockRefs: number;
  maxNode: number;
  maxBlock: number;
  anyActive: boolean;
}

function scanSteps(steps: unknown[], nodes: number, linkCount: number): Scan {
  const sc: Scan = {
    transfers: 0,
    pathLinks: 0,
    receivers: 0,
    blockRefs: 0,
    maxNode: 0,
    maxBlock: 0,
    anyActive: false,
  };
  const phases = new Set<string>();
  for (let i = 0; i < steps.length; i++) {
    const sp = `steps[${i}]`;
    const st = record(steps[i], sp);
    phases.add(text(st.phase, `${sp}.phase`));
    if (phases.size > U16)
      throw new ScheduleFormatError(`${sp}.phase: at most ${U16} different phase names are supported`);
    if (st.active_links !== undefined) {
      sc.anyActive = true;
      const al = array(st.active_links, `${sp}.active_links`);
      for (let k = 0; k < al.length; k++) idBelow(al[k], `${sp}.active_links[${k}]`, linkCount, 'a link id');
    }
    const ts = array(st.transfers, `${sp}.transfers`);
    for (let j = 0; j < ts.length; j++) {
      const tp = `${sp}.transfers[${j}]`;
      const tr = record(ts[j], tp);
      sc.maxNode = Math.max(sc.maxNode, whole(tr.from, `${tp}.from`, 0));
      const to = array(tr.to, `${tp}.to`);
      // Longer lists must repeat a receiver or a link; they would also overrun the checker's buffers.
      if (to.length > nodes)
        throw new ScheduleFormatError(
          `${tp}.to lists ${to.length} receivers, but there are only ${nodes} processors`,
        );
      for (let k = 0; k < to.length; k++)
        sc.maxNode = Math.max(sc.maxNode, whole(to[k], `${tp}.to[${k}]`, 0));
      const path = array(tr.path, `${tp}.path`);
      if (path.length > linkCount)
        throw new ScheduleFormatError(
          `${tp}.path has ${path.length} links, but the network has only ${linkCount}`,
        );
      for (let k = 0; k < path.length; k++) whole(path[k], `${tp}.path[${k}]`, 0);
      whole(tr.channel, `${tp}.channel`, 0, U16, 'the channel column is 16-bit');
      const bl = array(tr.blocks, `${tp}.blocks`);
      for (let k = 0; k < bl.length; k++)
        sc.maxBlock = Math.max(sc.maxBlock, whole(bl[k], `${tp}.blocks[${k}]`, 0));
      sc.transfers++;
      sc.pathLinks += path.length;
      sc.receivers += to.length;
      sc.blockRefs += bl.length;
    }
  }
  return sc;
}

function readTopology(doc: Record<string, unknown>, nodes: number, aux: number): Topology {
  const vertices = nodes + aux;
  const links = array(doc.links, 'links');
  const L = links.length;
  if (L > U32) throw new ScheduleFormatError(`links: at most ${U32} links are supported`);
  const linkFrom = indexArray(L, vertices);
  const linkTo = indexArray(L, vertices);
  const linkChannels = new Uint32Array(L);
  const linkKind = new Uint8Array(L);
  const linkShared = new Uint8Array(L);
  const kinds: string[] = [];
  const kindIndex = new Map<string, number>();
  const vertexIds = aux > 0 ? 'a vertex id (processors, then auxiliary nodes)' : 'a processor id';
  for (let i = 0; i < L; i++) {
    const p = `links[${i}]`;
    const l = record(links[i], p);
    if (l.id !== i) fail(`${p}.id`, `${i} (links are listed in id order, from 0)`, l.id);
    linkFrom[i] = idBelow(l.from, `${p}.from`, vertices, vertexIds);
    linkTo[i] = idBelow(l.to, `${p}.to`, vertices, vertexIds);
    linkChannels[i] = whole(l.channels, `${p}.channels`, 1);
    const kind = l.kind === undefined ? 'link' : text(l.kind, `${p}.kind`);
    let k = kindIndex.get(kind);
    if (k === undefined) {
      if (kinds.length > 0xff)
        throw new ScheduleFormatError(`${p}.kind: at most 256 link kinds are supported`);
      k = kinds.push(kind) - 1;
      kindIndex.set(kind, k);
    }
    linkKind[i] = k;
    if (l.sharing !== undefined && l.sharing !== 'exclusive' && l.sharing !== 'shared')
      fail(`${p}.sharing`, '"exclusive" or "shared"', l.sharing);
    linkShared[i] = l.sharing === 'shared' ? 1 : 0;
  }
  return {
    kind: 'generic',
    nodeCount: nodes,
    auxCount: aux,
    linkCount: L,
    linkFrom,
    linkTo,
    linkChannels,
    linkKind,
    linkKinds: kinds,
    linkShared,
  };
}

function readBlocks(doc: Record<string, unknown>, nodes: number): ListedBlocks {
  const blocks = array(doc.blocks, 'blocks');
  const B = blocks.length;
  // Personalised blocks (one destination each, as in all-to-all) are tracked sparsely, per block;
  // any other table needs one holding cell per (processor, block).
  const personalised = blocks.every(
    (b) =>
      typeof b === 'object' &&
      b !== null &&
      Array.isArray((b as { to?: unknown }).to) &&
      (b as { to: unknown[] }).to.length === 1,
  );
  if (!personalised && nodes * B > MAX_HOLDING_CELLS)
    throw new ScheduleFormatError(
      `blocks: ${nodes} processors × ${B} blocks need ${nodes * B} holding cells; at most ${MAX_HOLDING_CELLS} are supported (unless every block has exactly one destination)`,
    );
  const origin = indexArray(B, nodes);
  const lists: (number[] | null)[] = [];
  let everyAll = true;
  let listed = 0;
  let bytes: number | undefined;
  let bytesFrom = '';
  for (let i = 0; i < B; i++) {
    const p = `blocks[${i}]`;
    const b = record(blocks[i], p);
    if (b.id !== i) fail(`${p}.id`, `${i} (blocks are listed in id order, from 0)`, b.id);
    origin[i] = idBelow(b.origin, `${p}.origin`, nodes, 'a processor id');
    if (b.to === 'all') lists.push(null);
    else {
      if (!Array.isArray(b.to)) fail(`${p}.to`, '"all" or an array of processor ids', b.to);
      const to = b.to.map((v, k) => idBelow(v, `${p}.to[${k}]`, nodes, 'a processor id'));
      lists.push(to);
      listed += to.length;
      everyAll = false;
    }
    if (b.bytes !== undefined) {
      const x = whole(b.bytes, `${p}.bytes`, 0, Number.MAX_SAFE_INTEGER, 'bytes must be exact');
      if (bytes === undefined) {
        bytes = x;
        bytesFrom = `${p}.bytes`;
      } else if (x !== bytes) fail(`${p}.bytes`, `${bytes}, as ${bytesFrom} (all blocks have one size)`, x);
    }
  }
  let destinations: ListedBlocks['destinations'] = { kind: 'all' };
  if (!everyAll) {
    // A mixed table: "all" becomes the list of every processor.
    let total = listed;
    for (const l of lists) if (!l) total += nodes;
    const offsets = new Uint32Array(B + 1);
    const dn = indexArray(total, nodes);
    let k = 0;
    lists.forEach((l, b) => {
      if (l) for (const v of l) dn[k++] = v;
      else for (let v = 0; v < nodes; v++) dn[k++] = v;
      offsets[b + 1] = k;
    });
    destinations = destinationTable(offsets, dn);
  }
  return { count: B, origin, destinations, bytes: bytes ?? 1 };
}

/**
 * SCHEDULE_MIGRATIONS[v]: a version-v document as version v + 1 (pure: a new object). None yet; the
 * reductions of the mesh family will add an operation per transfer as version 2.
 */
export const SCHEDULE_MIGRATIONS: Readonly<
  Record<number, (doc: Record<string, unknown>) => Record<string, unknown>>
> = {};

/**
 * A parsed document of any version this app knows, as the current version. A document without
 * `version` is version 1. Throws ScheduleFormatError for a version it does not know, saying which it
 * reads.
 */
export function migrateScheduleDocument(doc: Record<string, unknown>): Record<string, unknown> {
  if (doc.format !== SCHEDULE_FORMAT) fail('format', JSON.stringify(SCHEDULE_FORMAT), doc.format);
  const from =
    doc.version === undefined
      ? 1
      : whole(doc.version, 'version', 1, SCHEDULE_VERSION, 'the newest version this app reads');
  let out = doc;
  for (let v = from; v < SCHEDULE_VERSION; v++) out = SCHEDULE_MIGRATIONS[v](out);
  return { ...out, version: SCHEDULE_VERSION };
}

/**
/**
 * Reads a parsed schedule document into a topology and columns, ready for verify(), with the
 * parameters it declares for its algorithm (null when it gives none): with the algorithm they name the
 * model whose rules it is checked against (src/declared-model.ts). Refuses more than `limit.most`
 * processors before anything is sized by them. Throws ScheduleFormatError with a one-line message
 * naming the first bad field.
 */
export function fromScheduleJson(
  obj: unknown,
  limit: NodeLimit = COLUMNS,
): {
  topology: Topology;
  schedule: Schedule;
  params: Record<string, unknown> | null;
} {
  const doc = migrateScheduleDocument(isRecord(obj) ? obj : fail('the schedule', 'a JSON object', obj));
  const algorithm = doc.algorithm === undefined ? 'imported' : text(doc.algorithm, 'algorithm');
  const params = isRecord(doc.params) ? doc.params : null;
  const collective = doc.collective as Collective;
  if (!COLLECTIVES.includes(collective)) fail('collective', `one of ${COLLECTIVES.join(', ')}`, collective);
  // Checked before anything is sized by them: the reader and the verifier keep tables per processor.
  const nodes = whole(doc.nodes, 'nodes', 1, limit.most, limit.why);
  const aux =
    doc.auxiliary_nodes === undefined
      ? 0
      : whole(doc.auxiliary_nodes, 'auxiliary_nodes', 0, limit.most - nodes, limit.why);
  let ports: { tx: number; rx: number; fanout?: number } | undefined;
  if (doc.ports !== undefined) {
    const p = record(doc.ports, 'ports');
    ports = { tx: whole(p.tx, 'ports.tx', 1), rx: whole(p.rx, 'ports.rx', 1) };
    if (p.fanout !== undefined) ports.fanout = whole(p.fanout, 'ports.fanout', 1);
  }
  const topology = readTopology(doc, nodes, aux);
  const blocks = readBlocks(doc, nodes);
  const steps = array(doc.steps, 'steps');
  const sc = scanSteps(steps, nodes, topology.linkCount);

  // The columns must hold every id as written, including ids the verifier will reject (a sender that
  // is no processor, a block that does not exist), so they are sized by the largest id seen; the
  // schedule then states the real processor count and block table.
  const b = new ScheduleBuilder({
    algorithm,
    collective,
    nodeCount: Math.max(nodes, sc.maxNode),
    blocks: { ...blocks, count: Math.max(blocks.count, sc.maxBlock) },
    pathKind: 'link-list',
    receiverKind: 'list',
    singleBlock: false,
    capacity: {
      transfers: sc.transfers,
      pathLinks: sc.pathLinks,
      receivers: sc.receivers,
      blockRefs: sc.blockRefs,
    },
    ports,
  });
  let activeCount = 0;
  const activeStart = sc.anyActive ? new Uint32Array(steps.length + 1) : null;
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i] as Record<string, unknown>;
    b.beginStep(st.phase as string);
    // scanSteps has checked every field's type.
    for (const x of st.transfers as TransferJson[]) b.addTransfer(x.from, x.path, x.to, x.channel, x.blocks);
    if (activeStart) {
      // A step without active_links, in a schedule where others have them, has every link.
      activeCount += Array.isArray(st.active_links) ? st.active_links.length : topology.linkCount;
      activeStart[i + 1] = activeCount;
    }
  }
  const schedule: Schedule = { ...b.finish(), nodeCount: nodes, blocks };
  if (doc.chunked_reduction !== undefined && doc.chunked_reduction !== false) {
    if (doc.chunked_reduction !== true) fail('chunked_reduction', 'true or false', doc.chunked_reduction);
    schedule.chunkedReduction = true;
  }
  if (activeStart) {
    const links = new Uint32Array(activeCount);
    for (let i = 0, k = 0; i < steps.length; i++) {
      const al = (steps[i] as Record<string, unknown>).active_links;
      if (Array.isArray(al)) for (const l of al) links[k++] = l;
      else for (let l = 0; l < topology.linkCount; l++) links[k++] = l;
    }
    schedule.activeLinks = { stepStart: activeStart, links };
  }
  return { topology, schedule, params };
}
