/**
 * The NoC scatter searches in Node: for each case, the constructive schedule, then the hybrid search
 * (seed 1) with a time limit; reports the lower bound, the constructive steps, each better schedule
 * with the time it was found, and the best at the end. Prints Markdown to stdout.
 *
 *   npm run bench:noc
 *   npm run bench:noc -- --big      # also the 16 × 16 mesh (65,280 messages, 2 minutes)
 */
import { cpus, loadavg } from 'node:os';
import { runToEnd } from '../src/kernel/jobs';
import { annealSearch } from '../src/families/noc/noc-anneal';
import { bindingBound, lowerBounds } from '../src/families/noc/noc-bounds';
import { constructivePlan } from '../src/families/noc/noc-constructive';
import { meshNetwork, octagonNetwork, type NocNetwork } from '../src/families/noc/noc-network';
import { NocRoutes } from '../src/families/noc/noc-paths';
import { communicationOf, type Communication } from '../src/families/noc/noc-patterns';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

interface Case {
  label: string;
  net: NocNetwork;
  c: Communication;
  seconds: number;
  /** What the paper's Table 2 reports, when it reports this case. */
  paper?: number;
}

const fat = octagonNetwork(8, { perRouter: 2 });
const CASES: Case[] = [
  {
    label: 'fat Octagon, 8 to the same 8',
    net: fat,
    c: communicationOf('mns', 16, 0, range(0, 7), range(0, 7)),
    seconds: 2,
    paper: 10,
  },
  {
    label: 'fat Octagon, 8 to the other 8',
    net: fat,
    c: communicationOf('mns', 16, 0, range(0, 7), range(8, 15)),
    seconds: 2,
    paper: 10,
  },
  {
    label: 'fat Octagon, 8 to all 16',
    net: fat,
    c: communicationOf('mns', 16, 0, range(0, 7), range(0, 15)),
    seconds: 2,
    paper: 15,
  },
  {
    label: 'fat Octagon, all 16 to all 16',
    net: fat,
    c: communicationOf('aas', 16, 0, [], []),
    seconds: 2,
    paper: 17,
  },
  {
    label: 'slim Octagon, all-to-all',
    net: octagonNetwork(8),
    c: communicationOf('aas', 8, 0, [], []),
    seconds: 1,
  },
  {
    label: '8 × 8 mesh, all-to-all (4,032 messages)',
    net: meshNetwork(8, 8),
    c: communicationOf('aas', 64, 0, [], []),
    seconds: 30,
  },
];
const BIG: Case = {
  label: '16 × 16 mesh, all-to-all (65,280 messages)',
  net: meshNetwork(16, 16),
  c: communicationOf('aas', 256, 0, [], []),
  seconds: 120,
};

function measure(k: Case) {
  const t0 = performance.now();
  const routes = new NocRoutes(k.net);
  const start = constructivePlan(routes, k.c, 1);
  const constructiveMs = performance.now() - t0;
  const bound = bindingBound(lowerBounds(k.net, k.c)).value;
  const found: string[] = [];
  const deadline = performance.now() + k.seconds * 1000;
  const ctx = {
    progress: () => undefined,
    partial: () => undefined,
    get stopping() {
      return performance.now() > deadline;
    },
  };
  const best = runToEnd(
    annealSearch(routes, start, { seed: 1, chains: 4, lowerBound: bound, maxMoves: 1e12 }, ctx, {
      found: (p) => found.push(`${p.steps.length} at ${((performance.now() - t0) / 1000).toFixed(2)} s`),
    }),
  )!;
  return {
    bound,
    start: start.steps.length,
    constructiveMs,
    best: best.steps.length,
    found,
    totalS: (performance.now() - t0) / 1000,
  };
}

const cases = process.argv.includes('--big') ? [...CASES, BIG] : CASES;
console.log(
  `- Date: ${new Date().toISOString()}; CPU ${cpus()[0]?.model.trim()} × ${cpus().length}; Node ${process.version}; load before ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log('');
console.log(
  '| case (scatter, hybrid, seed 1) | bound | constructive (ms) | best | over bound | paper | better schedules found | limit |',
);
console.log('| --- | -: | -: | -: | -: | -: | --- | -: |');
for (const k of cases) {
  const m = measure(k);
  console.log(
    `| ${k.label} | ${m.bound} | ${m.start} (${m.constructiveMs.toFixed(0)}) | **${m.best}** | ${(((m.best - m.bound) / m.bound) * 100).toFixed(1)} % | ${k.paper ?? '–'} | ${m.found.join('; ') || 'none'} | ${k.seconds} s |`,
  );
}
