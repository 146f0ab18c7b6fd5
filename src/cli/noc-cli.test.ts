import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReproRow } from '../kernel/experiment';
import { setLpSolver, type LpSolution } from '../kernel/lp';
import { idsOfRanges } from '../kernel/params/schema';
import { bindingBound, lowerBounds } from '../families/noc/noc-bounds';
import { octagonNetwork, type Placement } from '../families/noc/noc-network';
import { communicationOf } from '../families/noc/noc-patterns';
import { NOC_FIG3 } from '../families/noc/noc-repro.card';
import { execute } from './commands';

// The network-on-chip family through the command line: its paper checks and help, and the model
// note (docs/models/noc.md) against what they compute.

const doc = readFileSync(fileURLToPath(new URL('../../docs/models/noc.md', import.meta.url)), 'utf8');
const cli = (...argv: string[]) => execute(argv, { readText: () => '' });
const out = (r: ReturnType<typeof cli>) => [...r.out].join('');
const reproduce = (id: string) => JSON.parse(out(cli('reproduce', id))) as ReproRow[];

/** The rows of the Markdown table whose header line has all of `words`, as cells (bold marks dropped). */
function table(...words: string[]): string[][] {
  const lines = doc.split('\n');
  const at = lines.findIndex((l) => l.startsWith('|') && words.every((w) => l.includes(w)));
  expect(at).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (let i = at + 2; i < lines.length && lines[i].startsWith('|'); i++)
    rows.push(
      lines[i]
        .split('|')
        .slice(1, -1)
        .map((c) => c.replace(/\*\*/g, '').trim()),
    );
  return rows;
}

const CASES = [
  ['0-7', '0-7'],
  ['0-7', '8-15'],
  ['0-7', '0-15'],
  ['0-15', '0-15'],
] as const;

describe('docs/models/noc.md says what the app computes', () => {
  it('the placement table: every broadcast / scatter bound is the binding bound `bounds` gives', () => {
    const readings: Record<string, Placement> = {
      consecutive: 'together',
      shifted: 'shifted',
      opposite: 'opposite',
    };
    const rows = table('reading', '8 to same 8').filter((r) => r[0].split(' ')[0] in readings);
    expect(rows).toHaveLength(3);
    for (const [name, ...cells] of rows) {
      const net = octagonNetwork(8, { perRouter: 2, placement: readings[name.split(' ')[0]] });
      CASES.forEach(([t, r], i) => {
        const bound = (pattern: 'mnb' | 'mns') =>
          bindingBound(lowerBounds(net, communicationOf(pattern, 16, 0, idsOfRanges(t), idsOfRanges(r))))
            .value;
        expect(cells[i], `${name}, ${t} to ${r}`).toBe(`${bound('mnb')} / ${bound('mns')}`);
      });
    }
  });
});

describe('help: --detour', () => {
  it('says the 7-step “8 to the same 8” needs detour 1 and Fig. 3 detour 2', () => {
    const help = out(cli('help', 'noc-scatter'));
    expect(help).toMatch(
      /--detour[^\n]*\n[^\n]*“8 to the same 8” needs 1 \(the Octagon has odd cycles\); its Fig\. 3 needs 2/,
    );
  });
});

describe('the paper check noc-table2', () => {
  let rows: ReproRow[] = [];
  beforeAll(() => {
    rows = reproduce('noc-table2');
  }, 600_000);
  const row = (label: string) => {
    const r = rows.find((x) => x.label === label);
    expect(r, label).toBeDefined();
    return r!;
  };

  it('all 16 to all 16: shows the best the app reaches (16, not 17) and how: method, seed, moves, time', () => {
    const r = row('all 16 to all 16, MNS: upper bound (a schedule found)');
    expect(r.constructed).toBe(16);
    expect(r.note).toMatch(
      /^Ours: hybrid search, seed 7, at most 2,000,000 moves: found within [\d,]+ moves \([\d.]+ s on the machine that ran this check\)/,
    );
    expect(r.open?.algorithm).toBe('noc-scatter');
    expect(r.open?.params).toMatchObject({ seed: 7, method: 'hybrid', senders: '0-15', receivers: '0-15' });
  });

  it('beside the paper’s 8 for the two broadcasts, the three readings that reach it, one link each', () => {
    const docRows = table('reading', 'parameter');
    for (const label of ['8 to the other 8', '8 to all 16']) {
      expect(row(`${label}, MNB: upper bound (a schedule found)`).constructed).toBe(9);
      const readings = rows.filter((r) => r.label.startsWith(`${label}, MNB, reading`));
      expect(readings.map((r) => r.label.replace(/^.*— /, ''))).toEqual([
        'messages combine: steps',
        'the “opposite” placement: steps',
        'two ports: steps',
      ]);
      readings.forEach((r, i) => {
        expect(r.paper).toBe(8);
        expect(r.constructed!).toBeLessThanOrEqual(8);
        // The docs' table of readings gives the same steps.
        expect(docRows[i][label === '8 to the other 8' ? 2 : 3], `${label}, reading ${i + 1}`).toBe(
          String(r.constructed),
        );
      });
      expect(readings.map((r) => r.open?.params)).toEqual([
        expect.objectContaining({ combine: 'yes' }),
        expect.objectContaining({ placement: 'opposite' }),
        expect.objectContaining({ ports: 2 }),
      ]);
    }
  });

  it('Table 2’s footnote: 7 steps with routes only 1 hop longer', () => {
    const r = row('8 to the same 8, MNS, routes up to 1 hop longer: upper bound (Table 2, footnote *)');
    expect(r.constructed).toBe(7);
    expect(r.open?.params).toMatchObject({ detour: 1 });
    expect(rows.some((x) => /detour = 2/.test(x.note ?? ''))).toBe(false);
  });
});

describe('the paper check noc-fig3', () => {
  beforeAll(async () => {
    const { default: load } = await import('highs');
    const highs = await load();
    setLpSolver((lp, o) => highs.solve(lp, o) as LpSolution);
  });

  it('shows a 5-step schedule with exactly one longer route, and says so; shortest routes need 6', () => {
    const rows = reproduce('noc-fig3');
    // The command line (and the page's worker) load the solver for this check.
    expect(NOC_FIG3.solver).toBe(true);
    expect(rows.map((r) => r.constructed ?? r.computed)).toEqual([5, 6, 5, 1]);
    expect(rows[3].note).toMatch(
      /^Counted on the verified schedule: 1 of its 15 messages takes a route longer/,
    );
    expect(rows[2].open?.params).toMatchObject({ method: 'exact', detour: 2 });
    expect(rows.some((r) => /several|6 longer|one longer route and/.test(r.note ?? ''))).toBe(false);
  }, 300_000);
});
