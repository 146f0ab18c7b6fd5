/**
 * The link's fields for a schedule made elsewhere (MSCCL XML, TE-CCL output; src/interop/): the
 * network it is drawn and checked on (`net=`, src/interop/network-link.ts) and whether it is
 * stretched into conflict-free steps (`stretch=1`). They apply while a link names such a file
 * (`file=<hash>`); a Lab schedule file brings its own network.
 */
import { InputError } from '../limits';
import { chunkPickText, parseChunkPick } from '../interop/msccl/chunk-track';
import { isTecclChunkText } from '../interop/teccl/chunk-path';
import { networkLink, networkOfLink } from '../interop/network-link';
import { show } from './show';

export interface InteropView {
  /** The network, as `net=` writes it ('' = fully connected). */
  net: string;
  stretch: boolean;
  /**
   * The chunk tracked: on an MSCCL file `chunk=r2.i3` (msccl/chunk-track.ts), on a TE-CCL file
   * `chunk=g1.c0` (teccl/chunk-path.ts); '' = none.
   */
  chunk: string;
}

export const DEFAULT_INTEROP: InteropView = { net: '', stretch: false, chunk: '' };

interface Field {
  key: string;
  /** Written only while the link names a file (`file=`): without one they would linger unused. */
  encode(c: { interop: InteropView; file: string }): string | null;
  decode(text: string, into: { config: { interop: InteropView } }): string | null;
}

export const INTEROP_FIELDS: Field[] = [
  {
    key: 'net',
    encode: (c) => (c.file && c.interop.net) || null,
    decode(text, { config }) {
      try {
        // Written back as the page writes it (ring:08 is ring:8), so a link names one view one way.
        config.interop.net = networkLink(networkOfLink(text));
      } catch (e) {
        if (e instanceof InputError) return `${e.message}; showing it fully connected`;
        throw e;
      }
      return null;
    },
  },
  {
    key: 'stretch',
    encode: (c) => (c.file && c.interop.stretch ? '1' : null),
    decode(text, { config }) {
      if (text !== '1' && text !== '0')
        return `stretch must be 1 (re-time an imported schedule without conflicts) or 0; got "${show(text)}"`;
      config.interop.stretch = text === '1';
      return null;
    },
  },
  {
    key: 'chunk',
    encode: (c) => (c.file && c.interop.chunk) || null,
    decode(text, { config }) {
      // A TE-CCL chunk (g1.c0, teccl/chunk-path.ts) or an MSCCL one (r2.i3).
      if (isTecclChunkText(text)) {
        config.interop.chunk = text;
        return null;
      }
      const pick = parseChunkPick(text);
      if (typeof pick === 'string')
        return `chunk: ${pick}; on a TE-CCL file g<source GPU>.c<chunk>[.g<destination GPU>]; got "${show(text)}", no chunk tracked`;
      config.interop.chunk = chunkPickText(pick);
      return null;
    },
  },
];
