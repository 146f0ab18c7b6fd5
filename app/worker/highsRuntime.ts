import wasmUrl from 'highs/runtime?url';
import type { InitOptions } from 'highs';

/**
 * How HiGHS (the exact method's solver) finds its 3.5 MB of WebAssembly. The served app names the
 * file Vite emitted beside the worker (HiGHS's own relative reference would miss it in the dev
 * server), fetched when an exact method first asks for it. The USB build (`npm run build:usb`,
 * vite.usb.config.ts) inlines HiGHS's own reference as a data: URL, so nothing is read from disk;
 * this import is then unused and dropped from the bundle, which holds the bytes once.
 */
export const HIGHS_OPTIONS: InitOptions = import.meta.env.MODE === 'usb' ? {} : { locateFile: () => wasmUrl };
