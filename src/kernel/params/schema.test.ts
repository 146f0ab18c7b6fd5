import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicable,
  applies,
  conditionText,
  checkParam,
  fillSeeds,
  MAX_SEED,
  seedParam,
  defaultsOf,
  defaultsWith,
  describeBounds,
  intList,
  num,
  parseParam,
  readParams,
  type EnumParam,
  type IntListParam,
  type IntParam,
  type NumberParam,
  type ParamDef,
  type ParamGroup,
} from './schema';

/** A whole-number parameter for these tests (no help text: none of them reads it). */
const intParam = (
  key: string,
  label: string,
  [min, max]: [number, number],
  dflt: number,
  group: ParamGroup,
): IntParam => ({
  key,
  label,
  kind: 'int',
  min,
  max,
  default: dflt,
  group,
  help: '',
});

/** A choice for these tests, its options as [value, label] pairs (no help text). */
const enumParam = (
  key: string,
  label: string,
  options: [string, string][],
  dflt: string,
  group: ParamGroup,
): EnumParam => ({
  key,
  label,
  kind: 'enum',
  options: options.map(([value, l]) => ({ value, label: l })),
  default: dflt,
  group,
  help: '',
});

const NODES = intParam('nodes', 'Nodes N', [2, 65_536], 8, 'network');

const BANDWIDTH: NumberParam = {
  key: 'bandwidth',
  label: 'Bandwidth',
  kind: 'number',
  min: 0,
  minInclusive: false,
  max: 100_000,
  default: 40,
  unit: 'Gb/s',
  group: 'time model',
  help: '',
};

const DELAY: NumberParam = {
  key: 'delay',
  label: 'Delay',
  kind: 'number',
  min: 0,
  max: 1000,
  default: 25,
  unit: 'µs',
  group: 'time model',
  help: '',
};

const MODE = enumParam(
  'mode',
  'Mode',
  [
    ['fast', 'Fast'],
    ['slow', 'Slow'],
  ],
  'fast',
  'algorithm',
);

const ok = (def: ParamDef, raw: string) => {
  const r = parseParam(def, raw);
  if (!r.ok) throw new Error(`expected ${raw} to parse: ${r.error}`);
  return r.value;
};
const error = (def: ParamDef, raw: string) => {
  const r = parseParam(def, raw);
  if (r.ok) throw new Error(`expected ${JSON.stringify(raw)} to be refused, got ${r.value}`);
  return r.error;
};

describe('parseParam: int', () => {
  it('accepts in-range whole numbers, including the bounds', () => {
    expect(ok(NODES, '2')).toBe(2);
    expect(ok(NODES, '8')).toBe(8);
    expect(ok(NODES, '65536')).toBe(65_536);
    expect(ok(NODES, ' 5 ')).toBe(5); // surrounding blanks are trimmed
    expect(ok(NODES, '+17')).toBe(17);
    expect(ok(NODES, '1e3')).toBe(1000);
    expect(ok(NODES, '12.0')).toBe(12);
  });

  it('accepts every in-range integer and refuses every out-of-range one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 65_536 }), (x) => {
        expect(ok(NODES, String(x))).toBe(x);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e9, max: 1 }), fc.integer({ min: 65_537, max: 1e9 })), (x) => {
        error(NODES, String(x));
      }),
    );
  });

  it('refuses values just outside the bounds and non-integers', () => {
    for (const raw of ['1', '0', '-2', '65537', '2.5', '7.000001', '1e5']) error(NODES, raw);
  });

  it('refuses garbage', () => {
    for (const raw of [
      '',
      '   ',
      'abc',
      '1e999',
      '-1e999',
      '0x10',
      '0b11',
      '5abc',
      '5 5',
      '.',
      'NaN',
      'Infinity',
      '--5',
      '1,000',
    ])
      error(NODES, raw);
  });

  it('names the label, key, bounds and the raw text in its message', () => {
    expect(error(NODES, '1')).toBe('Nodes N (nodes) must be a whole number from 2 to 65,536; got "1"');
    expect(error(NODES, 'abc')).toContain('(nodes)');
    expect(error(NODES, 'abc')).toContain('from 2 to 65,536');
    const long = 'x'.repeat(100);
    expect(error(NODES, long)).toContain(`got "${'x'.repeat(37)}..."`);
    expect(error(NODES, long)).not.toContain('x'.repeat(38));
  });
});

describe('parseParam: number', () => {
  it('an exclusive lower bound refuses the bound itself', () => {
    error(BANDWIDTH, '0');
    error(BANDWIDTH, '-0.5');
    expect(ok(BANDWIDTH, '0.001')).toBe(0.001);
    expect(ok(BANDWIDTH, '.5')).toBe(0.5);
    expect(ok(BANDWIDTH, '100000')).toBe(100_000);
    error(BANDWIDTH, '100000.1');
    expect(error(BANDWIDTH, '0')).toBe(
      'Bandwidth (bandwidth) must be a number greater than 0 and at most 100,000 Gb/s; got "0"',
    );
  });

  it('an inclusive lower bound accepts it', () => {
    expect(ok(DELAY, '0')).toBe(0);
    expect(ok(DELAY, '2.5e2')).toBe(250);
    expect(ok(DELAY, '1000')).toBe(1000);
    error(DELAY, '-1');
    error(DELAY, '1000.5');
    expect(error(DELAY, '2000')).toBe('Delay (delay) must be a number from 0 to 1,000 µs; got "2000"');
  });
});

describe('parseParam: enum', () => {
  it('accepts listed values (trimmed), refuses others with the list in the message', () => {
    expect(ok(MODE, 'fast')).toBe('fast');
    expect(ok(MODE, ' slow ')).toBe('slow');
    for (const raw of ['', 'Fast', 'medium', '0']) error(MODE, raw);
    expect(error(MODE, 'medium')).toBe('Mode (mode) must be one of fast, slow; got "medium"');
  });
});

describe('describeBounds, checkParam, defaultsOf, num', () => {
  it('describes bounds in words', () => {
    expect(describeBounds(NODES)).toBe('a whole number from 2 to 65,536');
    expect(describeBounds(BANDWIDTH)).toBe('a number greater than 0 and at most 100,000');
    expect(describeBounds(DELAY)).toBe('a number from 0 to 1,000');
    expect(describeBounds(MODE)).toBe('one of fast, slow');
  });

  it('checkParam validates typed values', () => {
    expect(checkParam(NODES, 8)).toEqual({ ok: true, value: 8 });
    expect(checkParam(NODES, 1).ok).toBe(false);
    expect(checkParam(NODES, 2.5).ok).toBe(false);
    expect(checkParam(NODES, Number.NaN).ok).toBe(false);
    expect(checkParam(BANDWIDTH, 1e-7)).toEqual({ ok: true, value: 1e-7 });
    expect(checkParam(MODE, 'slow')).toEqual({ ok: true, value: 'slow' });
  });

  it('defaultsOf and num', () => {
    const d = defaultsOf([NODES, BANDWIDTH, MODE]);
    expect(d).toEqual({ nodes: 8, bandwidth: 40, mode: 'fast' });
    expect(num(d, 'nodes')).toBe(8);
    expect(() => num(d, 'mode')).toThrow(TypeError);
    expect(() => num(d, 'missing')).toThrow(/missing/);
  });

  it('defaultsWith lays the named values over the defaults and refuses an algorithm it was not given', () => {
    const card = { params: [NODES, BANDWIDTH, MODE] };
    expect(defaultsWith(card, 'x', { nodes: 12, mode: 'slow' })).toEqual({
      nodes: 12,
      bandwidth: 40,
      mode: 'slow',
    });
    expect(defaultsWith(card, 'x')).toEqual(defaultsOf(card.params));
    expect(() => defaultsWith(undefined, 'no-such')).toThrow('unknown algorithm no-such');
  });
});

describe('readParams', () => {
  const defs = [NODES, BANDWIDTH, DELAY, MODE];

  it('takes valid values, defaults missing ones, and reports nothing', () => {
    const r = readParams(defs, { nodes: '16', mode: 'slow' });
    expect(r.values).toEqual({ nodes: 16, bandwidth: 40, delay: 25, mode: 'slow' });
    expect(r.issues).toEqual([]);
    expect(r.unknown).toEqual([]);
  });

  it('reports invalid values and falls back to the defaults', () => {
    const r = readParams(defs, { nodes: '1', bandwidth: 'fast', delay: '10', mode: 'medium' });
    expect(r.values).toEqual({ nodes: 8, bandwidth: 40, delay: 10, mode: 'fast' });
    expect(r.issues.map((i) => i.key)).toEqual(['nodes', 'bandwidth', 'mode']);
    expect(r.issues[0].message).toBe('Nodes N (nodes) must be a whole number from 2 to 65,536; got "1"');
    expect(r.unknown).toEqual([]);
  });

  it('reports unknown keys without letting them into the values', () => {
    const r = readParams(defs, { nodes: '4', colour: 'blue', Nodes: '9' });
    expect(r.unknown.sort()).toEqual(['Nodes', 'colour']);
    expect(r.values).toEqual({ nodes: 4, bandwidth: 40, delay: 25, mode: 'fast' });
    expect(r.issues).toEqual([]);
  });

  it('does not share state between calls', () => {
    readParams(defs, { nodes: '100' });
    expect(readParams(defs, {}).values.nodes).toBe(8);
  });
});

describe('int-list parameters', () => {
  const RADICES: IntListParam = {
    kind: 'int-list',
    key: 'radices',
    label: 'Radices',
    help: 'arity of each level',
    group: 'algorithm',
    min: 2,
    max: 64,
    minLength: 0,
    maxLength: 4,
    default: '',
  };

  it('accepts lists within the bounds and keeps a canonical text', () => {
    expect(parseParam(RADICES, ' 4, 4 ,4 ')).toEqual({ ok: true, value: '4,4,4' });
    expect(parseParam(RADICES, '')).toEqual({ ok: true, value: '' });
    expect(intList({ radices: '4,2' }, 'radices')).toEqual([4, 2]);
    expect(intList({ radices: '' }, 'radices')).toEqual([]);
  });

  it('refuses elements out of bounds, non-integers, empty items and too many items', () => {
    for (const bad of ['1,4', '4,65', '4.5', '4,,4', 'a', '2,2,2,2,2', '4,'])
      expect(parseParam(RADICES, bad).ok, bad).toBe(false);
  });

  it('states length and element bounds in its message', () => {
    expect(describeBounds(RADICES)).toBe(
      'a comma-separated list of empty or 1 to 4 whole numbers, each from 2 to 64',
    );
    expect(describeBounds({ ...RADICES, minLength: 3, maxLength: 3 })).toBe(
      'a comma-separated list of 3 whole numbers, each from 2 to 64',
    );
  });

  it('refuses a non-empty list where one is required', () => {
    expect(parseParam({ ...RADICES, minLength: 1 }, '').ok).toBe(false);
  });
});

describe('seeds', () => {
  const defs = [
    { key: 'nodes', label: 'N', kind: 'int', min: 2, max: 64, default: 8, group: 'network', help: '' },
    seedParam(),
  ] as const;

  it('a configuration without a seed gets a fresh one; one with a seed keeps it', () => {
    const params: Record<string, number> = { nodes: 8, seed: 1 };
    expect(fillSeeds(defs, params, new Set(['nodes']), () => 0.5)).toEqual(['seed']);
    expect(params.seed).toBe(2 ** 30);
    expect(checkParam(defs[1], params.seed)).toEqual({ ok: true, value: 2 ** 30 });
    const kept = { nodes: 8, seed: 77 };
    expect(fillSeeds(defs, kept, new Set(['nodes', 'seed']), () => 0.5)).toEqual([]);
    expect(kept.seed).toBe(77);
  });

  it("fresh seeds stay within the parameter's bounds at both ends of the draw", () => {
    for (const u of [0, 0.999999999]) {
      const p: Record<string, number> = {};
      fillSeeds([seedParam()], p, new Set(), () => u);
      expect(p.seed).toBeGreaterThanOrEqual(0);
      expect(p.seed).toBeLessThanOrEqual(MAX_SEED);
    }
  });

  it('parameters without the seed mark are never filled', () => {
    const p: Record<string, number> = {};
    expect(fillSeeds([{ ...seedParam(), seed: undefined }], p, new Set(), () => 0.5)).toEqual([]);
    expect(p).toEqual({});
  });
});

describe('when a parameter applies', () => {
  const network = enumParam(
    'network',
    'Network',
    [
      ['mesh', 'mesh'],
      ['ring', 'ring'],
    ],
    'ring',
    'network',
  );
  const rows: ParamDef = {
    ...intParam('rows', 'Rows', [1, 9], 2, 'network'),
    appliesWhen: { key: 'network', oneOf: ['mesh', 'torus'] },
  };
  it('by the other parameter’s value; always without a condition', () => {
    expect(applies(rows, { network: 'mesh', rows: 2 })).toBe(true);
    expect(applies(rows, { network: 'ring', rows: 2 })).toBe(false);
    expect(applies(network, { network: 'ring' })).toBe(true);
    expect(applicable([network, rows], { network: 'ring', rows: 3 }).map((d) => d.key)).toEqual(['network']);
    expect(conditionText(rows)).toBe('when network is mesh or torus');
    expect(conditionText(network)).toBeNull();
  });
});
