/**
 * MSCCL XML and TE-CCL output as entries of the one registry of file formats (src/file-formats.ts),
 * so "Open schedule…", the worker and the command line tell them apart the same way: an MSCCL file by
 * its <algo> root, a TE-CCL file by its flow keys, whatever either is called. Both read into the page's
 * result (run-result.ts) on the network and with the stretch the caller asks for.
 */
import type { FileFormat } from '../file-formats';
import { importMsccl } from './msccl/import-msccl';
import { looksLikeMsccl, looksLikeXml, MAX_MSCCL_CHARS } from './msccl/parse';
import { runResultOf } from './run-result';
import { importTeccl } from './teccl/import-teccl';
import { isTecclDocument } from './teccl/parse';

const checkHint = (name: string) =>
  `open it with “Open schedule…” in the page, or check it with \`npm run cli -- check ${name} --network full\``;

export const MSCCL_XML: FileFormat = {
  what: 'MSCCL XML (an <algo> file, docs/interop.md)',
  gives: 'schedule',
  starts: ['<'],
  // A file of at most this many bytes has at most as many characters: the parser's limit holds.
  mostBytes: MAX_MSCCL_CHARS,
  howTo: checkHint,
  // Other XML is the MSCCL reader's to refuse, in its own words (it names the root it found).
  claims: (f) =>
    f.text === null || f.json !== undefined
      ? null
      : looksLikeMsccl(f.text)
        ? 'sure'
        : looksLikeXml(f.text)
          ? 'maybe'
          : null,
  imports: (f, options = {}) => importMsccl(f.text ?? '', { ...options, name: f.name }),
  read: (f, source, _limits, options) => ({
    kind: 'schedule',
    result: runResultOf(MSCCL_XML.imports!(f, options), source),
  }),
};

export const TECCL_JSON: FileFormat = {
  what: 'TE-CCL output (JSON with "N-Flows" or "N-Chunk paths", docs/interop.md)',
  gives: 'schedule',
  starts: ['{'],
  howTo: checkHint,
  claims: (f) => (isTecclDocument(f.json) ? 'sure' : null),
  imports: (f, options = {}) => importTeccl(f.json as Record<string, unknown>, { ...options, name: f.name }),
  read: (f, source, limits, options) => ({
    kind: 'schedule',
    result: runResultOf(TECCL_JSON.imports!(f, { ...options, limits }), source),
  }),
};
