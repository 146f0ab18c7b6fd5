import { describe, expect, it } from 'vitest';
import { addStepRow, stepColumns } from './step-columns';

describe('step columns', () => {
  it('keep every row when they outgrow their first room', () => {
    const c = stepColumns(2);
    for (let k = 0; k < 9; k++) {
      const j = addStepRow(c);
      expect(j).toBe(k);
      c.pos[j] = k;
      c.type[j] = k % 2 ? 's' : 'r';
      c.srcbuf[j] = 'o';
      c.cnt[j] = 2 ** 40 + k; // a whole number beyond 32 bits stays exact
      c.bad[j] = k % 3 === 0 ? 1 : 0;
    }
    expect(c.count).toBe(9);
    expect(c.pos.length).toBeGreaterThanOrEqual(9);
    for (let j = 0; j < 9; j++) {
      expect([c.pos[j], c.type[j], c.srcbuf[j], c.cnt[j], c.bad[j]]).toEqual([
        j,
        j % 2 ? 's' : 'r',
        'o',
        2 ** 40 + j,
        j % 3 === 0 ? 1 : 0,
      ]);
    }
  });
});
