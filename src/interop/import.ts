/**
 * One door for schedules made elsewhere: MSCCL XML (recognised by its <algo> root, whatever the
 * file's name) and TE-CCL's output JSON. The worker and the command line call `importInterop`; a
 * JSON document that is neither is left to the Lab's own format (kernel/format/schedule-import.ts).
 */
import { InputError } from '../limits';
import { importMsccl } from './msccl/import-msccl';
import { looksLikeXml } from './msccl/parse';
import type { ImportOptions, InteropImport } from './result';
import { isTecclDocument } from './teccl/parse';
import { importTeccl } from './teccl/import-teccl';

export { importMsccl } from './msccl/import-msccl';
export { importTeccl } from './teccl/import-teccl';
export { looksLikeMsccl, looksLikeXml, MAX_MSCCL_CHARS } from './msccl/parse';
export { isTecclDocument } from './teccl/parse';
export { parseNetworkChoice, type NetworkChoice } from './network';
export type { ImportOptions, InteropImport } from './result';

/**
 * The text as an imported schedule: MSCCL XML, or a parsed TE-CCL document. Returns null for JSON
 * that is not TE-CCL output (a Lab schedule file, say); throws InputError for text that is neither
 * XML nor JSON, and for files that cannot be read.
 */
export function importInterop(text: string, options: ImportOptions = {}): InteropImport | null {
  if (looksLikeXml(text)) return importMsccl(text, options);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError(
      `${options.name ?? 'the file'} is neither MSCCL XML nor JSON: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return isTecclDocument(doc) ? importTeccl(doc, options) : null;
}
