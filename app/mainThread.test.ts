import { describe, expect, it } from 'vitest';
import { importsOf as importsOfModule } from './importGraph';

/**
 * The page's main thread must not carry a schedule builder, the verifier or the replay: they run in
 * the worker (docs/architecture.md, "Cards and engines"). ESLint's `no-restricted-imports` stops
 * the direct imports; this test follows every import, so an indirect one (a card that pulls in a
 * builder through a helper) fails here. Sources come in as text through Vite's glob import.
 */
const SOURCES = import.meta.glob(['/app/**/*.{ts,tsx}', '/src/**/*.ts', '!**/*.test.ts', '!/src/cli/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** The modules that build, verify or replay schedules, and the registries that list them. */
const ENGINE_CORES = [
  '/src/kernel/model/schedule-builder.ts',
  '/src/kernel/verify/verifier.ts',
  '/src/kernel/replay/replay.ts',
  '/src/kernel/format/schedule-import.ts',
  '/src/registry.ts',
  '/src/experiments/registry.ts',
  '/src/run.ts',
];

/**
 * What the views state or draw per step that is counted once per schedule in the worker, with the
 * result (the spectrum's busy slots, the narration's step statistics): the page only reads it.
 * Counted on the page, a big star's spectrum froze it for seconds.
 */
const WORKER_COUNTS = ['/src/kernel/model/step-stats.ts', '/src/kernel/model/spectrum-counts.ts'];
/**
 * The circuit switch's blocks per circuit: counted by its interconnect's `extras` in the worker. The
 * interconnects are shared with the page, so the page reaches this module; no view may call it.
 */
const CIRCUIT_LOADS = '/src/families/circuit/circuit-loads.ts';

/** The value imports of a module (type-only ones are erased), resolved to source paths. */
const importsOf = (file: string): string[] =>
  importsOfModule(SOURCES, file)
    .filter((e) => !e.typeOnly)
    .map((e) => e.to);

/** Every module reachable from `entry`, each with the module that first imported it. */
function reach(entry: string): Map<string, string | null> {
  const seen = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const f = queue.shift()!;
    for (const g of importsOf(f))
      if (!seen.has(g)) {
        seen.set(g, f);
        queue.push(g);
      }
  }
  return seen;
}

function chain(seen: Map<string, string | null>, f: string): string {
  const out: string[] = [];
  for (let at: string | null = f; at; at = seen.get(at) ?? null) out.push(at);
  return out.join(' ← ');
}

describe('the main thread carries no schedule engine', () => {
  it('reads every source file it names', () => {
    for (const f of [...ENGINE_CORES, ...WORKER_COUNTS, CIRCUIT_LOADS])
      expect(SOURCES[f], f).toBeTypeOf('string');
    expect(SOURCES['/app/main.tsx']).toBeTypeOf('string');
  });

  it('finds the engine from the worker, so the walk can see one', () => {
    const worker = reach('/app/worker/core.worker.ts');
    for (const f of [
      '/src/registry.ts',
      '/src/kernel/verify/verifier.ts',
      '/src/kernel/model/schedule-builder.ts',
    ])
      expect(worker.has(f), f).toBe(true);
  });

  it('reaches the cards, the interconnects and the experiment catalogue, and none of the engine', () => {
    const page = reach('/app/main.tsx');
    for (const f of ['/src/cards.ts', '/src/interconnects.ts', '/src/experiments/catalogue.ts'])
      expect(page.has(f), f).toBe(true);
    const found = ENGINE_CORES.filter((f) => page.has(f)).map((f) => chain(page, f));
    expect(found).toEqual([]);
  });

  it('leaves the per-step counts to the worker: the spectrum, the step statistics, the circuit loads', () => {
    const worker = reach('/app/worker/core.worker.ts');
    for (const f of [...WORKER_COUNTS, CIRCUIT_LOADS]) expect(worker.has(f), f).toBe(true);
    const page = reach('/app/main.tsx');
    expect(WORKER_COUNTS.filter((f) => page.has(f)).map((f) => chain(page, f))).toEqual([]);
    const views = Object.keys(SOURCES).filter((f) => f.startsWith('/app/'));
    expect(views.filter((f) => importsOf(f).includes(CIRCUIT_LOADS))).toEqual([]);
  });
});
