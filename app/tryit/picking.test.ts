import { describe, expect, it } from 'vitest';
import { findPreset } from '../../src/tryit/exercise-catalogue';
import { encodeTryLink } from '../../src/tryit/share-link';
import { tryService } from '../../src/tryit/try-service';
import { defaultBlocks, NO_PICK, pickNode, sendable } from './picking';

function opened(preset: string) {
  const serve = tryService();
  const r = serve({
    kind: 'open',
    id: 1,
    link: encodeTryLink({ exercise: findPreset(preset)!.exercise, challenge: false }),
  });
  if (r.kind !== 'view') throw new Error(JSON.stringify(r));
  return { serve, view: r.view };
}

describe('picking a transfer', () => {
  it('takes the first node as the sender and the next as receivers, toggling', () => {
    let p = pickNode(NO_PICK, 2);
    expect(p).toMatchObject({ from: 2, to: [] });
    p = pickNode(pickNode(p, 3), 5);
    expect(p.to).toEqual([3, 5]);
    expect(pickNode(p, 3).to).toEqual([5]);
    expect(pickNode(p, 2)).toEqual(NO_PICK);
  });

  it('offers what the sender holds and sends what the receiver still needs', () => {
    const { serve, view } = opened('ring-4-textbook');
    expect(sendable(view, 1)).toEqual([1]);
    expect(defaultBlocks(view, { ...NO_PICK, from: 1, to: [2] })).toEqual([1]);
    serve({ kind: 'edit', id: 2, edit: { kind: 'add', from: 0, to: [1], blocks: [0] } });
    const r = serve({ kind: 'edit', id: 3, edit: { kind: 'next' } });
    if (r.kind !== 'view') throw new Error('no view');
    // Before step 2 node 1 holds blocks 0 and 1; node 2 needs both, but a lightpath carries one here.
    expect(sendable(r.view, 1)).toEqual([0, 1]);
    expect(defaultBlocks(r.view, { ...NO_PICK, from: 1, to: [2] })).toEqual([0]);
  });

  it('sends a reduction’s whole partial', () => {
    const { view } = opened('mesh-4-allreduce');
    expect(defaultBlocks(view, { ...NO_PICK, from: 5, to: [6] })).toEqual([5]);
  });
});
