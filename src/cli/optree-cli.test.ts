import { describe, expect, it } from 'vitest';
import { execute } from './commands';
import { type CliIo, type CommandOutput } from './command-kit';

const io: CliIo = {
  readText() {
    throw new Error('no files');
  },
};
const cli = (...argv: string[]) => execute(argv, io);
const text = (r: CommandOutput) => [...r.out].join('');

describe('command line: one-stage, WRHT and OpTree', () => {
  it('schedule optree --nodes 16 --wavelengths 2 --radices 4,4 exports a verified 12-step schedule', () => {
    const r = cli('schedule', 'optree', '--nodes', '16', '--wavelengths', '2', '--radices', '4,4');
    expect(r.code).toBe(0);
    const doc = JSON.parse(text(r));
    expect(doc.algorithm).toBe('optree');
    expect(doc.params.radices).toBe('4,4');
    expect(doc.steps).toHaveLength(12);
    expect(doc.summary.verified).toBe(true);
  });

  it('bad arities: exit 2 with one line naming the parameter and the rule', () => {
    const r = cli('schedule', 'optree', '--nodes', '16', '--radices', '3,5');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/radices.*15 leaves, fewer than the 16 nodes/);
    expect(r.err).not.toMatch(/\n/);
    const d = cli('formulas', 'optree', '--nodes', '16', '--depth', '9');
    expect(d.code).toBe(2);
    expect(d.err).toMatch(/depth.*from 1 to 5/);
  });

  it('formulas and list cover the new algorithms', () => {
    const f = JSON.parse(text(cli('formulas', 'one-stage', '--nodes', '16', '--wavelengths', '2')));
    expect(f.rows.find((r: { id: string }) => r.id === 'steps')).toMatchObject({
      formula: 16,
      constructed: 16,
    });
    const ids = JSON.parse(text(cli('list'))).map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining(['one-stage', 'wrht', 'optree']));
    const w = JSON.parse(text(cli('formulas', 'wrht', '--nodes', '40', '--wavelengths', '2')));
    expect(w.verified).toBe(true);
  });

  it('reproduce optree-motivation prints JSON rows', () => {
    const r = cli('reproduce', 'optree-motivation');
    expect(r.code).toBe(0);
    const rows = JSON.parse(text(r));
    expect(rows[0]).toEqual(
      expect.objectContaining({ label: expect.any(String), paper: 32, computed: 32, constructed: 32 }),
    );
  });
});
