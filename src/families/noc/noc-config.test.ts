import { describe, expect, it } from 'vitest';
import { decodeConfig } from '../../config/url-codec';
import { parseRefusal, withDefaults } from '../../kernel/config.test-util';
import type { ParamValues } from '../../kernel/params/schema';
import type { AlgorithmCard } from '../../kernel/spec';
import type { NocConfig } from './noc-config';
import { nocBroadcastCard, nocScatterCard } from './noc.card';

/** The issues `parse` throws for the card's defaults with `extra` over them. */
const refusal = (card: AlgorithmCard<NocConfig>, extra: ParamValues) =>
  parseRefusal(card, withDefaults(card, extra));

const BROADCAST = nocBroadcastCard;
const SCATTER = nocScatterCard;

describe('a NoC card parses its parameters into a NocConfig, refusing bad ones by name and limit', () => {
  it('reads the network, the communication, the search settings and the seed once', () => {
    const c = SCATTER.parse(withDefaults(SCATTER, { seed: 4242, method: 'anneal', detour: 1 }));
    expect(c.network.procRouter.length).toBe(16);
    expect(c.communication.senders).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(c.communication.receivers).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    expect(c).toMatchObject({ method: 'anneal', seed: 4242, detour: 1, moves: 2_000_000, timeLimit: 20 });
    expect(BROADCAST.parse(withDefaults(BROADCAST, { combine: 'yes' })).combine).toBe(true);
  });

  it.each([
    ['network', 'ring', 'one of octagon, mesh, torus, hypercube, custom', SCATTER],
    ['rows', 1, 'from 2 to 16', SCATTER],
    ['cols', 17, 'from 2 to 16', BROADCAST],
    ['dimension', 9, 'from 1 to 8', SCATTER],
    ['routers', 65, 'from 2 to 64', BROADCAST],
    ['links', '0,64', 'each from 0 to 63', SCATTER],
    ['per-router', 5, 'from 1 to 4', SCATTER],
    ['placement', 'apart', 'one of shifted, together, opposite', BROADCAST],
    ['detour', 5, 'from 0 to 4', SCATTER],
    ['ports', 0, 'from 1 to 4', BROADCAST],
    ['pattern', 'oab', 'one of oas, aas, mns', SCATTER],
    ['root', 1024, 'from 0 to 1,023', SCATTER],
    ['senders', '0-1024', 'ids from 0 to 1,023', SCATTER],
    ['receivers', '', 'ids from 0 to 1,023', BROADCAST],
    ['method', 'exact', 'one of constructive, anneal, hybrid', BROADCAST],
    ['moves', 999, 'from 1,000 to 100,000,000', SCATTER],
    ['time-limit', 0, 'from 0.1 to 3,600', SCATTER],
    ['seed', -1, 'from 0 to 2,147,483,647', BROADCAST],
    ['message-bytes', 0, 'from 1 to', SCATTER],
    ['startup-us', -1, 'from 0 to 1,000,000', SCATTER],
    ['hop-us', 2e6, 'from 0 to 1,000,000', BROADCAST],
    ['byte-ns', -1, 'from 0 to 1,000,000', SCATTER],
    ['combine', 'maybe', 'one of no, yes', BROADCAST],
  ] as const)('refuses %s = %s, naming its bounds (%s)', (key, value, bounds, card) => {
    const [issue, ...more] = refusal(card, { [key]: value });
    expect(more).toEqual([]);
    expect(issue.key).toBe(key);
    expect(issue.message).toContain(`(${key}) must be`);
    expect(issue.message).toContain(bounds);
  });

  it('refuses a missing parameter by name', () => {
    const { moves: _, ...p } = withDefaults(SCATTER, {});
    expect(parseRefusal(SCATTER, p)).toEqual([{ key: 'moves', message: 'moves is missing' }]);
  });

  it('keeps the rules across parameters, with the messages the command line shows', () => {
    expect(refusal(SCATTER, { routers: 10 })).toEqual([
      { key: 'routers', message: 'an Octagon ring has a multiple of 4 routers (8, 12, 16, …), not 10' },
    ]);
    expect(refusal(SCATTER, { pattern: 'oas', root: 16 })).toEqual([
      { key: 'root', message: 'root must be a processor of the network: 0 to 15' },
    ]);
    expect(refusal(BROADCAST, { senders: '0-20' })).toEqual([
      { key: 'senders', message: 'senders must be processors of the network, 0 to 15; 16 is not.' },
    ]);
    expect(refusal(BROADCAST, { combine: 'yes', network: 'mesh', rows: 16, cols: 16 })[0]).toMatchObject({
      key: 'combine',
    });
    expect(refusal(SCATTER, { senders: '3', receivers: '3' })).toEqual([
      { key: 'receivers', message: 'no message to send: every receiver is the only sender' },
    ]);
    expect(refusal(SCATTER, { network: 'custom', routers: 3, links: '0,1,1,5' })[0]).toMatchObject({
      key: 'links',
    });
  });

  it('takes the seed of a shared link and a fresh one for a new link', () => {
    for (const card of [SCATTER, BROADCAST]) {
      const shared = decodeConfig(`?v=2&alg=${card.id}&method=constructive&seed=12345`).config.params;
      expect(card.parse(shared).seed, card.id).toBe(12345);
      // Five new links: drawn seeds (0 to 2³¹ − 1), not all alike, each the one the run uses.
      const fresh = Array.from({ length: 5 }, () => {
        const p = decodeConfig(`?v=2&alg=${card.id}&method=constructive`).config.params;
        expect(card.parse(p).seed).toBe(p.seed);
        return p.seed;
      });
      expect(new Set(fresh).size, card.id).toBeGreaterThan(1);
    }
  });
});
