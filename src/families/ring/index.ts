import { OPTREE_PAPER } from './paper';
import type { Family } from '../../family';
import { RING_CARDS } from './cards';
import { WDM_RING } from './interconnect';
import { OPTREE_MOTIVATION, OPTREE_TABLE1, OPTREE_TABLE2, OPTREE_TABLE3 } from './optree/optree-repro.card';
import { OPTREE_SWEEPS } from './optree/optree-sweeps';
import { RING_SCENES } from './scenes';

/** What the WDM ring's algorithms share: eq. 3's time model and eqs. 4–9's optical constraints. */
const RING_NOTES = ['time-model', 'optical-constraints'] as const;

/** The WDM ring (OpTree paper and the ring algorithms it compares with). Its engine: engine.ts. */
export const RING_FAMILY = {
  kind: 'wdm-ring',
  interconnect: WDM_RING,
  papers: [OPTREE_PAPER],
  cards: RING_CARDS,
  sweeps: OPTREE_SWEEPS,
  checks: [OPTREE_TABLE1, OPTREE_TABLE2, OPTREE_TABLE3, OPTREE_MOTIVATION],
  scenes: RING_SCENES,
  notes: {
    ids: ['optree', 'one-stage', 'wrht', 'ring-allgather', 'neighbor-exchange', ...RING_NOTES],
    byAlgorithm: {
      'ring-allgather': ['ring-allgather', ...RING_NOTES],
      'neighbor-exchange': ['neighbor-exchange', ...RING_NOTES],
      'one-stage': ['one-stage', ...RING_NOTES],
      wrht: ['wrht', ...RING_NOTES],
      optree: ['optree', 'one-stage', ...RING_NOTES],
    },
  },
  trySize: { processors: 16, words: 'a WDM ring' },
} as const satisfies Family;
