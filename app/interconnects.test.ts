import { describe, expect, it } from 'vitest';
import { ALGORITHM_CARDS } from '../src/cards';
import { defaultsOf } from '../src/kernel/params/schema';
import { CLI_LIMITS } from '../src/limits';
import { findAlgorithm } from '../src/registry';
import { run } from '../src/run';
import { INTERCONNECTS } from '../src/interconnects';
import { INTERCONNECT_UI, interconnectUi } from './interconnects';
import { GraphView } from './views/GraphView';
import { RingView } from './families/ring/RingView';

describe('interconnect views', () => {
  it('every model the core knows has its views, and nothing else is listed', () => {
    expect(Object.keys(INTERCONNECT_UI).sort()).toEqual(Object.keys(INTERCONNECTS).sort());
  });

  it('an unknown model gets the generic graph view, never the ring', () => {
    expect(interconnectUi('octagon').View).toBe(GraphView);
    expect(interconnectUi('octagon').Panels).toBeNull();
    expect(interconnectUi('wdm-ring').View).toBe(RingView);
    expect(interconnectUi('generic').View).toBe(GraphView);
  });

  it("an algorithm that asks for its family's tree gets one; the star's TCP1 algorithms ask", () => {
    for (const card of ALGORITHM_CARDS)
      if (card.panels?.includes('tree')) expect(interconnectUi(card.topology).Tree, card.id).not.toBeNull();
    const asking = ALGORITHM_CARDS.filter((c) => c.panels?.includes('tree')).map((c) => c.id);
    expect(asking).toEqual(['star-scatter', 'star-gather', 'star-broadcast']);
    expect(ALGORITHM_CARDS.filter((c) => c.panels?.includes('tradeoff')).map((c) => c.id)).toEqual([
      'star-broadcast',
    ]);
  });

  it('every family names its legend (what compare panes open on demand), in the words of its pictures', () => {
    const cases: [string, Record<string, number | string>, RegExp][] = [
      ['ring-allgather', {}, /clockwise fibre/],
      ['star-scatter', {}, /received/],
      ['retri', { nodes: 9 }, /blocks sent right/],
      ['otis-allreduce', {}, /electronic message/],
      ['noc-scatter', {}, /sender/],
    ];
    for (const [id, extra, words] of cases) {
      const spec = findAlgorithm(id)!;
      const r = run(id, { ...defaultsOf(spec.params), ...extra }, CLI_LIMITS);
      const entries = interconnectUi(r.topology.kind).legend(r, 1);
      expect(entries.length, id).toBeGreaterThan(1);
      expect(entries.map((e) => e.label).join(' · '), id).toMatch(words);
    }
  });
});
