import { blockCountOf, type Schedule } from '../kernel/model/schedule';
import type { Attempt } from './attempt';
import type { TryViolation } from './explain';
import { transferLabel, type Naming } from './try-names';

/**
 * The one rule "Try it" adds to the verifier's (the kernel verifier is not changed): in an exercise
 * whose model says so (a textbook ring, a network-on-chip) a transfer carries one block.
 */

/** Transfers of a schedule that carry more than one block. */
export function oneBlockFaults(s: Schedule): number {
  let k = 0;
  for (let t = 0; t < s.transferCount; t++) if (blockCountOf(s, t) > 1) k++;
  return k;
}

/** The attempt's transfers that carry more than one block, in words. */
export function oneBlockViolations(x: Naming, a: Attempt, steps: number): TryViolation[] {
  const out: TryViolation[] = [];
  for (let s = 0; s < steps; s++)
    a.steps[s].transfers.forEach((t, i) => {
      if (t.blocks.length > 1)
        out.push({
          rule: 'one-block',
          step: s,
          index: i,
          sentence: `${capital(transferLabel(x, s, i))} carries ${t.blocks.length} blocks; in this exercise a ${x.kind === 'wdm-ring' ? 'lightpath' : 'message'} carries one.`,
        });
    });
  return out;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
