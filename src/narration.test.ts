import { describe, expect, it } from 'vitest';
import { defaultsOf } from './kernel/params/schema';
import { CLI_LIMITS } from './limits';
import { run } from './run';
import { stepFacts } from './result';
import { ALGORITHMS, findAlgorithm } from './registry';
import type { ParamValue } from './kernel/params/schema';

function narrate(id: string, nodes: number, wavelengths: number, step: number): string {
  const spec = findAlgorithm(id)!;
  const p = { ...defaultsOf(spec.params), nodes, wavelengths };
  return spec.narrate(p, stepFacts(run(id, p, CLI_LIMITS), step));
}

/** Expects the narration of step `step` of `id` (N nodes, w wavelengths) to contain every phrase. */
function says(id: string, nodes: number, wavelengths: number, step: number, ...phrases: string[]) {
  const text = narrate(id, nodes, wavelengths, step);
  for (const phrase of phrases)
    expect(text, `${id}, N = ${nodes}, w = ${wavelengths}, step ${step}`).toContain(phrase);
}

describe('narration', () => {
  it('Ring: what moves, on which wavelength, and what every node then holds', () => {
    // Step 3: node 0 forwards the block it got in step 2, which started at node 7 − 1 = 6.
    says('ring-allgather', 8, 4, 3, 'node 0 sends block 6 to node 1', 'λ0', 'every node holds 4 of 8 blocks');
    says('ring-allgather', 8, 4, 7, 'every node holds 8 of 8 blocks');
  });

  it('Neighbor Exchange: pairing, then alternating sides with two wavelengths', () => {
    says('neighbor-exchange', 8, 4, 1, 'every node holds 2 of 8 blocks');
    const alternating = [
      'even nodes to the left',
      'one block on λ0 and one on λ1',
      'every node holds 4 of 8 blocks',
    ];
    says('neighbor-exchange', 8, 4, 2, ...alternating);
    says('neighbor-exchange', 8, 1, 2, 'both blocks on one lightpath');
  });

  it('Neighbor Exchange with odd N narrates the relay', () => {
    // After t relay steps a node holds its own block and t on each side: 1 + 2·2 = 5.
    says('neighbor-exchange', 7, 2, 2, 'relay', 'every node holds 5 of 7 blocks');
  });
});

/** Every word the narrations count things with, after a count of one: each must be singular there. */
const ONE_OF_MANY =
  /(?<![\d.,−-])1 (steps|messages|private messages|violations|transfers|blocks|half-blocks|phases|hops|router hops|lightpaths|direct lightpaths|transmissions|senders|receivers|ports|nodes|processors|circuits|wavelengths|links|packets)\b/;

/** The start and every step of a run, in words. */
function allWords(id: string, over: Record<string, ParamValue>): string[] {
  const spec = findAlgorithm(id)!;
  const p = { ...defaultsOf(spec.params), ...over };
  const r = run(id, p, CLI_LIMITS);
  const out = [spec.narrateStart?.(p, r.schedule.stepCount) ?? ''];
  for (let s = 1; s <= r.schedule.stepCount; s++) out.push(spec.narrate(p, stepFacts(r, s)));
  return out;
}

describe('narration counts', () => {
  // Small runs, where counts of one happen: one step, one message, one port, one hop.
  const SMALL: [string, Record<string, ParamValue>][] = [
    ['star-scatter', { nodes: 4, 'wavelengths-per-node': 3 }],
    ['star-gather', { nodes: 4, 'wavelengths-per-node': 3 }],
    ['star-broadcast', { nodes: 4, 'wavelengths-per-node': 3, messages: 1, variant: 'naive' }],
    ['star-gossip', { nodes: 4, 'wavelengths-per-node': 3, messages: 1 }],
    ['star-multiscatter', { nodes: 4, 'wavelengths-per-node': 3 }],
    ['ring-allgather', { nodes: 2 }],
    ['one-stage', { nodes: 2 }],
    ['direct-alltoall', { nodes: 2 }],
    ['mesh-allreduce', { side: 2, method: 'direct', root: 0 }],
    // Two processors on one router (placed together): one message, inside its router.
    [
      'noc-scatter',
      {
        network: 'mesh',
        rows: 2,
        cols: 2,
        'per-router': 2,
        placement: 'together',
        pattern: 'mns',
        senders: '0',
        receivers: '1',
        method: 'constructive',
      },
    ],
  ];

  it('a count of one takes the singular; a route inside one router is not "0 router hops"', () => {
    for (const [id, over] of SMALL)
      for (const text of allWords(id, over)) {
        expect(text, id).not.toMatch(ONE_OF_MANY);
        expect(text, id).not.toMatch(/\b0 router hops\b/);
      }
    const noc = allWords('noc-scatter', SMALL[SMALL.length - 1][1]);
    expect(noc[0]).toContain(
      '1 sender has 1 private message for 1 receiver. In 1 step every message arrives',
    );
    expect(noc[1]).toContain('inside the router they share');
    expect(allWords('star-scatter', SMALL[0][1])[0]).toContain('delivers them in 1 step,');
  });

  it("every algorithm's words at its defaults count in the singular for one", () => {
    for (const spec of ALGORITHMS)
      for (const text of allWords(spec.id, {})) expect(text, spec.id).not.toMatch(ONE_OF_MANY);
  });

  it('counts of thousands are written with separators', () => {
    expect(allWords('star-scatter', { nodes: 4096 })[0]).toContain('Node 0 holds 4,096 messages');
    const ring = allWords('ring-allgather', { nodes: 1024 });
    expect(ring[1]).toContain('every node holds 2 of 1,024 blocks');
    expect(allWords('star-multiscatter', { nodes: 1024 })[0]).toContain('Each of the 1,024 nodes');
  });
});
