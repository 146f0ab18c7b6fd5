import { useEffect, useMemo } from 'react';
import {
  chunkIds,
  chunkPickText,
  holdersAt,
  parseChunkPick,
  trackChunk,
  type ChunkTrack,
} from '../../../src/interop/msccl/chunk-track';
import type { RunResult } from '../../../src/result';
import { selectStep, useApp } from '../../store/store';
import { interopOf } from '../fileView';

export interface TrackedChunk {
  /** The pick as the link names it ('' = none). */
  text: string;
  track: ChunkTrack | null;
  /** Why the link's pick names nothing in this file (the view stays as it was). */
  error: string | null;
}

/** A pick's text read against the file shown: the pick as the link writes it and its ids, or why not. */
export function chunkOf(result: RunResult, text: string): { text: string; ids: number[] } | string {
  const interop = interopOf(result);
  if (!interop?.chunks) return 'this file has no chunks to track';
  const pick = parseChunkPick(text);
  if (typeof pick === 'string') return pick;
  const ids = chunkIds(pick, {
    collective: result.schedule.collective,
    ranks: result.topology.nodeCount,
    ...interop.chunks,
    root: interop.judged?.[0]?.root ?? 0,
  });
  return typeof ids === 'string' ? ids : { text: chunkPickText(pick), ids };
}

/** The chunk the link tracks (`chunk=`), followed through the schedule shown. */
export function useChunkTrack(result: RunResult): TrackedChunk {
  const text = useApp((s) => s.config.interop.chunk);
  return useMemo(() => {
    if (!text) return { text, track: null, error: null };
    const chunk = chunkOf(result, text);
    if (typeof chunk === 'string')
      return { text, track: null, error: `chunk=${text} is not tracked: ${chunk}` };
    return { text, track: trackChunk(result.schedule, result.topology, chunk.ids), error: null };
  }, [result, text]);
}

/** Per rank at `step`: 2 holds all of the chunk, 1 a part, 0 none. */
export function holdsAt(track: ChunkTrack, ranks: number, step: number): Uint8Array {
  const out = new Uint8Array(ranks);
  const { all, part } = holdersAt(track, ranks, step);
  for (const r of all) out[r] = 2;
  for (const r of part) out[r] = 1;
  return out;
}

/**
 * Rings the ranks that hold the tracked chunk on the network picture, step by step — except in the
 * step a cell was just opened in, where the opened message stays marked. The ring changes in the
 * same store update as the step (a subscription, not an effect after the render), so a step while
 * playing is painted once.
 */
export function useHoldersOnPicture(
  track: ChunkTrack | null,
  ranks: number,
  openedStep: number | null,
): void {
  useEffect(() => {
    if (!track) return;
    // The opened cell's step keeps its message marked until the step moves on.
    let keep = openedStep;
    const ring = (step: number) => {
      if (step === keep) return;
      keep = null;
      const nodes: number[] = [];
      holdsAt(track, ranks, step).forEach((h, r) => h && nodes.push(r));
      const now = useApp.getState().highlight;
      if (now?.join(',') !== nodes.join(',')) useApp.getState().setHighlight(nodes);
    };
    ring(selectStep(useApp.getState()));
    return useApp.subscribe((s, prev) => {
      if (s.config.step !== prev.config.step) ring(selectStep(s));
    });
  }, [track, ranks, openedStep]);
}

/** Sets the tracked chunk in the link ('' stops tracking); the step stays. */
export function setTrackedChunk(text: string): void {
  useApp.setState((s) => ({ config: { ...s.config, interop: { ...s.config.interop, chunk: text } } }));
}
