import { useState } from 'react';
import type { ChunkTrack } from '../../../src/interop/msccl/chunk-track';
import type { RunResult } from '../../../src/result';
import { interopOf } from '../fileView';
import { chunkOf, setTrackedChunk, type TrackedChunk } from './useChunkTrack';
import { ChunkInput } from '../ChunkInput';

const list = (ranks: number[]) =>
  ranks.length === 0
    ? 'none'
    : ranks.length > 12
      ? `${ranks.slice(0, 12).join(', ')} … (${ranks.length})`
      : ranks.join(', ');

/** The steps in which the chunk (or a part of it) reaches a rank, in words: `step 2: ranks 1, 3`. */
function arrivals(track: ChunkTrack, ranks: number): string[] {
  const K = track.ids.length;
  const byStep = new Map<number, Set<number>>();
  for (let r = 0; r < ranks; r++)
    for (let k = 0; k < K; k++) {
      const a = track.arrival[r * K + k];
      if (a <= 0) continue;
      const set = byStep.get(a) ?? new Set<number>();
      set.add(r);
      byStep.set(a, set);
    }
  return [...byStep.keys()].sort((a, b) => a - b).map((s) => `step ${s}: ${list([...byStep.get(s)!])}`);
}

/**
 * Pick a chunk to follow (rank, buffer, index: `r2.i3`): it is kept in the link (`chunk=`); a pick
 * that names nothing in this file is refused with the reason, and the view stays as it was.
 */
export function ChunkPicker({
  result,
  tracked,
  holds,
  step,
}: {
  result: RunResult;
  tracked: TrackedChunk;
  holds: Uint8Array | null;
  step: number;
}) {
  const [draft, setDraft] = useState(tracked.text);
  const [error, setError] = useState<string | null>(null);
  const ranks = result.topology.nodeCount;
  const chunks = interopOf(result)?.chunks;
  const submit = () => {
    const text = draft.trim();
    const chunk = text ? chunkOf(result, text) : { text: '', ids: [] };
    if (typeof chunk === 'string') {
      setError(`"${text}" was not tracked: ${chunk}`);
      return;
    }
    setError(null);
    setDraft(chunk.text);
    setTrackedChunk(chunk.text);
  };
  const track = tracked.track;
  const all: number[] = [];
  const part: number[] = [];
  holds?.forEach((h, r) => (h === 2 ? all.push(r) : h === 1 ? part.push(r) : 0));
  return (
    <div className="space-y-1 px-2 py-1 text-sm" data-testid="chunk-picker">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="flex items-center gap-1">
          <span className="text-muted">Track chunk</span>
          <ChunkInput value={draft} onChange={setDraft} example="r0.i0" testId="chunk-input" />
        </label>
        <button className="rounded border border-border px-2 py-0.5 hover:bg-panel" type="submit">
          Track
        </button>
        {tracked.text && (
          <button
            className="rounded border border-border px-2 py-0.5 hover:bg-panel"
            type="button"
            onClick={() => {
              setDraft('');
              setError(null);
              setTrackedChunk('');
            }}
          >
            Stop
          </button>
        )}
        <span id="chunk-input-help" className="text-xs text-muted">
          r‹rank›.i‹k› input, r‹rank›.o‹k› output chunk
          {chunks ? ` (${chunks.inputs} and ${chunks.outputs} a rank)` : ''}
        </span>
      </form>
      {(error ?? tracked.error) && (
        <p className="text-danger" role="alert" data-testid="chunk-error">
          {error ?? tracked.error}
        </p>
      )}
      {track && (
        <p className="max-h-20 overflow-y-auto text-text" data-testid="chunk-track" aria-live="polite">
          <b>{tracked.text}</b>
          {track.ids.length > 1 ? ` (the sum of ${track.ids.length} contributions)` : ''}: from rank
          {track.sources.length === 1 ? '' : 's'} {list(track.sources)} to {list(track.destinations)}. After{' '}
          {step === 0 ? 'the start' : `step ${step}`}: <span data-testid="chunk-holders">{list(all)}</span>{' '}
          hold
          {all.length === 1 ? 's' : ''} it
          {part.length > 0 && (
            <>
              , <span data-testid="chunk-partial">{list(part)}</span> a part
            </>
          )}
          . <span className="text-muted">{arrivals(track, ranks).join(' · ') || 'It never moves.'}</span>
        </p>
      )}
    </div>
  );
}
