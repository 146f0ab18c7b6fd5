import {
  fileHeadRefusal,
  fileInput,
  readFile,
  type FileContent,
  type FileOptions,
} from '../../src/file-formats';
import { InputError, fileSizeRefusal, type FileKind, type Limits } from '../../src/limits';
import { transferables } from '../../src/result';
import { readBlobText } from './readBlob';
import { defineJob } from './jobs/envelope';
import type { ShownPart } from './jobs/parts';

/**
 * A file opened as `as`: its bytes (a File or a kept Blob; a text kept by an earlier version), read
 * in the worker with progress in bytes; `hash`: the name it is kept under, which its content must
 * still give.
 */
export interface FileRequest {
  name: string;
  data: Blob | string;
  as: FileKind;
  hash?: string;
  /** A schedule made elsewhere (MSCCL, TE-CCL): its network and stretch (src/interop/). */
  options?: FileOptions;
}

/** What a file gives: a schedule (shown as a run's result is) or a network, as the parameters that carry it. */
export type FileOutput = FileContent;

/** Thrown between two pieces of a file whose request is stale: nothing more is done or posted. */
class Dropped extends Error {}

/**
 * A file, read in the worker: its size checked against the limits before a byte is read, its bytes
 * read in pieces (progress in bytes after each), its first piece checked (a binary file stops there),
 * hashed as read (a kept file must still give the hash it is kept under), then handed to the format
 * that claims it (src/file-formats.ts). Returns what the file gives.
 */
export async function readFileRequest(
  req: FileRequest,
  limits: Limits,
  o: {
    progress(done: number, total: number): void;
    /** Whether the request has been overtaken (a newer one, an abort). */
    stale(): boolean;
    /** End-to-end tests of the progress line: a pause between pieces (ms). */
    paceMs(): number;
  },
): Promise<FileContent> {
  const size = typeof req.data === 'string' ? req.data.length : req.data.size;
  const refused = fileSizeRefusal(req.name, size, req.as, limits);
  if (refused) throw new InputError(refused);
  const { text, hash } = await readBlobText(req.data, {
    progress: o.progress,
    checkHead(head) {
      const r = fileHeadRefusal(req.name, head, req.as, size);
      if (r) throw new InputError(r);
    },
    async pause() {
      const ms = o.paceMs();
      if (ms > 0) await new Promise((go) => setTimeout(go, ms));
      if (o.stale()) throw new Dropped();
    },
  });
  if (req.hash !== undefined && hash !== req.hash)
    throw new InputError(
      `The copy of ${req.name} kept in this browser is damaged (its content no longer gives the name ${req.hash} it is kept under): open the file again with “Open schedule…”.`,
    );
  return readFile(req.as, fileInput(req.name, text), { name: req.name, hash }, limits, req.options);
}

/**
 * The `file` job: a schedule is delivered as a run's result is (with its link load and pictures); a
 * network as its parameters; a bad file as the job's error; nothing once stale.
 */
export const fileJob = defineJob<FileRequest, FileOutput, ShownPart>({
  start(req, ctx) {
    readFileRequest(req, ctx.limits, {
      progress: (done, total) => ctx.progress(done, total),
      stale: () => ctx.stale(),
      paceMs: () => ctx.paceMs(),
    }).then(
      (content) => {
        if (ctx.stale()) return;
        if (content.kind === 'schedule')
          ctx.deliver(content.result, { kind: 'schedule', result: content.result });
        else ctx.done({ kind: 'network', params: content.params });
      },
      (err: unknown) => {
        if (!(err instanceof Dropped) && !ctx.stale()) ctx.fail(err);
      },
    );
  },
  transfer: (out) => (out.kind === 'schedule' ? transferables(out.result) : []),
});

/** Files opened in the worker: schedules (the app's own, MSCCL, TE-CCL) and networks. */
export const FILE_JOBS = { file: fileJob };
