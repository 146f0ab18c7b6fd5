import { describe, expect, it } from 'vitest';
import { briefNarration } from './briefNarration';

describe('a compare pane’s words', () => {
  it('the first sentence in full, without the step the title names', () => {
    expect(
      briefNarration(
        'Step 3 of 62 (reduce in groups): 15 messages carry partial results; each receiver folds what it gets into its own. For example, processor 1 sends to 10 over 3 hops. Afterwards …',
      ),
    ).toBe('15 messages carry partial results; each receiver folds what it gets into its own.');
    expect(
      briefNarration('Step 1 of 1,024: one message reaches its receiver. Longest path: 2 router hops.'),
    ).toBe('One message reaches its receiver.');
    // "Fig. 1", numbers and abbreviations do not end a sentence.
    expect(
      briefNarration('As in Fig. 1 of the paper, node 0 sends 1.5 blocks to e.g. node 3. Then more.'),
    ).toBe('As in Fig. 1 of the paper, node 0 sends 1.5 blocks to e.g. node 3.');
    expect(briefNarration('Stage 1 of 2: nodes exchange. Afterwards every node holds 4 of 16 blocks.')).toBe(
      'Stage 1 of 2: nodes exchange.',
    );
    expect(briefNarration('No full stop here')).toBe('No full stop here');
    // The phase that leads the pane's words is not said twice.
    expect(briefNarration('Stage 1 of 2: nodes exchange. Afterwards more.', 'stage 1')).toBe(
      'Nodes exchange.',
    );
    expect(briefNarration('Phase 0: every node sends. Then.', 'phase 0')).toBe('Every node sends.');
    expect(briefNarration('Phase 0 is quiet. Then.', 'phase 0')).toBe('Phase 0 is quiet.');
  });
});
