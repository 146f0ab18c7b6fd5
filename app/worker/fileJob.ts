import { fileHeadRefusal, fileInput, readFile, type FileContent } from '../../src/file-formats';
import { InputError, fileSizeRefusal, type Limits } from '../../src/limits';
import type { RunResult } from '../../src/result';
import type { WorkerRequest, WorkerResponse } from './protocol';
import { readBlobText } from './readBlob';

type FileRequest = Extract<WorkerRequest, { kind: 'file' }>;

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
 * Serves a `file` request with the worker's own means (serve.ts): a schedule is posted as a result, as
 * a run's is; a network as its parameters; a bad file as the request's error; nothing once stale.
 */
export function serveFile(
  req: FileRequest,
  limits: Limits,
  s: {
    post(msg: WorkerResponse): void;
    postResult(id: number, result: RunResult, t0: number): void;
    postError(id: number, err: unknown): void;
    stale(id: number): boolean;
    /** End-to-end tests of the progress line: the pause between pieces (ms). */
    pace(): number;
    t0: number;
  },
): void {
  const { id } = req;
  const progress = (done: number, total: number) => s.post({ kind: 'progress', id, values: [], done, total });
  readFileRequest(req, limits, { progress, stale: () => s.stale(id), paceMs: s.pace }).then(
    (content) => {
      if (s.stale(id)) return;
      if (content.kind === 'schedule') s.postResult(id, content.result, s.t0);
      else s.post({ kind: 'network', id, params: content.params });
    },
    (err: unknown) => {
      if (!(err instanceof Dropped) && !s.stale(id)) s.postError(id, err);
    },
  );
}
