import { describe, expect, it } from 'vitest';
import { findPreset } from './exercise-catalogue';
import { encodeTryLink } from './share-link';
import { tryService, type TryResponse } from './try-service';
import type { TryView } from './try-view';

const ring4 = encodeTryLink({ exercise: findPreset('ring-4-textbook')!.exercise, challenge: false });

function viewOf(r: TryResponse): TryView {
  if (r.kind !== 'view') throw new Error(`expected a view, got ${JSON.stringify(r)}`);
  return r.view;
}

/** Step s of the textbook ring all-gather: node i passes block (i − s) mod 4 clockwise. */
function ringStep(serve: ReturnType<typeof tryService>, s: number): TryView {
  let v: TryView | null = null;
  for (let i = 0; i < 4; i++)
    v = viewOf(
      serve({
        kind: 'edit',
        id: 0,
        edit: { kind: 'add', from: i, to: [(i + 1) % 4], blocks: [(i - s + 4) % 4] },
      }),
    );
  return v!;
}

describe('the Try it worker service', () => {
  it('opens an exercise with its board laid out, and checks an attempt built by hand to the bound', () => {
    const serve = tryService();
    const v0 = viewOf(serve({ kind: 'open', id: 1, link: ring4 }));
    expect(v0.board.nodes).toBe(4);
    expect(v0.board.x).toHaveLength(4);
    expect(v0.board.linkFrom).toHaveLength(8);
    expect(v0.board.binding.value).toBe(3);
    expect(v0.check.steps).toBe(0);
    ringStep(serve, 0);
    serve({ kind: 'edit', id: 2, edit: { kind: 'next' } });
    ringStep(serve, 1);
    serve({ kind: 'edit', id: 3, edit: { kind: 'next' } });
    const done = ringStep(serve, 2);
    expect(done.check).toMatchObject({ complete: true, atBound: true, steps: 3, violationCount: 0 });
    expect(done.check.verdict).toContain('at the bound');
    expect(done.link.startsWith('1.')).toBe(true);
    // The link reopens the same attempt.
    const again = viewOf(tryService()({ kind: 'open', id: 9, link: done.link }));
    expect(again.attempt.steps).toEqual(done.attempt.steps);
    expect(again.check.complete).toBe(true);
  });

  it('names a conflict, and undo takes it back', () => {
    const serve = tryService();
    serve({ kind: 'open', id: 1, link: ring4 });
    serve({ kind: 'edit', id: 2, edit: { kind: 'add', from: 0, to: [1], blocks: [0] } });
    // A second lightpath out of node 0 in the same step breaks the one-port rule.
    const bad = viewOf(serve({ kind: 'edit', id: 3, edit: { kind: 'add', from: 0, to: [3], blocks: [0] } }));
    expect(bad.check.violationCount).toBeGreaterThan(0);
    expect(bad.check.violations[0].sentence).toMatch(/node 0/);
    expect(bad.canUndo).toBe(true);
    const undone = viewOf(serve({ kind: 'edit', id: 4, edit: { kind: 'undo' } }));
    expect(undone.check.violationCount).toBe(0);
    expect(undone.canRedo).toBe(true);
  });

  it('answers a hostile link or an impossible edit with a message, keeping the session', () => {
    const serve = tryService();
    expect(serve({ kind: 'open', id: 1, link: '1.@@@' })).toMatchObject({ kind: 'error' });
    expect(serve({ kind: 'edit', id: 2, edit: { kind: 'next' } })).toMatchObject({
      kind: 'error',
      message: 'no exercise is open',
    });
    viewOf(serve({ kind: 'open', id: 3, link: ring4 }));
    const r = serve({ kind: 'edit', id: 4, edit: { kind: 'add', from: 0, to: [9], blocks: [0] } });
    expect(r).toMatchObject({ kind: 'error', message: 'a receiver must be a processor from 0 to 3; got 9' });
    expect(viewOf(serve({ kind: 'hint', id: 5, show: false })).check.transfers).toBe(0);
  });

  it('writes the attempt as a schedule file that opens again', () => {
    const serve = tryService();
    serve({ kind: 'open', id: 1, link: ring4 });
    ringStep(serve, 0);
    const file = serve({ kind: 'download', id: 2 });
    if (file.kind !== 'file') throw new Error('no file');
    const back = viewOf(tryService()({ kind: 'open-file', id: 3, text: file.text }));
    expect(back.check.transfers).toBe(4);
    expect(back.board.name).toBe('Ring all-gather');
    expect(tryService()({ kind: 'open-file', id: 4, text: '{' })).toMatchObject({ kind: 'error' });
  });

  it('shows the algorithm’s step when asked, and lays out the Octagon’s routers and processors', () => {
    const serve = tryService();
    serve({ kind: 'open', id: 1, link: ring4 });
    const h = viewOf(serve({ kind: 'hint', id: 2, show: true })).hint;
    expect(h?.kind).toBe('step');
    const oct = viewOf(
      serve({
        kind: 'open',
        id: 3,
        link: encodeTryLink({ exercise: findPreset('octagon-scatter')!.exercise, challenge: false }),
      }),
    );
    expect(oct.hint).toBeNull();
    expect(oct.board.vertices).toBeGreaterThan(oct.board.nodes);
    const pts = new Set(oct.board.x.map((x, i) => `${x.toFixed(3)},${oct.board.y[i].toFixed(3)}`));
    expect(pts.size).toBe(oct.board.vertices);
  });
});
