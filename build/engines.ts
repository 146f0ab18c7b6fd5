/**
 * Node version ranges as npm packages state them in `engines.node` ("^20.19.0 || >=22.12.0"),
 * read just far enough to answer one question: does the range accept some release of a given major
 * version? (npm ci warns when a locked package refuses the Node it runs on; build/engines.test.ts
 * checks every locked package against the major version package.json states.)
 */

/** A version as one number: major, minor and patch in fixed places (patches stay under 10⁴). */
const at = (major: number, minor = 0, patch = 0) => major * 1e8 + minor * 1e4 + patch;

/** A version written in a range, some parts possibly missing or `x`: the interval it stands for. */
function partial(text: string): { lo: number; hi: number; full: boolean } {
  const parts = text
    .replace(/^v/, '')
    .split('.')
    .filter((p) => p !== '' && !/^[x*]$/i.test(p))
    .map((p) => parseInt(p, 10));
  const [a, b, c] = parts;
  if (a === undefined) return { lo: 0, hi: Infinity, full: false };
  if (b === undefined) return { lo: at(a), hi: at(a + 1), full: false };
  if (c === undefined) return { lo: at(a, b), hi: at(a, b + 1), full: false };
  return { lo: at(a, b, c), hi: at(a, b, c + 1), full: true };
}

/** The interval [lo, hi) one comparator allows. */
function comparator(op: string, version: string): [number, number] {
  const v = partial(version);
  const [a = 0, b = 0, c = 0] = version
    .replace(/^v/, '')
    .split('.')
    .map((p) => parseInt(p, 10) || 0);
  switch (op) {
    case '>=':
      return [v.lo, Infinity];
    case '>':
      return [v.hi, Infinity];
    case '<':
      return [0, v.lo];
    case '<=':
      return [0, v.hi];
    case '^': {
      const parts = version.split('.').length;
      const hi = a > 0 || parts === 1 ? at(a + 1) : b > 0 || parts === 2 ? at(0, b + 1) : at(0, 0, c + 1);
      return [v.lo, hi];
    }
    case '~':
      return [v.lo, version.split('.').length >= 2 ? at(a, b + 1) : at(a + 1)];
    default:
      return [v.lo, v.hi];
  }
}

/** Whether `range` accepts some version of Node `major` (any minor and patch). */
export function acceptsMajor(range: string, major: number): boolean {
  return range.split('||').some((set) => {
    let [lo, hi] = [at(major), at(major + 1)];
    const text = set.trim().replace(/(>=|<=|[<>=^~])\s+/g, '$1');
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    const items: [string, string][] = hyphen
      ? [
          ['>=', hyphen[1]],
          ['<=', hyphen[2]],
        ]
      : text
          .split(/\s+/)
          .filter(Boolean)
          .map((item) => {
            const m = /^(>=|<=|[<>=^~])?(.*)$/.exec(item)!;
            return [m[1] ?? '', m[2]];
          });
    for (const [op, version] of items) {
      const [l, h] = comparator(op, version);
      lo = Math.max(lo, l);
      hi = Math.min(hi, h);
    }
    return lo < hi;
  });
}

/** The major version a project's own `engines.node` states as its least (">=20" → 20). */
export function statedMajor(range: string): number {
  const m = /(\d+)/.exec(range);
  if (!m) throw new Error(`engines.node states no version: "${range}"`);
  return Number(m[1]);
}
