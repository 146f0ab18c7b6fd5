import { describe, expect, it } from 'vitest';
import { findPreset } from '../../src/tryit/exercise-catalogue';
import { decodeTryLink, encodeTryLink } from '../../src/tryit/share-link';
import { tryService } from '../../src/tryit/try-service';
import { resizedLink, sizeFields } from './TrySize';

const linkOf = (id: string) => encodeTryLink({ exercise: findPreset(id)!.exercise, challenge: false });

describe('another size of an exercise', () => {
  it('offers the size parameters that apply: a ring’s nodes, a NoC mesh’s rows and columns, none on the Octagon', () => {
    expect(sizeFields(linkOf('ring-6-w2'))).toEqual([
      { key: 'nodes', label: expect.any(String), value: '6' },
    ]);
    expect(sizeFields(linkOf('mesh-corner-broadcast')).map((f) => [f.key, f.value])).toEqual([
      ['rows', '4'],
      ['cols', '4'],
    ]);
    expect(sizeFields(linkOf('octagon-scatter'))).toEqual([]);
  });

  it('opens the new size in the worker, and refuses one past the limit with the limit in the message', () => {
    const serve = tryService();
    serve({ kind: 'open', id: 1, link: linkOf('ring-6-w2') });
    const ten = serve({ kind: 'open', id: 2, link: resizedLink(linkOf('ring-6-w2'), { nodes: '10' }) });
    if (ten.kind !== 'view') throw new Error(JSON.stringify(ten));
    expect(ten.view.board.nodes).toBe(10);
    expect(decodeTryLink(ten.view.link).exercise.params.nodes).toBe('10');
    const big = serve({ kind: 'open', id: 3, link: resizedLink(linkOf('ring-6-w2'), { nodes: '40' }) });
    expect(big).toMatchObject({ kind: 'error', message: expect.stringContaining('at most 16') });
  });
});
