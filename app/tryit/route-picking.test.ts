import { describe, expect, it } from 'vitest';
import { findPreset } from '../../src/tryit/exercise-catalogue';
import { encodeTryLink } from '../../src/tryit/share-link';
import { tryService } from '../../src/tryit/try-service';
import type { TryView } from '../../src/tryit/try-view';
import { keptSelection } from './picking';
import { nextLinks, orderRoute, toggleRouteLink } from './route-picking';

function ringWithOneLightpath() {
  const serve = tryService();
  const open = serve({
    kind: 'open',
    id: 1,
    link: encodeTryLink({ exercise: findPreset('ring-4-textbook')!.exercise, challenge: false }),
  });
  if (open.kind !== 'view') throw new Error(JSON.stringify(open));
  const r = serve({ kind: 'edit', id: 2, edit: { kind: 'add', from: 0, to: [1], blocks: [0] } });
  if (r.kind !== 'view') throw new Error(JSON.stringify(r));
  return { serve, view: r.view };
}

/** The directed link u→v of the exercise's network. */
const linkOf = (v: TryView, u: number, w: number) =>
  v.board.linkFrom.findIndex((f, l) => f === u && v.board.linkTo[l] === w);

describe('changing a route by clicking links', () => {
  it('keeps the route in the order it is travelled, whatever the order of the clicks', () => {
    const { view } = ringWithOneLightpath();
    const [a, b, c] = [linkOf(view, 0, 3), linkOf(view, 3, 2), linkOf(view, 2, 1)];
    expect(orderRoute(view.board, 0, [c, a, b]).route).toEqual([a, b, c]);
    // A link the route never reaches stays, last.
    expect(orderRoute(view.board, 0, [c, a]).route).toEqual([a, c]);
  });

  it('takes a clicked link of the route out, and puts one that continues it in, leaving the sender', () => {
    const { view } = ringWithOneLightpath();
    const t = view.attempt.steps[0].transfers[0];
    expect(t.route).toEqual([linkOf(view, 0, 1)]);
    expect(toggleRouteLink(view, t, 1, 0)).toEqual({ links: [] });
    const empty = { ...t, route: [] };
    // Clicked between 3 and 0: the link that leaves the sender, 0→3.
    expect(toggleRouteLink(view, empty, 3, 0)).toEqual({ links: [linkOf(view, 0, 3)] });
    const far = toggleRouteLink(view, empty, 2, 3);
    expect('error' in far && far.error).toMatch(/between node 2 and node 3 does not continue the route/);
    expect(nextLinks(view, empty).sort((x, y) => x - y)).toEqual(
      [linkOf(view, 0, 1), linkOf(view, 0, 3)].sort((x, y) => x - y),
    );
  });

  it('the worker judges the new route: counter-clockwise 0→3→2→1 is fine, a route short of its receiver is not', () => {
    const { serve, view } = ringWithOneLightpath();
    const ref = { step: 0, index: 0 };
    const round = [linkOf(view, 0, 3), linkOf(view, 3, 2), linkOf(view, 2, 1)];
    const ok = serve({ kind: 'edit', id: 3, edit: { kind: 'route', ref, links: round } });
    if (ok.kind !== 'view') throw new Error(JSON.stringify(ok));
    expect(ok.view.attempt.steps[0].transfers[0].route).toEqual(round);
    expect(ok.view.check.violationCount).toBe(0);
    const short = serve({ kind: 'edit', id: 4, edit: { kind: 'route', ref, links: round.slice(0, 2) } });
    if (short.kind !== 'view') throw new Error(JSON.stringify(short));
    expect(short.view.check.violations[0].sentence).toContain('does not reach it');
    // The link keeps the route.
    expect(ok.view.link).not.toBe(view.link);
  });

  it('keeps the selected transfer across an answer that changed its route, not across one that added or moved', () => {
    const { serve, view } = ringWithOneLightpath();
    const ref = { step: 0, index: 0 };
    const changed = serve({ kind: 'edit', id: 3, edit: { kind: 'route', ref, links: [] } });
    const added = serve({ kind: 'edit', id: 4, edit: { kind: 'add', from: 1, to: [2], blocks: [1] } });
    const moved = serve({ kind: 'edit', id: 5, edit: { kind: 'next' } });
    if (changed.kind !== 'view' || added.kind !== 'view' || moved.kind !== 'view') throw new Error('refused');
    expect(keptSelection(view, changed.view, 0)).toBe(0);
    expect(keptSelection(changed.view, added.view, 0)).toBeNull();
    expect(keptSelection(added.view, moved.view, 0)).toBeNull();
    expect(keptSelection(view, changed.view, null)).toBeNull();
  });
});
