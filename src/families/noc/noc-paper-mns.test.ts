import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { nocScatterCard } from './noc.card';
import { lowerBounds } from './noc-bounds';
import { meshNetwork, octagonNetwork } from './noc-network';
import {
  minCut,
  mnsCaseOf,
  paperMnsEstimate,
  paperMnsSteps,
  subnetworkBisection,
  type MnsEstimate,
} from './noc-paper-mns';
import { communicationOf } from './noc-patterns';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const estimate = (e: MnsEstimate | string): MnsEstimate => {
  if (typeof e === 'string') throw new Error(e);
  return e;
};

describe("the paper's M-to-N scatter estimate (eqs. (3)–(10))", () => {
  it('the worked example of Sec. 3: nine to eleven, Q = 4, b = 5, 6, 1 gives 12 steps', () => {
    const e = paperMnsSteps({ case: 'a', M: 9, N: 11, Q: 4, b1: 5, b2: 6, b3: 1 });
    // By hand: T1 = max(⌈5·4/5⌉, ⌈4·7/6⌉) = max(4, 5); T2 = max(⌈5·7/5⌉, ⌈4·3/2⌉) = max(7, 6).
    expect(e.terms.map((t) => t.value)).toEqual([4, 5, 7, 6]);
    expect(e.value).toBe(12);
    expect(e.equation).toBe('(6)');
    // Our copy prints b1 = 15; with it the terms would be max(2, 5) + max(6, 6) = 11, not the
    // paper's 4 and 7: the reason the app reads b1 = 5.
    expect(paperMnsSteps({ case: 'a', M: 9, N: 11, Q: 4, b1: 15, b2: 6, b3: 1 }).value).toBe(11);
  });

  it('the worked example’s broadcast: eq. (2) gives max(⌈log2 11⌉, 9) = 9 steps', () => {
    const c = communicationOf('mnb', 16, 0, range(0, 8), range(5, 15));
    const mnb = lowerBounds(meshNetwork(4, 4), c).find((b) => b.id === 'bound-mnb');
    expect(mnb?.value).toBe(9);
  });

  it('cases b and c by hand', () => {
    // b: 12 senders, 4 of them receivers; 8·4 = 32 messages over 8 channels, 4·3 = 12 over 2·2.
    expect(paperMnsSteps({ case: 'b', M: 12, N: 4, Q: 4, b1: 8, b2: 2 })).toMatchObject({
      value: 4,
      equation: '(8)',
    });
    // c: 3 senders inside 10 receivers; 7·3 = 21 over 4 channels → 6; 3·2 = 6 over 2·1 → 3.
    expect(paperMnsSteps({ case: 'c', M: 3, N: 10, Q: 3, b1: 4, b2: 1 }).value).toBe(6);
  });

  it('names the case from the sets', () => {
    expect(mnsCaseOf([0, 1, 2], [2, 3])).toBe('a');
    expect(mnsCaseOf([0, 1, 2], [1, 2])).toBe('b');
    expect(mnsCaseOf([1, 2], [0, 1, 2])).toBe('c');
    expect(mnsCaseOf([0, 1], [0, 1])).toBe('b');
    expect(mnsCaseOf([0, 1], [2, 3])).toBe(null);
  });

  it('minimum cuts counted by hand', () => {
    const line = meshNetwork(1, 4);
    expect(minCut(line, [0], [3])).toBe(1);
    const square = meshNetwork(2, 2); // a ring of four routers
    expect(minCut(square, [0], [3])).toBe(2);
    expect(minCut(square, [0, 1], [2, 3])).toBe(2);
    // 4 × 4 mesh: a corner has two links out; the left column to the right one crosses 4 rows.
    const mesh = meshNetwork(4, 4);
    expect(minCut(mesh, [0], [15])).toBe(2);
    expect(minCut(mesh, [0, 4, 8, 12], [3, 7, 11, 15])).toBe(4);
    // Two processors on one router: no link needs to carry their messages.
    expect(minCut(octagonNetwork(8, { perRouter: 2 }), [0], [15])).toBe(Infinity);
  });

  it('sub-network bisections counted by hand', () => {
    const mesh = meshNetwork(4, 4);
    expect(subnetworkBisection(mesh, [0, 1, 2, 3])).toBe(2); // a path of four: one link, both ways
    expect(subnetworkBisection(mesh, [0, 1, 4, 5])).toBe(4); // a 2 × 2 block: two links
    expect(subnetworkBisection(mesh, [0, 15])).toMatch(/fall apart/);
    expect(subnetworkBisection(octagonNetwork(8, { perRouter: 2 }), [0, 15])).toMatch(/halves them/);
  });

  it('the fat Octagon reproduces the bounds Table 2 prints for 8-to-same-8 (7) and 16-to-16 (15)', () => {
    const fat = octagonNetwork(8, { perRouter: 2 });
    const same8 = estimate(paperMnsEstimate(fat, communicationOf('mns', 16, 0, range(0, 7), range(0, 7))));
    expect(same8).toMatchObject({ case: 'b', b2: 4, value: 7 });
    const all16 = estimate(paperMnsEstimate(fat, communicationOf('aas', 16, 0, [], [])));
    expect(all16).toMatchObject({ case: 'b', b2: 8, value: 15 });
    expect(paperMnsEstimate(fat, communicationOf('mns', 16, 0, range(0, 7), range(8, 15)))).toMatch(
      /share no processor/,
    );
    expect(paperMnsEstimate(fat, communicationOf('mnb', 16, 0, range(0, 7), range(0, 7)))).toMatch(
      /broadcast/,
    );
  });

  it('case a on a mesh: every width measured, the sum of the paper’s two groups', () => {
    const e = estimate(
      paperMnsEstimate(meshNetwork(4, 4), communicationOf('mns', 16, 0, range(0, 8), range(5, 15))),
    );
    expect(e).toMatchObject({ case: 'a', M: 9, N: 11, Q: 4 });
    expect(e.value).toBe(
      Math.max(e.terms[0].value, e.terms[1].value) + Math.max(e.terms[2].value, e.terms[3].value),
    );
    // T ∩ R = {5, 6, 7, 8}: routers 5, 6, 7 are a path and 8 has no link to them, so each split into
    // two and two cuts one link of the path: 2 channels.
    expect(e.b3).toBe(2);
  });
});

describe('the estimate beside the bounds in a run’s formula rows', () => {
  const run9to11 = () =>
    run(
      'noc-scatter',
      { ...defaultsOf(nocScatterCard.params), pattern: 'mns', senders: '0-8', receivers: '5-15' },
      CLI_LIMITS,
    );

  it('shows eq. (6) with its widths, and says it is no lower bound when a verified schedule beats it', () => {
    const r = run9to11();
    expect(r.report.ok).toBe(true);
    const row = r.formulas.find((f) => f.id === 'paper-mns')!;
    expect(row.source).toBe('NoC paper, eq. (6)');
    expect(row.formula).toBe(
      estimate(
        paperMnsEstimate(
          octagonNetwork(8, { perRouter: 2 }),
          communicationOf('mns', 16, 0, range(0, 8), range(5, 15)),
        ),
      ).value,
    );
    expect(row.note).toMatch(/b₁ = \d+, b₂ = \d+, b₃ = \d+/);
    // Our constructive schedule has 12 steps against the estimate's 16 (terms 5, 7, 9, 3).
    expect(r.summary.steps).toBeLessThan(row.formula);
    expect(row.note).toMatch(/not a lower bound/);
    // It never enters the bounds a schedule is held to.
    const steps = r.formulas.find((f) => f.id === 'steps')!;
    expect(steps.formula).toBeLessThanOrEqual(r.summary.steps);
  });

  it('has no row for broadcasts or for sets with nothing in common', () => {
    const other = run('noc-scatter', defaultsOf(nocScatterCard.params), CLI_LIMITS); // 8 to the other 8
    expect(other.formulas.some((f) => f.id === 'paper-mns')).toBe(false);
  });
});

describe('the first-step bound for broadcasts (ours)', () => {
  const bound = (net: ReturnType<typeof meshNetwork>, T: number[], R: number[]) =>
    lowerBounds(net, communicationOf('mnb', net.procRouter.length, 0, T, R)).find(
      (b) => b.id === 'bound-first-step',
    );

  it('counts by hand: top half to bottom half of a 4 × 4 mesh crosses 4 links, so 8 receivers need 9 steps', () => {
    const b = bound(meshNetwork(4, 4), range(0, 7), range(8, 15));
    expect(b?.value).toBe(9);
    expect(b?.why).toMatch(/at most 4 can be reached/);
  });

  it('Table 2: on the fat Octagon the senders’ routers reach at most 7 of the 8 outside receivers', () => {
    const fat = octagonNetwork(8, { perRouter: 2 });
    expect(bound(fat, range(0, 7), range(8, 15))?.value).toBe(9);
    expect(bound(fat, range(0, 7), range(0, 15))?.value).toBe(9);
    // Every receiver a sender, or enough room: no such bound.
    expect(bound(fat, range(0, 7), range(0, 7))).toBeUndefined();
    expect(bound(meshNetwork(4, 4), [0, 5, 10, 15], [1, 2, 3, 4])).toBeUndefined();
  });
});
