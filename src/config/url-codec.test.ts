import { configIssues } from '../kernel/config';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, findAlgorithm } from '../registry';
import {
  decodeConfig,
  defaultConfig,
  DETAILS,
  encodeConfig,
  HIDEABLE,
  MAX_PANES,
  MODES,
  paneParams,
  SPEEDS,
  VIEWS,
  type AppConfig,
} from './url-codec';
import { migrateLink, URL_VERSION } from './url-migrations';
import { NOTE_IDS } from '../notes/model-notes';

const arbConfig: fc.Arbitrary<AppConfig> = fc
  .record({
    alg: fc.constantFrom(...ALGORITHMS.map((a) => a.id)),
    nodes: fc.integer({ min: 2, max: 4096 }),
    wavelengths: fc.integer({ min: 1, max: 1024 }),
    bytes: fc.integer({ min: 1, max: 2 ** 34 }),
    bandwidth: fc.double({ min: 0.001, max: 100_000, noNaN: true }),
    step: fc.integer({ min: 0, max: 100_000 }),
    view: fc.constantFrom(...VIEWS),
    speed: fc.constantFrom(...SPEEDS),
    lecture: fc.boolean(),
    onlyNode0: fc.boolean(),
    mode: fc.constantFrom(...MODES),
    detail: fc.constantFrom(...DETAILS),
    hide: fc.subarray([...HIDEABLE]),
    notes: fc.constantFrom('', ...NOTE_IDS),
    panes: fc.array(
      fc.record({
        algorithm: fc.constantFrom(...ALGORITHMS.map((a) => a.id)),
        nodes: fc.option(fc.integer({ min: 2, max: 64 }), { nil: undefined }),
      }),
      { maxLength: MAX_PANES },
    ),
  })
  .map((r) => {
    const c = defaultConfig(r.alg);
    // Only the parameters this algorithm has, within its bounds.
    const defs = findAlgorithm(r.alg)?.params ?? [];
    const drawn: Record<string, number> = {
      nodes: r.nodes,
      wavelengths: r.wavelengths,
      'message-bytes': r.bytes,
      bandwidth: r.bandwidth,
    };
    const params = { ...c.params };
    for (const d of defs)
      if (d.key in drawn && (d.kind === 'int' || d.kind === 'number'))
        params[d.key] = Math.min(d.max, Math.max(d.min, drawn[d.key]));
    c.params = params;
    c.step = r.step;
    c.options = {
      view: r.view,
      speed: r.speed,
      lecture: r.lecture,
      mode: r.mode,
      detail: r.detail,
      onlyNode0: r.onlyNode0,
    };
    c.hide = r.hide;
    c.notes = r.notes;
    c.compare = r.panes.map((p) => {
      const overrides: Record<string, number> = {};
      // Only algorithms with a node count take one (the mesh family counts by side or group size).
      const hasNodes = findAlgorithm(p.algorithm)?.params.some((d) => d.key === 'nodes');
      if (p.nodes !== undefined && hasNodes) overrides.nodes = p.nodes;
      return { algorithm: p.algorithm, overrides };
    });
    return c;
  });

describe('permalink codec', () => {
  it('round-trips every valid configuration exactly, with nothing ignored', () => {
    fc.assert(
      fc.property(arbConfig, (c) => {
        const d = decodeConfig(`?${encodeConfig(c)}`);
        expect(d.ignored).toEqual([]);
        expect(d.config).toEqual(c);
      }),
      { numRuns: 300 },
    );
  });

  it('writes readable keys and the version', () => {
    const q = encodeConfig(defaultConfig('neighbor-exchange'));
    expect(q.startsWith('v=2&alg=neighbor-exchange&nodes=8&wavelengths=4&message-bytes=4194304')).toBe(true);
    expect(q).toContain('&step=0&view=split&speed=2');
  });

  it('an empty link gives the default view without notices', () => {
    expect(decodeConfig('')).toEqual({ config: defaultConfig(), ignored: [], play: false });
    expect(decodeConfig('?').ignored).toEqual([]);
  });

  it('a partial link keeps what is valid and defaults the rest', () => {
    const d = decodeConfig('?v=1&alg=neighbor-exchange&nodes=10&step=3');
    expect(d.ignored).toEqual([]);
    expect(d.config.algorithm).toBe('neighbor-exchange');
    expect(d.config.params.nodes).toBe(10);
    expect(d.config.params.wavelengths).toBe(4);
    expect(d.config.step).toBe(3);
  });

  it('lists every bad part and falls back to defaults', () => {
    const d = decodeConfig(
      '?v=1&alg=ring-allgather&nodes=1&wavelengths=abc&step=-2&view=cube&speed=fast&lecture=yes&colour=red',
    );
    expect(d.config.params.nodes).toBe(8);
    expect(d.config.params.wavelengths).toBe(4);
    expect(d.config.step).toBe(0);
    expect(d.config.options).toEqual(defaultConfig().options);
    expect(d.ignored).toHaveLength(7);
    expect(d.ignored[0]).toMatch(/nodes.*2 to 65,536.*"1"/);
    expect(d.ignored.join('\n')).toMatch(/colour/);
  });

  it('an unknown algorithm or version is reported and replaced', () => {
    const d = decodeConfig('?v=9&alg=teleport&nodes=6');
    expect(d.config.algorithm).toBe('ring-allgather');
    expect(d.config.params.nodes).toBe(6);
    expect(d.ignored.some((m) => m.includes('v=9'))).toBe(true);
    expect(d.ignored.some((m) => m.includes('teleport'))).toBe(true);
    // A link without a version is read as v=1 and migrated: nothing is dropped, so nothing is said.
    expect(decodeConfig('?alg=ring-allgather&view=ring')).toMatchObject({ ignored: [] });
    expect(decodeConfig('?alg=ring-allgather&view=ring').config.options.view).toBe('network');
  });

  it('rejects cross-parameter conflicts (flit must divide packet)', () => {
    const d = decodeConfig('?v=1&packet-bytes=128&flit-bytes=48');
    expect(d.config.params['flit-bytes']).toBe(32);
    expect(d.ignored.join()).toMatch(/divide/);
  });

  it('blames a cross-parameter conflict on the value the link set, not on a default it never named', () => {
    const ring = ALGORITHMS.filter((a) => a.params.some((d) => d.key === 'packet-bytes'));
    expect(ring.length).toBeGreaterThanOrEqual(5);
    for (const spec of ring) {
      const d = decodeConfig(`?v=1&alg=${spec.id}&packet-bytes=100`);
      // 100 B is not a whole number of the default 32 B flits: the link's packet size goes, the flit stays.
      expect(d.config.params['packet-bytes'], spec.id).toBe(128);
      expect(d.config.params['flit-bytes'], spec.id).toBe(32);
      expect(configIssues(spec, d.config.params), spec.id).toEqual([]);
      expect(d.ignored.join(' '), spec.id).toMatch(/packet-bytes = 100 was ignored, using 128/);
    }
    // When the link names both and neither default alone satisfies the rule, both go back.
    const both = decodeConfig('?v=1&packet-bytes=100&flit-bytes=48');
    expect(both.config.params).toMatchObject({ 'packet-bytes': 128, 'flit-bytes': 32 });
    expect(both.ignored).toHaveLength(2);
  });

  it('a rule that resets a value names it: a NoC network whose links leave a router unreached', () => {
    const d = decodeConfig('?v=2&alg=noc-scatter&network=custom&routers=8&links=0,1');
    expect(d.ignored[0]).toBe(
      "router 2 cannot be reached from router 0; the link's links = 0,1 was ignored, using the default (none)",
    );
    const octagon = decodeConfig('?v=2&alg=noc-scatter&network=octagon&routers=10');
    expect(octagon.ignored).toEqual([
      "an Octagon ring has a multiple of 4 routers (8, 12, 16, …), not 10; the link's routers = 10 was ignored, using 8",
    ]);
  });

  it('a value reset by a rule is named, the rule’s own key too (a NoC network of one’s own that is not connected)', () => {
    const d = decodeConfig('?v=2&alg=noc-scatter&network=custom&routers=4&links=0,1');
    expect(d.config.params.links).toBe('');
    expect(d.ignored.join(' ')).toMatch(/the link's links = 0,1 was ignored, using the default \(none\)/);
    expect(d.ignored.join(' ')).not.toMatch(/using the default$/);
  });

  it('reports a play value it does not understand', () => {
    expect(decodeConfig('?v=1&play=1')).toMatchObject({ play: true, ignored: [] });
    expect(decodeConfig('?v=1&play=0')).toMatchObject({ play: false, ignored: [] });
    const d = decodeConfig('?v=1&play=yes');
    expect(d.play).toBe(false);
    expect(d.ignored.join()).toMatch(/play must be 1 .* got "yes"/);
  });

  it('a setting repeated inside a compare pane keeps the first value and says so, like a top-level key', () => {
    const d = decodeConfig('?v=1&mode=compare&cmp=optree:depth=2;depth=3');
    expect(d.config.compare).toEqual([{ algorithm: 'optree', overrides: { depth: 2 } }]);
    expect(d.ignored.join()).toMatch(
      /depth appears more than once in a optree pane; the first value was used/,
    );
    expect(decodeConfig('?v=1&nodes=8&nodes=9').ignored.join()).toMatch(/nodes appears more than once/);
  });

  it('survives hostile input without throwing', () => {
    const hostile = [
      '?%E0%A4%A',
      '?nodes=%',
      '?__proto__=1&constructor=2&toString=3',
      '?nodes=1e999',
      '?nodes=0x10',
      '?nodes=Infinity',
      '?nodes=NaN',
      '?step=99999999999999999999',
      '?' + 'a'.repeat(10_000),
      '?v=1&nodes=8&nodes=9',
      '?=&&&=&',
      '?alg=<script>alert(1)</script>',
      '?nodes=\u0000\u0007',
    ];
    for (const q of hostile) {
      const d = decodeConfig(q);
      expect(d.config.algorithm).toBe('ring-allgather');
      expect(Number.isInteger(d.config.params.nodes)).toBe(true);
      expect(d.config.params.nodes as number).toBeGreaterThanOrEqual(2);
      expect(Number.isSafeInteger(d.config.step)).toBe(true);
      expect(d.ignored.length).toBeLessThanOrEqual(41);
      for (const m of d.ignored) expect(m.length).toBeLessThan(300);
    }
    expect(decodeConfig('?v=1&nodes=8&nodes=9').config.params.nodes).toBe(8);
    expect(decodeConfig('?__proto__=1').ignored.join()).toMatch(/__proto__/);
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (q) => {
        const d = decodeConfig(q);
        expect(typeof d.config.algorithm).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  describe('compare panes, charts and paper checks', () => {
    it('reads panes with overrides and lists what it had to leave out', () => {
      const d = decodeConfig(
        '?v=1&alg=ring-allgather&nodes=12&mode=compare&cmp=ring-allgather|neighbor-exchange:wavelengths=2|nope|ring-allgather:colour=red;nodes=1',
      );
      expect(d.config.options.mode).toBe('compare');
      expect(d.config.compare).toEqual([
        { algorithm: 'ring-allgather', overrides: {} },
        { algorithm: 'neighbor-exchange', overrides: { wavelengths: 2 } },
        { algorithm: 'ring-allgather', overrides: {} },
      ]);
      expect(d.ignored).toHaveLength(3);
      expect(d.ignored[0]).toMatch(/algorithm "nope" is unknown/);
      expect(d.ignored[1]).toMatch(/"colour" is not a setting of ring-allgather/);
      expect(d.ignored[2]).toMatch(/nodes.*must be a whole number from 2/);
    });

    it('keeps at most MAX_PANES panes and says so', () => {
      const many = Array.from({ length: MAX_PANES + 2 }, () => 'ring-allgather').join('|');
      const d = decodeConfig(`?v=1&cmp=${encodeURIComponent(many)}`);
      expect(d.config.compare).toHaveLength(MAX_PANES);
      expect(d.ignored.join(' ')).toMatch(new RegExp(`at most ${MAX_PANES}`));
    });

    it('a pane takes the page values it shares, its defaults, then its overrides', () => {
      const p = paneParams(
        { params: { nodes: 20, wavelengths: 3, unrelated: 5 } },
        { algorithm: 'neighbor-exchange', overrides: { wavelengths: 1 } },
      );
      expect(p.nodes).toBe(20);
      expect(p.wavelengths).toBe(1);
      expect('unrelated' in p).toBe(false);
    });

    it('refuses unknown modes, details, charts and checks', () => {
      const d = decodeConfig('?v=1&mode=cinema&detail=x&sweep=nope&check=Bad!');
      expect(d.config.options.mode).toBe('visualize');
      expect(d.config.options.detail).toBe('holdings');
      expect(d.config.sweep).toBe('');
      expect(d.config.check).toBe('');
      expect(d.ignored).toHaveLength(4);
    });
  });
});

describe('versions and migrations', () => {
  it('a v=1 link opens as it did: view=ring is the network pane, and nothing is reported', () => {
    const d = decodeConfig('?v=1&alg=star-gossip&nodes=10&step=1&view=ring');
    expect(d.ignored).toEqual([]);
    expect(d.config.options.view).toBe('network');
    expect(d.config.params.nodes).toBe(10);
    expect(encodeConfig(d.config)).toMatch(/^v=2&.*&view=network&/);
  });

  it('migrates only what it must: other views and keys pass through', () => {
    expect(
      migrateLink(
        new Map([
          ['v', '1'],
          ['view', 'split'],
          ['x', 'y'],
        ]),
      ).raw,
    ).toEqual(
      new Map([
        ['v', '2'],
        ['view', 'split'],
        ['x', 'y'],
      ]),
    );
    const input = new Map([
      ['v', '1'],
      ['view', 'ring'],
    ]);
    const out = migrateLink(input);
    expect(out.raw.get('view')).toBe('network');
    expect(input.get('view')).toBe('ring'); // pure: the input is not changed
    expect(out.notes).toEqual([]);
  });

  it('a v=2 link is not migrated again; view=ring is then refused by name', () => {
    const d = decodeConfig('?v=2&view=ring');
    expect(d.config.options.view).toBe('split');
    expect(d.ignored.join()).toMatch(/view must be one of network, matrix, split; got "ring"/);
  });

  it('a version from the future or garbage is read as the current one, and says so', () => {
    for (const v of ['3', '99', 'x', '1.5', '0'])
      expect(migrateLink(new Map([['v', v]])).notes.join(), v).toMatch(/is unknown .* read as v=2/);
    expect(URL_VERSION).toBe(2);
  });
});

describe('hide=, for embedding', () => {
  it('hides the named parts, writes them back in a fixed order, and refuses parts it cannot hide', () => {
    const d = decodeConfig('?v=2&hide=timeline,params,header');
    expect(d.ignored).toEqual([]);
    expect(d.config.hide).toEqual(['header', 'params', 'timeline']);
    expect(encodeConfig(d.config)).toContain('&hide=header%2Cparams%2Ctimeline');
    const bad = decodeConfig('?v=2&hide=header,notices,x');
    expect(bad.config.hide).toEqual(['header']);
    expect(bad.ignored.join()).toMatch(
      /"notices", "x" cannot be hidden \(parts that can: header, params, side, timeline\)/,
    );
    expect(encodeConfig(defaultConfig())).not.toContain('hide=');
  });
});

describe('file=, a schedule file kept in this browser', () => {
  it('names the file by its hash, round-trips, and refuses what is not a hash', () => {
    const d = decodeConfig('?v=2&alg=optree&file=01b2bae2e4ecca');
    expect(d.ignored).toEqual([]);
    expect(d.config.file).toBe('01b2bae2e4ecca');
    expect(d.config.algorithm).toBe('optree');
    expect(decodeConfig(`?${encodeConfig(d.config)}`).config).toEqual(d.config);
    const bad = decodeConfig('?v=2&file=../etc/passwd');
    expect(bad.config.file).toBe('');
    expect(bad.ignored.join()).toMatch(/file must name a schedule file by its hash/);
    expect(encodeConfig(defaultConfig())).not.toContain('file=');
  });
});

describe('notes=, the model note open over the page', () => {
  it('names a note of docs/models, round-trips, and refuses any other name', () => {
    const d = decodeConfig('?v=2&alg=retri&notes=retri&mode=paper');
    expect(d.ignored).toEqual([]);
    expect(d.config.notes).toBe('retri');
    expect(encodeConfig(d.config)).toContain('notes=retri');
    expect(decodeConfig(`?${encodeConfig(d.config)}`).config).toEqual(d.config);
    for (const bad of ['../README', 'optree.md', 'nope']) {
      const b = decodeConfig(`?v=2&notes=${encodeURIComponent(bad)}`);
      expect(b.config.notes).toBe('');
      expect(b.ignored.join()).toMatch(/model notes ".*" are unknown \(known: optree, one-stage/);
    }
    expect(encodeConfig(defaultConfig())).not.toContain('notes=');
  });
});

describe('links name only the parameters that apply', () => {
  it('a NoC link leaves out the other networks’ sizes and the unused communication and search settings', () => {
    const c = defaultConfig('noc-scatter');
    const q = encodeConfig(c);
    expect(q).toContain('network=octagon');
    expect(q).toContain('routers=8');
    for (const k of ['rows', 'cols', 'dimension', 'links', 'root'])
      expect(q).not.toMatch(new RegExp(`[?&]${k}=`));
    c.params = {
      ...c.params,
      network: 'mesh',
      rows: 5,
      'per-router': 1,
      pattern: 'oas',
      root: 3,
      method: 'constructive',
    };
    const m = encodeConfig(c);
    expect(m).toMatch(/&rows=5&cols=4&/);
    expect(m).toContain('&root=3&');
    for (const k of ['routers', 'placement', 'senders', 'receivers', 'moves', 'time-limit'])
      expect(m).not.toMatch(new RegExp(`[?&]${k}=`));
    // It reads back the same view, with nothing ignored.
    const d = decodeConfig(`?${m}`);
    expect(d.ignored).toEqual([]);
    for (const k of ['network', 'rows', 'cols', 'per-router', 'pattern', 'root', 'method', 'seed'])
      expect(d.config.params[k], k).toBe(c.params[k]);
  });

  it('a new network-on-chip link draws a fresh seed; a shared one keeps its seed', () => {
    const seeds = new Set<unknown>();
    for (let i = 0; i < 5; i++) {
      const d = decodeConfig('?v=2&alg=noc-scatter&method=constructive');
      expect(d.ignored).toEqual([]);
      seeds.add(d.config.params.seed);
      // The drawn seed is written back, so the link now reproduces the run it shows.
      expect(encodeConfig(d.config)).toContain(`&seed=${d.config.params.seed}`);
    }
    expect(seeds.size).toBeGreaterThan(1);
    expect(decodeConfig('?v=2&alg=noc-broadcast&seed=12345').config.params.seed).toBe(12345);
  });

  it('older links with every parameter still open without notices', () => {
    const full =
      'v=2&alg=noc-scatter&network=mesh&rows=4&cols=4&dimension=3&routers=8&links=&per-router=1&placement=shifted&detour=2&ports=3&pattern=oas&root=1&senders=0-7&receivers=8-15&method=hybrid&moves=2000000&time-limit=20&seed=1&step=0';
    const d = decodeConfig(`?${full}`);
    expect(d.ignored).toEqual([]);
    expect(d.config.params.root).toBe(1);
    expect(d.config.params.detour).toBe(2);
  });

  it('a value a compare pane takes from the page is written even when the page’s own network does not use it', () => {
    const c = defaultConfig('noc-scatter');
    c.params = { ...c.params, network: 'mesh', routers: 12 };
    c.compare = [{ algorithm: 'noc-scatter', overrides: { network: 'octagon' } }];
    expect(encodeConfig(c)).toContain('routers=12');
    c.compare = [{ algorithm: 'noc-scatter', overrides: { network: 'octagon', routers: 16 } }];
    expect(encodeConfig(c)).not.toMatch(/&routers=12&/);
  });
});

describe('what a copied link keeps besides the configuration', () => {
  it('"node 0 only" of the circuit view: written where it differs from its lecture-mode default', () => {
    const c = defaultConfig('retri');
    expect(encodeConfig(c)).not.toContain('only0');
    c.options = { ...c.options, onlyNode0: true };
    expect(encodeConfig(c)).toContain('&only0=1');
    expect(decodeConfig(`?${encodeConfig(c)}`).config.options.onlyNode0).toBe(true);
    // In lecture mode it starts on (the paper's Fig. 1); off is written.
    c.options = { ...c.options, lecture: true, onlyNode0: true };
    expect(encodeConfig(c)).not.toContain('only0');
    expect(decodeConfig(`?${encodeConfig(c)}`).config.options.onlyNode0).toBe(true);
    c.options = { ...c.options, onlyNode0: false };
    expect(encodeConfig(c)).toContain('&only0=0');
    expect(decodeConfig(`?${encodeConfig(c)}`).config.options.onlyNode0).toBe(false);
    expect(decodeConfig('?v=2&alg=retri&only0=2').ignored[0]).toMatch(/only0 must be 1/);
  });

  it('play=1 when asked (a page that is playing), and it reads back', () => {
    const c = defaultConfig('retri');
    expect(encodeConfig(c)).not.toContain('play=');
    const q = encodeConfig(c, { play: true });
    expect(q).toMatch(/&play=1($|&)/);
    expect(decodeConfig(`?${q}`)).toMatchObject({ play: true, ignored: [] });
  });
});
