import { describe, expect, it } from 'vitest';
import { allGatherBlocks } from '../model/schedule';
import { ScheduleBuilder } from '../model/schedule-builder';
import { wdmRing } from '../model/topology';
import { spectrumOf } from './spectrum';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { defaultsOf } from '../params/schema';
import { findAlgorithm } from '../../registry';

describe('spectrum of a step', () => {
  it('marks every (link, wavelength) a lightpath crosses, and nothing else', () => {
    // Ring all-gather on 4 nodes: in step 1 every node sends to its clockwise neighbour on λ0,
    // so the 4 clockwise links are busy on λ0 and the counter-clockwise fibre is dark.
    const spec = findAlgorithm('ring-allgather')!;
    const r = run('ring-allgather', { ...defaultsOf(spec.params), nodes: 4, wavelengths: 2 }, CLI_LIMITS);
    const sp = spectrumOf(r.schedule, r.topology, 1);
    expect(sp.links).toBe(8);
    expect(sp.channels).toBe(2);
    const busy = [];
    for (let l = 0; l < 8; l++) for (let c = 0; c < 2; c++) if (sp.cell[l * 2 + c]) busy.push(`${l}:${c}`);
    expect(busy).toEqual(['0:0', '1:0', '2:0', '3:0']);
    expect(sp.used).toBe(4);
    expect(sp.clashes).toBe(0);
    expect(spectrumOf(r.schedule, r.topology, 0).used).toBe(0);
  });

  it('counts a (link, wavelength) used twice as a clash, and a counter-clockwise arc on the inner fibre', () => {
    const b = new ScheduleBuilder({
      algorithm: 'test',
      collective: 'allgather',
      nodeCount: 6,
      blocks: allGatherBlocks(6, 8),
      pathKind: 'ring-arc',
      receiverKind: 'path-end',
      singleBlock: true,
    });
    b.beginStep('overlap');
    b.addArc(0, 3, 1, 0); // 0 → 3 clockwise on λ1: links 0, 1, 2
    b.addArc(2, 2, 1, 2); // 2 → 4 clockwise on λ1: links 2, 3 (link 2 clashes)
    b.addArc(5, -2, 0, 5); // 5 → 3 counter-clockwise on λ0: links 6+5, 6+4
    const s = b.finish();
    const sp = spectrumOf(s, wdmRing(6, 2), 1);
    expect(sp.used).toBe(6);
    expect(sp.clashes).toBe(1);
    expect(sp.cell[11 * 2 + 0]).toBe(3);
    expect(sp.cell[10 * 2 + 0]).toBe(3);
    expect(sp.cell[2 * 2 + 1]).toBe(2); // the later transfer is recorded
  });
});
