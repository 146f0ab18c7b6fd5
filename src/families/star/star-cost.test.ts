import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { tcp2Radices } from './tcp';
import { defaultsOf } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { starTunings } from './star-cost';

const build = (id: string, nodes: number, k: number) =>
  run(id, { ...defaultsOf(findAlgorithm(id)!.params), nodes, 'wavelengths-per-node': k }, CLI_LIMITS);

const row = (r: ReturnType<typeof run>, id: string) => r.formulas.find((f) => f.id === id)!;

describe('star tunings counted on the schedule', () => {
  it('multi-scatter with mixed clique sizes: the tunings the schedule causes (12/3: 60, 30/15: 450)', () => {
    for (const [nodes, k, expected] of [
      [12, 3, 60],
      [30, 15, 450],
    ]) {
      const r = build('star-multiscatter', nodes, k);
      const t = starTunings(r.schedule, k);
      expect(t.rxTotal, `${nodes}/${k}`).toBe(expected);
      expect(t.txTotal, `${nodes}/${k}`).toBe(0);
      expect(row(r, 'tunings').constructed, `${nodes}/${k}`).toBe(expected);
      // The paper's hPk stays in the formula column, with the reason for the difference beside it.
      expect(row(r, 'tunings').note, `${nodes}/${k}`).toMatch(`Σ P″(r_q − 1) = ${expected}`);
      expect(row(r, 'tuning').constructed).toBeCloseTo(expected * 0.1);
    }
  });

  it('a node moving between its own home wavelengths never counts as a transmitter retune', () => {
    for (const id of ['star-multiscatter', 'star-gossip', 'star-scatter', 'star-gather', 'star-broadcast'])
      for (const nodes of [5, 12, 16, 30, 64])
        for (const k of [1, 2, 3, 7]) {
          const r = build(id, nodes, k);
          expect(starTunings(r.schedule, k).txTotal, `${id} ${nodes}/${k}`).toBe(0);
        }
  });

  it('TCP2 receiver tunings are Σ P″(r_q − 1) over the clique sizes, equal to hPk when every clique has k+1', () => {
    for (const id of ['star-multiscatter', 'star-gossip'])
      for (const nodes of [4, 9, 12, 16, 27, 30, 64, 100])
        for (const k of [1, 2, 3, 5]) {
          const r = build(id, nodes, k);
          const machine = r.schedule.nodeCount;
          const radices = tcp2Radices(machine, k);
          const exact = radices.radix.reduce((s, q) => s + machine * (q - 1), 0);
          const rx = starTunings(r.schedule, k).rxTotal;
          // Dummy processors (a padded machine) receive nothing and tune nothing.
          if (machine === nodes) expect(rx, `${id} ${nodes}/${k}`).toBe(exact);
          else expect(rx, `${id} ${nodes}/${k}`).toBeLessThan(exact);
          if (machine === nodes && radices.radix.every((q) => q === k + 1))
            expect(row(r, 'tunings').formula).toBe(exact);
        }
  });
});
