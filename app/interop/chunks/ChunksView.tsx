import { useMemo, useState } from 'react';
import { MAX_MARKED } from '../../../src/config/mark-link';
import {
  chunkPath,
  chunkText,
  filterChunks,
  findChunk,
  type ChunkHop,
  type ChunkPath,
  type TecclChunks,
} from '../../../src/interop/teccl/chunk-path';
import type { RunResult } from '../../../src/result';
import { useApp } from '../../store/store';
import { markLinks } from '../../views/markedLinks';
import { interopOf } from '../fileView';
import { setTrackedChunk } from '../timeline/useChunkTrack';
import { ChunkInput } from '../ChunkInput';

/** Chunks listed at once (the filter narrows a larger file down). */
const LISTED = 200;

/** A fraction in words: "all of it", or "0.5 of it". */
const part = (f: number) => (f >= 1 - 1e-9 ? 'all of it' : `${+f.toFixed(4)} of it`);

/** Every link of the path, each once, at most MAX_MARKED (what a link's `mark=` may hold). */
function pathLinks(p: ChunkPath): { links: number[]; cut: boolean } {
  const links: number[] = [];
  for (const h of p.hops) for (const l of h.links) if (!links.includes(l)) links.push(l);
  return { links: links.slice(0, MAX_MARKED), cut: links.length > MAX_MARKED };
}

/**
 * A TE-CCL file's chunks: a list to filter and pick from (kept in the link, `chunk=g1.c0`); the chunk
 * picked is followed hop by hop — each hop's step, ranks, links and the fraction it carries — with
 * where it forks and where its pieces arrive, and its links are marked on the network picture. A hop
 * picked opens its step with its own links marked. Everything is a button or a field: the keyboard
 * reaches all of it.
 */
export function ChunksView({ result }: { result: RunResult }) {
  const t = interopOf(result)?.teccl;
  if (!t)
    return (
      <p className="p-3 text-sm text-text" data-testid="chunks-view">
        Only a TE-CCL file lists its chunks here.
      </p>
    );
  return <ChunksBody result={result} t={t} />;
}

function ChunksBody({
  result,
  t,
}: {
  result: RunResult;
  t: NonNullable<ReturnType<typeof interopOf>>['teccl'] & object;
}) {
  const text = useApp((s) => s.config.interop.chunk);
  const [query, setQuery] = useState('');
  const listed = useMemo(() => filterChunks(t.chunks, query, LISTED), [t, query]);
  const picked = useMemo(() => {
    if (!text) return null;
    const b = findChunk(t.chunks, text);
    if (typeof b === 'string') return `chunk=${text} is not tracked: ${b}`;
    return { b, path: chunkPath(result.schedule, result.topology, b, t.fraction, t.byBlock) };
  }, [result, t, text]);
  const pick = (b: number) => {
    const path = chunkPath(result.schedule, result.topology, b, t.fraction, t.byBlock);
    setTrackedChunk(chunkText(t.chunks, b));
    markLinks(result, pathLinks(path).links, null);
  };
  return (
    <div className="flex h-full min-h-0 flex-col gap-1 p-2 text-sm" data-testid="chunks-view">
      <label className="flex flex-wrap items-center gap-2">
        <span className="text-muted">Filter chunks</span>
        <ChunkInput value={query} onChange={setQuery} example="g1.c0" testId="chunk-filter" />
        <span id="chunk-filter-help" className="text-xs text-muted">
          g‹source GPU›.c‹chunk›, .g‹destination GPU› for all-to-all
        </span>
      </label>
      {typeof listed === 'string' ? (
        <p className="text-danger" role="alert" data-testid="chunk-filter-error">
          {listed}
        </p>
      ) : (
        <ChunkList
          chunks={t.chunks}
          listed={listed}
          picked={typeof picked === 'object' ? picked?.b : undefined}
          pick={pick}
        />
      )}
      {typeof picked === 'string' && (
        <p className="text-danger" role="alert" data-testid="chunk-error">
          {picked}
        </p>
      )}
      {picked && typeof picked === 'object' && (
        <PathWords result={result} gpus={t.chunks.gpus} text={text} path={picked.path} />
      )}
    </div>
  );
}

function ChunkList({
  chunks,
  listed,
  picked,
  pick,
}: {
  chunks: TecclChunks;
  listed: { blocks: number[]; total: number };
  picked: number | undefined;
  pick: (b: number) => void;
}) {
  return (
    <div>
      <p className="text-xs text-muted" data-testid="chunk-count">
        {listed.total === 0
          ? 'No chunk matches.'
          : listed.total > listed.blocks.length
            ? `The first ${listed.blocks.length} of ${listed.total} chunks: filter to find others.`
            : `${listed.total} chunk${listed.total === 1 ? '' : 's'}.`}
      </p>
      <ul className="flex max-h-24 flex-wrap gap-1 overflow-y-auto" aria-label="Chunks">
        {listed.blocks.map((b) => (
          <li key={b}>
            <button
              type="button"
              className={`rounded border px-1.5 py-0.5 font-mono ${b === picked ? 'border-highlight bg-highlight-soft' : 'border-border hover:bg-panel'}`}
              aria-pressed={b === picked}
              onClick={() => pick(b)}
              data-testid="chunk-option"
            >
              {chunkText(chunks, b)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PathWords({
  result,
  gpus,
  text,
  path,
}: {
  result: RunResult;
  gpus: Int32Array;
  text: string;
  path: ChunkPath;
}) {
  const rank = (r: number) => `${r} (GPU ${gpus[r] ?? '?'})`;
  const { cut } = pathLinks(path);
  const open = (h: ChunkHop) => markLinks(result, h.links, h.step);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto text-text" data-testid="chunk-path" aria-live="polite">
      <p>
        <b className="font-mono">{text}</b> leaves rank {rank(path.source)} in {path.hops.length} hop
        {path.hops.length === 1 ? '' : 's'}
        {cut ? `; the picture marks its first ${MAX_MARKED} links` : '; its links are marked on the picture'}.
      </p>
      <ol className="my-1 space-y-0.5" aria-label="Hops">
        {path.hops.map((h) => (
          <li key={h.transfer}>
            <button
              type="button"
              className="rounded px-1 text-left hover:bg-panel"
              onClick={() => open(h)}
              data-testid="chunk-hop"
            >
              step {h.step}: rank {rank(h.from)} → {rank(h.to)}, link{h.links.length === 1 ? '' : 's'}{' '}
              {h.links.join(', ')}, {part(h.fraction)}
            </button>
          </li>
        ))}
      </ol>
      <p data-testid="chunk-forks">
        {path.forks.length
          ? `It forks at ${path.forks.map((f) => `rank ${rank(f.rank)} (to ${f.to.join(', ')})`).join('; ')}.`
          : 'It does not fork.'}
      </p>
      <p data-testid="chunk-arrivals">
        {path.arrivals
          .map(
            (a) =>
              `Rank ${rank(a.rank)} gets ${a.pieces.map((p) => `${part(p.fraction).replace(' of it', '')} in step ${p.step}`).join(', ') || 'nothing'}: ${a.whole >= 0 ? `whole after step ${a.whole}` : `only ${+a.total.toFixed(4)} of it`}.`,
          )
          .join(' ')}
      </p>
    </div>
  );
}
