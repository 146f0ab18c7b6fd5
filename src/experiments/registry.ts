import type { Reproduction } from './reproduce';
import { starSplitSweep, starTables } from './star';
import type { SweepDef } from './sweep';

/** Every sweep of the explorer and of `npm run cli -- sweep`; one line per module that adds some. */
export const SWEEPS: readonly SweepDef[] = [starSplitSweep];

/** Every paper check of `npm run cli -- reproduce` and of the app's tables. */
export const REPRODUCTIONS: readonly Reproduction[] = [starTables];

export const findSweep = (id: string) => SWEEPS.find((s) => s.id === id);
export const findReproduction = (id: string) => REPRODUCTIONS.find((r) => r.id === id);
