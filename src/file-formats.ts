import {
  TopologyFileError,
  isTopologyDocument,
  readTopologyDocument,
} from './families/noc/noc-topology-file';
import type { ImportOptions, InteropImport } from './interop/result';
import { MSCCL_XML, TECCL_JSON } from './interop/interop-formats';
import { InputError, type FileKind, type Limits } from './limits';
import type { FileSource, RunResult } from './result';
import { runScheduleDocument } from './run-file';

/**
 * The files the page and the command line read, told apart by their content, not their name. A file's
 * size is checked first (`fileSizeRefusal`, src/limits.ts), its bytes read (in the page: in a worker,
 * app/worker/readBlob.ts), and its text handed to the one format that claims it. Adding a format is
 * one entry in FILE_FORMATS: what it is called, what it gives, how its files start, how sure it is
 * that a file is its own, and its reader (a schedule's reader imports it into columns, within
 * `fileNodeLimit(limits)`, and ends with `runImported`, src/run-file.ts, as the JSON one does). In the
 * page, the input's `accept` list (panels/OpenSchedule.tsx) names the files the picker offers.
 */

/** How to show a schedule made elsewhere: its network and whether to stretch it (Lab files ignore them). */
export type FileOptions = Omit<ImportOptions, 'name'>;

/** A file as the formats see it. */
export interface FileInput {
  name: string;
  /** Its text (null where only its parsed JSON is at hand: the command line's files over 400 MB). */
  text: string | null;
  /** Its parsed JSON when the text starts as JSON can; undefined for any other text. */
  json: unknown;
}

/** What reading a file gives: a schedule to show (a run), or the parameters of a network of one's own. */
export type FileContent =
  { kind: 'schedule'; result: RunResult } | { kind: 'network'; params: Record<string, string> };

export interface FileFormat {
  /** What its files are, for messages: "a schedule file (JSON, docs/schedule-format.md)". */
  what: string;
  gives: FileKind;
  /** The characters its files start with (after white space): anything else is refused unread. */
  starts: readonly string[];
  /** The largest file (bytes) it reads, when less than the limits' (refused on the first piece read). */
  mostBytes?: number;
  /** How to use one of its files where it was opened as something else. */
  howTo(name: string): string;
  /** Sure: the file is its own (a field says so); maybe: it might be, and its reader says what is wrong. */
  claims(f: FileInput): 'sure' | 'maybe' | null;
  /** `options`: the network and stretch asked for a schedule made elsewhere (src/interop/). */
  read(f: FileInput, source: Omit<FileSource, 'madeBy'>, limits: Limits, options?: FileOptions): FileContent;
  /** A schedule made elsewhere: the importer's whole finding (what `read` shows, and `check` reports). */
  imports?(f: FileInput, options?: FileOptions): InteropImport;
}

/** How JSON text can start (after white space): an object, an array, a string, a number, true, false, null. */
export const JSON_STARTS: readonly string[] = [...'{["-0123456789tfn'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const SCHEDULE_JSON: FileFormat = {
  what: 'a schedule file (JSON, docs/schedule-format.md)',
  gives: 'schedule',
  starts: JSON_STARTS,
  howTo: (name) =>
    `open it with “Open schedule…” in the page, or verify it with \`npm run cli -- check ${name}\``,
  claims: (f) =>
    isObject(f.json) && String(f.json.format).startsWith('optical-collectives/schedule')
      ? 'sure'
      : f.json === undefined
        ? null
        : 'maybe',
  read: (f, source, limits) => ({ kind: 'schedule', result: runScheduleDocument(f.json, source, limits) }),
};

export const NOC_TOPOLOGY_JSON: FileFormat = {
  what: 'a NoC topology file (JSON: routers and links)',
  gives: 'network',
  starts: JSON_STARTS,
  howTo: (name) =>
    `use it as a network of your own with “Open topology (JSON)…” among a NoC algorithm’s parameters, or with \`npm run cli -- schedule noc-scatter --topology ${name}\``,
  claims: (f) => (isTopologyDocument(f.json) ? 'sure' : f.json === undefined ? null : 'maybe'),
  read(f) {
    try {
      return { kind: 'network', params: readTopologyDocument(f.json) };
    } catch (e) {
      if (e instanceof TopologyFileError) throw new InputError(`${f.name}: ${e.message}`);
      throw e;
    }
  },
};

/**
 * Every format, the surest first: topology and TE-CCL files are told apart before the schedule
 * format, which takes any JSON; MSCCL XML is the only one starting with "<".
 */
export const FILE_FORMATS: readonly FileFormat[] = [NOC_TOPOLOGY_JSON, TECCL_JSON, MSCCL_XML, SCHEDULE_JSON];

const KIND_WORDS: Record<FileKind, string> = { schedule: 'a schedule', network: 'a network topology' };

/** How a text starts, for messages: its first characters, or the byte when it is not text. */
function opening(head: string): string {
  const at = head.search(/\S/);
  if (at < 0) return 'nothing but white space';
  const code = head.charCodeAt(at);
  if (code < 0x20 || code === 0x7f) return `byte 0x${code.toString(16).padStart(2, '0')}, so it is not text`;
  if (code === 0xfffd) return 'bytes that are not UTF-8 text';
  const words = head.slice(at, at + 24).replace(/\s+/g, ' ');
  return `“${words}${head.length > at + 24 ? '…' : ''}”`;
}

function unread(name: string, kind: FileKind, head: string): string {
  const readers = FILE_FORMATS.filter((f) => f.gives === kind).map((f) => f.what);
  const list = readers.length > 1 ? `${readers.slice(0, -1).join('; ')}; or ${readers.at(-1)}` : readers[0];
  return `${name} is not ${KIND_WORDS[kind]} file: those are ${list}, and this starts with ${opening(head)}`;
}

/**
 * Why a file that starts with `head` (its first characters) cannot be any format's, or null: checked on
 * the first chunk read, so a binary file is refused before the rest is read.
 */
export function fileHeadRefusal(name: string, head: string, kind: FileKind, bytes = 0): string | null {
  const first = head.trimStart()[0];
  if (first === undefined) return head.length ? null : `${name} is empty`;
  const formats = FILE_FORMATS.filter((f) => f.starts.includes(first));
  if (!formats.length) return unread(name, kind, head);
  const within = formats.filter((f) => f.mostBytes === undefined || bytes <= f.mostBytes);
  if (within.length) return null;
  const n = (b: number) => `${b.toLocaleString('en-US')} bytes`;
  return `${name} is ${n(bytes)}; ${formats.map((f) => `${f.what} is read up to ${n(f.mostBytes!)}`).join(', ')}`;
}

/** A file's text as the formats see it; text that starts as JSON and is not JSON is refused here. */
export function fileInput(name: string, text: string): FileInput {
  const first = text.trimStart()[0];
  if (first === undefined) throw new InputError(`${name} is empty`);
  if (!JSON_STARTS.includes(first)) return { name, text, json: undefined };
  try {
    return { name, text, json: JSON.parse(text) };
  } catch (e) {
    throw new InputError(`${name} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * The format that reads `f` as `kind`: the one sure of it, else one that might read it and gives
 * `kind`. A file sure to be of another kind (a topology file opened as a schedule) is refused with
 * what it is and where it belongs.
 */
export function formatFor(kind: FileKind, f: FileInput): FileFormat {
  const sure = FILE_FORMATS.find((x) => x.claims(f) === 'sure');
  const format = sure ?? FILE_FORMATS.find((x) => x.gives === kind && x.claims(f) === 'maybe');
  if (!format) throw new InputError(unread(f.name, kind, f.text?.slice(0, 64) ?? ''));
  if (format.gives !== kind)
    throw new InputError(
      `${f.name} is ${format.what}, not ${KIND_WORDS[kind]} file: ${format.howTo(f.name)}`,
    );
  return format;
}

/** Reads a file as `kind` with the format that claims it; bad files throw InputError naming the file. */
export function readFile(
  kind: FileKind,
  f: FileInput,
  source: Omit<FileSource, 'madeBy'>,
  limits: Limits,
  options?: FileOptions,
): FileContent {
  return formatFor(kind, f).read(f, source, limits, options);
}

/** A schedule file's text as a run (what "Open schedule…" shows). */
export function runFile(
  text: string,
  source: Omit<FileSource, 'madeBy'>,
  limits: Limits,
  options?: FileOptions,
): RunResult {
  const content = readFile('schedule', fileInput(source.name, text), source, limits, options);
  if (content.kind !== 'schedule') throw new InputError(`${source.name} is not a schedule file`);
  return content.result;
}
