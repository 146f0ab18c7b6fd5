import { NOC_PAPER } from './paper';
import type { Family } from '../../family';
import { NOC_CARDS } from './cards';
import { NOC } from './interconnect';
import { NOC_FIG3, NOC_TABLE2 } from './noc-repro.card';
import { NOC_SCENES } from './scenes';
import { processorCount } from './noc-params';

/** Networks-on-chip (the NoC paper's scatter and broadcast, searched). Its engine: engine.ts. */
export const NOC_FAMILY = {
  kind: 'noc',
  interconnect: NOC,
  papers: [NOC_PAPER],
  cards: NOC_CARDS,
  sweeps: [],
  checks: [NOC_TABLE2, NOC_FIG3],
  scenes: NOC_SCENES,
  notes: {
    ids: ['noc'],
    byAlgorithm: Object.fromEntries(NOC_CARDS.map((c) => [c.id, ['noc']])),
  },
  trySize: { processors: 64, words: 'a network-on-chip', processorsAsked: processorCount },
} as const satisfies Family;
