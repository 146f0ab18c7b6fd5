import type { StepFacts } from '../../kernel/spec';
import { plural } from '../../kernel/util/units';

/** "Afterwards each partial combines between 1 and 16 of 256 contributions." — from the replay's counts. */
export function combinedSentence(f: StepFacts): string {
  return f.minHeld === f.maxHeld
    ? f.minHeld === f.blockCount
      ? 'Afterwards every processor holds the complete result.'
      : `Afterwards every partial combines ${f.minHeld.toLocaleString('en-US')} of ${f.blockCount.toLocaleString('en-US')} contributions.`
    : `Afterwards each partial combines between ${f.minHeld.toLocaleString('en-US')} and ${f.blockCount === f.maxHeld ? 'all' : f.maxHeld.toLocaleString('en-US')} of ${f.blockCount.toLocaleString('en-US')} contributions.`;
}

/**
 * One step of a mesh or OTIS-Mesh all-reduce, in plain words. On an OTIS-Mesh of groups of
 * `groupSize` processors, processors are named as the paper does, (group, processor).
 */
export function narrateAllReduce(f: StepFacts, groupSize = 0): string {
  const name = (v: number) =>
    groupSize > 0 ? `(G${Math.floor(v / groupSize)}, ${v % groupSize})` : String(v);
  const one = f.transfers === 1;
  const many = one ? 'one message' : plural(f.transfers, 'message');
  const [cross, carry] = one ? ['crosses', 'carries'] : ['cross', 'carry'];
  const ex = f.examples[0];
  const example = ex
    ? ` For example, processor ${name(ex.from)} sends to ${name(ex.to[0])} over ${plural(ex.hops, 'hop')}.`
    : '';
  const what = f.phase.startsWith('optical')
    ? `${many} ${cross} the optical transpose links.`
    : f.phase.startsWith('distribute')
      ? `${many} ${carry} the complete result onwards (it replaces whatever partial the receiver had).`
      : `${many} ${carry} partial results; each receiver folds what it gets into its own.`;
  return `Step ${f.step} of ${f.stepCount} (${f.phase}): ${what}${example} ${combinedSentence(f)}`;
}
