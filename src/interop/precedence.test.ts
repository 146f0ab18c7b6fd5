import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cyclesAmong, NEVER, PrecedenceBuilder, timePrecedence, type Precedence } from './precedence';

/** A graph from a list of nodes, each (sends a message?, the nodes it waits for). */
function graph(nodes: { message: boolean; waits: number[] }[], stuck: number[] = []): Precedence {
  const b = new PrecedenceBuilder();
  let m = 0;
  for (const n of nodes) b.add(n.message ? m++ : -1, n.waits);
  for (const v of stuck) b.markStuck(v);
  return b.finish();
}

/** Random graphs: node v waits for up to 3 others, some earlier (always fine) and, with `back`, some later. */
const graphs = (back: boolean) =>
  fc.integer({ min: 1, max: 40 }).chain((n) =>
    fc
      .array(
        fc.record({
          message: fc.boolean(),
          waits: fc.array(fc.nat(1000), { maxLength: 3 }),
        }),
        { minLength: n, maxLength: n },
      )
      .map((raw) =>
        raw.map((x, v) => ({
          message: x.message,
          waits: back
            ? x.waits.map((w) => w % n).filter((w) => w !== v)
            : v === 0
              ? []
              : x.waits.map((w) => w % v),
        })),
      ),
  );

describe('timing a precedence graph', () => {
  it('a message goes one step after the last thing it waits for; other nodes finish with it', () => {
    fc.assert(
      fc.property(graphs(false), (nodes) => {
        const g = graph(nodes);
        const t = timePrecedence(g);
        expect(t.order.length).toBe(nodes.length);
        nodes.forEach((n, v) => {
          const last = Math.max(0, ...n.waits.map((w) => t.finish[w]));
          expect(t.finish[v]).toBe(last + (n.message ? 1 : 0));
        });
      }),
    );
  });

  it('the order it returns is topological, and the decisive wait is one with the latest finish', () => {
    fc.assert(
      fc.property(graphs(false), (nodes) => {
        const t = timePrecedence(graph(nodes));
        const at = new Int32Array(nodes.length);
        t.order.forEach((v, i) => (at[v] = i));
        nodes.forEach((n, v) => {
          for (const w of n.waits) expect(at[w]).toBeLessThan(at[v]);
          const by = t.decidedBy[v];
          if (n.waits.length === 0) expect(by).toBe(-1);
          else expect(t.finish[by]).toBe(Math.max(...n.waits.map((w) => t.finish[w])));
        });
      }),
    );
  });

  it('placement may only push messages later, and every wait is still kept', () => {
    fc.assert(
      fc.property(graphs(false), fc.array(fc.nat(3), { minLength: 40, maxLength: 40 }), (nodes, delay) => {
        const g = graph(nodes);
        const t = timePrecedence(g, (m, earliest) => earliest + delay[m % 40]);
        nodes.forEach((n, v) => {
          for (const w of n.waits)
            expect(t.finish[v]).toBeGreaterThanOrEqual(t.finish[w] + (n.message ? 1 : 0));
        });
      }),
    );
  });

  it('nodes in a cycle, or waiting for a stuck node, never finish; every cycle found is a real cycle', () => {
    fc.assert(
      fc.property(graphs(true), fc.nat(40), (nodes, s) => {
        const stuck = s < nodes.length ? [s] : [];
        const g = graph(nodes, stuck);
        const t = timePrecedence(g);
        for (const v of stuck) expect(t.finish[v]).toBe(NEVER);
        nodes.forEach((n, v) => {
          if (t.finish[v] !== NEVER) for (const w of n.waits) expect(t.finish[w]).not.toBe(NEVER);
        });
        for (const cycle of cyclesAmong(g, t.finish)) {
          expect(cycle.length).toBeGreaterThan(0);
          cycle.forEach((v, i) => {
            expect(t.finish[v]).toBe(NEVER);
            expect(nodes[v].waits).toContain(cycle[(i + 1) % cycle.length]);
          });
        }
      }),
    );
  });

  it('finds the cycle of two nodes that wait for each other, and not a node that only waits for them', () => {
    const g = graph([
      { message: true, waits: [1] },
      { message: true, waits: [0] },
      { message: false, waits: [1] },
    ]);
    const t = timePrecedence(g);
    expect(Array.from(t.finish)).toEqual([NEVER, NEVER, NEVER]);
    expect(cyclesAmong(g, t.finish)).toEqual([[0, 1]]);
  });

  it('with priorities, ready nodes are timed in their order', () => {
    const g = graph([
      { message: true, waits: [] },
      { message: true, waits: [] },
      { message: true, waits: [] },
    ]);
    expect(Array.from(timePrecedence(g, undefined, [2, 0, 1]).order)).toEqual([1, 2, 0]);
  });
});
