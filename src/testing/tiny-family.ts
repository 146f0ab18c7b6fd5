import type { Family, FamilyEngine, FamilyTable } from '../family';
import { defaultsOf } from '../kernel/params/schema';
import type { Paper } from '../kernel/papers';
import { WDM_RING } from '../families/ring/interconnect';
import { ringAllgather } from '../families/ring/ring-allgather';
import { ringAllgatherCard } from '../families/ring/ring-allgather.card';
import type { AlgorithmCard, AlgorithmSpec } from '../kernel/spec';
import { cardOnParams, specOnParams } from '../kernel/config';
import type { RingConfig } from '../families/ring/ring-params';

/*
 * A family made for tests (src/add-a-family.test.ts): one card and one algorithm on an interconnect
 * of its own kind, 'tiny' — the ring's all-gather on a renamed network — so a test can add it to
 * FAMILIES and FAMILY_ENGINES, as a contributor would, and see it reach every registry.
 */

const TINY_CARD: AlgorithmCard<RingConfig> = {
  ...ringAllgatherCard,
  id: 'tiny-relay',
  name: 'Tiny relay',
  family: 'Tiny',
  topology: 'tiny',
};

const TINY_ALGORITHM: AlgorithmSpec<RingConfig> = {
  ...ringAllgather,
  ...TINY_CARD,
  build(c, watch) {
    const b = ringAllgather.build(c, watch);
    return { ...b, topology: { ...b.topology, kind: 'tiny' } };
  },
};

/** Its own paper (a made-up record: the tiny family exists only in tests). */
const TINY_PAPER: Paper = {
  key: 'tiny',
  file: 'tiny-relay.txt',
  title: 'A Tiny Relay',
  short: 'the tiny paper',
  authors: [],
  venue: null,
  year: null,
};

export const TINY_FAMILY: Family = {
  kind: 'tiny',
  interconnect: { ...WDM_RING, kind: 'tiny' },
  papers: [TINY_PAPER],
  cards: [cardOnParams(TINY_CARD)],
  sweeps: [],
  checks: [],
  scenes: [],
  notes: { ids: [], byAlgorithm: {} },
};

/** A command of its own: `tiny-table <id>` prints the relay's step count for that many nodes. */
const TINY_TABLE: FamilyTable = {
  command: 'tiny-table',
  help: "The tiny relay's steps for 3 or 5 nodes.",
  ids: ['three', 'five'],
  run(id, limits, runner) {
    const nodes = id === 'three' ? 3 : 5;
    const steps = runner.run('tiny-relay', { ...defaultsOf(TINY_CARD.params), nodes }, limits).report.checked
      .steps;
    return { json: { nodes, steps }, csv: `nodes,steps\n${nodes},${steps}\n` };
  },
};

export const TINY_ENGINE: FamilyEngine = {
  algorithms: [specOnParams(TINY_ALGORITHM)],
  checks: [],
  tables: [TINY_TABLE],
};
