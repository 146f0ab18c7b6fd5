import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../registry';
import { ArgError, parseArgs, RESERVED_OPTIONS } from './args';

describe('parseArgs', () => {
  it('reads --key value, --key=value, positionals, --help and --force', () => {
    expect(parseArgs(['schedule', 'ring', '--nodes', '8', '--format=csv', '--out', 'a=b.csv', '-h'])).toEqual(
      {
        positional: ['schedule', 'ring'],
        options: { nodes: '8', format: 'csv', out: 'a=b.csv' },
        help: true,
        force: false,
      },
    );
    expect(parseArgs(['schedule', '--force', 'ring']).force).toBe(true);
    expect(parseArgs(['schedule', '--force', 'ring']).positional).toEqual(['schedule', 'ring']);
  });

  it('takes values that start with one dash, and "=" inside values', () => {
    const a = parseArgs(['x', '--delta', '-1', '--eq=a=b', '--empty=']);
    expect(a.options).toEqual({ delta: '-1', eq: 'a=b', empty: '' });
  });

  it('treats everything after -- as positional', () => {
    expect(parseArgs(['check', '--', '--odd-name.json']).positional).toEqual(['check', '--odd-name.json']);
  });

  it('refuses a missing value, a repeated option, a single-dash option, --help=x and --force=x', () => {
    expect(() => parseArgs(['schedule', 'r', '--nodes'])).toThrow('--nodes needs a value');
    expect(() => parseArgs(['--nodes', '--format', 'json'])).toThrow('--nodes needs a value');
    expect(() => parseArgs(['--nodes', '3', '--nodes=4'])).toThrow('--nodes is given twice');
    expect(() => parseArgs(['-n', '3'])).toThrow(ArgError);
    expect(() => parseArgs(['--help=yes'])).toThrow('--help takes no value');
    expect(() => parseArgs(['--force=yes'])).toThrow('--force takes no value');
    expect(() => parseArgs(['--=3'])).toThrow('is not an option name');
  });

  it('keeps option names apart from Object.prototype', () => {
    expect(parseArgs(['--constructor', '1']).options.constructor).toBe('1');
    expect('toString' in parseArgs([]).options).toBe(false);
  });

  it('no algorithm uses a parameter name the CLI reserves', () => {
    for (const a of ALGORITHMS)
      for (const p of a.params) expect(RESERVED_OPTIONS as readonly string[]).not.toContain(p.key);
  });
});
