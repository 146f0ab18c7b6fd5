import type { TryLink } from './share-link';

/**
 * Ready-made exercises, one or more per model, as a lecture or an exercise sheet would set them. Any
 * other configuration of an exercise algorithm (exercise.ts, EXERCISE_ALGORITHMS) within the sizes
 * of TRY_SIZES is an exercise too; these are starting points. Plain data: the page's main thread
 * may list them.
 */
export interface ExercisePreset {
  id: string;
  /** The task, as set on a sheet. */
  title: string;
  exercise: TryLink['exercise'];
}

export const EXERCISE_PRESETS: readonly ExercisePreset[] = [
  {
    id: 'ring-4-textbook',
    title: 'All-gather on a ring of 4 nodes, each sending and receiving one block per step',
    exercise: {
      algorithm: 'ring-allgather',
      params: { nodes: '4', wavelengths: '1' },
      rules: { onePort: true, oneBlock: true },
    },
  },
  {
    id: 'ring-6-w2',
    title: 'All-gather of 6 nodes on a WDM ring with 2 wavelengths',
    exercise: { algorithm: 'one-stage', params: { nodes: '6', wavelengths: '2' }, rules: {} },
  },
  {
    id: 'star-9-scatter',
    title: 'Scatter from node 0 to 8 others through a passive star, 2 wavelengths per node',
    exercise: { algorithm: 'star-scatter', params: { nodes: '9', 'wavelengths-per-node': '2' }, rules: {} },
  },
  {
    id: 'circuit-9-alltoall',
    title: 'All-to-all among 9 nodes on an optical circuit switch, choosing the circuits of each step',
    exercise: { algorithm: 'retri', params: { nodes: '9' }, rules: {} },
  },
  {
    id: 'mesh-4-allreduce',
    title: 'All-reduce on a 4 × 4 mesh without counting anything twice',
    exercise: { algorithm: 'mesh-allreduce', params: { side: '4' }, rules: {} },
  },
  {
    id: 'mesh-corner-broadcast',
    title: 'Broadcast from the corner of a 4 × 4 mesh network-on-chip',
    exercise: {
      algorithm: 'noc-broadcast',
      params: { network: 'mesh', rows: '4', cols: '4', 'per-router': '1', pattern: 'oab', root: '0' },
      rules: {},
    },
  },
  {
    id: 'octagon-scatter',
    title: '8 processors scatter to the other 8 on the Octagon without a conflict',
    exercise: { algorithm: 'noc-scatter', params: {}, rules: {} },
  },
];

export function findPreset(id: string): ExercisePreset | undefined {
  return EXERCISE_PRESETS.find((p) => p.id === id);
}
