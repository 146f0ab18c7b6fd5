import { describe, expect, it } from 'vitest';
import { CLI_LIMITS } from '../../src/limits';
import { findAlgorithm } from '../../src/registry';
import { defaultsOf } from '../../src/kernel/params/schema';
import { run } from '../../src/run';
import { formulaNotes } from './formulaNotes';

describe('the notes under the formulas', () => {
  it('says each note once: WRHT’s steps and time rows share theirs', () => {
    const spec = findAlgorithm('wrht')!;
    const r = run('wrht', { ...defaultsOf(spec.params), nodes: 1024, wavelengths: 64 }, CLI_LIMITS);
    const rows = r.formulas.filter((f) => f.note);
    // Two rows carry the broadcast reconstruction's note …
    expect(rows.filter((f) => f.note === rows[0].note).length).toBeGreaterThanOrEqual(2);
    // … and it is listed once.
    const notes = formulaNotes(r.formulas).map((n) => n.note);
    expect(notes.filter((n) => n === rows[0].note)).toHaveLength(1);
    expect(new Set(notes).size).toBe(notes.length);
  });

  it('keeps distinct notes in the rows’ order', () => {
    expect(
      formulaNotes([{ id: 'a', note: 'x' }, { id: 'b' }, { id: 'c', note: 'y' }, { id: 'd', note: 'x' }]),
    ).toEqual([
      { id: 'a', note: 'x' },
      { id: 'c', note: 'y' },
    ]);
  });
});
