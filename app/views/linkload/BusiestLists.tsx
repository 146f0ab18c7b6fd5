import type { ReactNode } from 'react';
import type { LinkLoad } from '../../../src/kernel/replay/link-load';
import type { RunResult } from '../../../src/result';
import { cssRgb } from '../../lib/colors';
import { plural } from '../../lib/format';
import { CROWDED_RGB, OVER_RGB, scaleCss } from './linkLoadPicture';
import { linkName } from './linkNames';

const n = (x: number) => x.toLocaleString('en-US');
const pct = (r: number) => `${Math.round(100 * r)}%`;

/**
 * The busiest links (link uses summed over the steps) and the busiest steps (link uses summed over
 * the links), ten each, with their numbers; each is a button that opens its step with its link marked.
 */
export function BusiestLists({
  result,
  load,
  side,
  onOpen,
}: {
  result: RunResult;
  load: LinkLoad;
  side: boolean;
  onOpen: (link: number, step: number) => void;
}) {
  const topo = result.topology;
  return (
    <div
      className={`${side ? 'w-72 overflow-y-auto' : ''} shrink-0 px-1 text-sm text-text`}
      data-testid="link-load-lists"
    >
      <RankedList
        id="busiest-links"
        heading="Busiest links"
        items={load.busiestLinks.map((b) => ({
          key: b.link,
          data: { 'data-link': b.link },
          open: () => onOpen(b.link, b.peakStep),
          title: 'Open its busiest step with this link marked',
          words: (
            <>
              {linkName(topo, b.link)}: {plural(b.uses, 'use')} in {plural(b.steps, 'step')}, at most{' '}
              {n(b.peak)} of {plural(b.channels, 'channel')} (step {n(b.peakStep)})
            </>
          ),
        }))}
      />
      <RankedList
        id="busiest-steps"
        heading="Busiest steps"
        className="mt-2"
        items={load.busiestSteps.map((s) => ({
          key: s.step,
          data: { 'data-step': s.step },
          open: () => onOpen(s.peakLink, s.step),
          title: 'Open this step with its fullest link marked',
          words: (
            <>
              step {n(s.step)}: {plural(s.uses, 'link use')} on {plural(s.links, 'link')}, fullest{' '}
              {pct(s.peakRatio)}
            </>
          ),
        }))}
      />
    </div>
  );
}

/** A headed, numbered list whose every entry is a button (its `id` names the heading and the list). */
function RankedList({
  id,
  heading,
  className = '',
  items,
}: {
  id: string;
  heading: string;
  className?: string;
  items: { key: number; data: Record<string, number>; open: () => void; title: string; words: ReactNode }[];
}) {
  const item = 'block w-full rounded px-1 py-0.5 text-left hover:bg-panel focus:outline focus:outline-2';
  return (
    <section aria-labelledby={id} className={className || undefined}>
      <h3 id={id} className="font-semibold">
        {heading}
      </h3>
      <ol className="list-decimal pl-6" data-testid={id}>
        {items.map((e) => (
          <li key={e.key}>
            <button type="button" className={item} {...e.data} onClick={e.open} title={e.title}>
              {e.words}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the colours mean. */
export function LoadLegend() {
  const swatch = (bg: string) => (
    <span
      className="inline-block h-3 w-4 rounded-sm border border-border align-middle"
      style={{ background: bg }}
    />
  );
  return (
    <p className="flex flex-wrap items-center gap-x-3 px-2 pb-1 text-sm text-text">
      <span>
        transfers ÷ channels: {swatch(scaleCss(0.05))} little {swatch(scaleCss(0.5))} half{' '}
        {swatch(scaleCss(1))} full
      </span>
      <span>{swatch(cssRgb(CROWDED_RGB))} over, on a shared link</span>
      <span>{swatch(cssRgb(OVER_RGB))} over: a conflict</span>
    </p>
  );
}
