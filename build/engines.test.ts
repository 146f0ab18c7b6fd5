import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acceptsMajor, statedMajor } from './engines';

const root = new URL('..', import.meta.url);
const read = (name: string) => JSON.parse(readFileSync(new URL(name, root), 'utf8')) as unknown;

describe('Node ranges (engines.node)', () => {
  it('reads the ranges npm packages write', () => {
    expect(acceptsMajor('>=20', 20)).toBe(true);
    expect(acceptsMajor('>= 20', 20)).toBe(true);
    expect(acceptsMajor('>=22.12.0', 20)).toBe(false);
    // A partial version stands for all its releases: >20 is >=21.0.0, >20.1 accepts 20.2.
    expect(acceptsMajor('>20', 20)).toBe(false);
    expect(acceptsMajor('>20.1', 20)).toBe(true);
    expect(acceptsMajor('<20', 20)).toBe(false);
    expect(acceptsMajor('^20.19.0 || >=22.12.0', 20)).toBe(true);
    expect(acceptsMajor('^18.18.0 || ^20.9.0 || >=21.1.0', 20)).toBe(true);
    expect(acceptsMajor('^18.18.0 || >=21.1.0', 20)).toBe(false);
    expect(acceptsMajor('18 || 20 || >=22', 20)).toBe(true);
    expect(acceptsMajor('20 || >=22', 21)).toBe(false);
    expect(acceptsMajor('~20.5', 20)).toBe(true);
    expect(acceptsMajor('^6 || ^7', 20)).toBe(false);
    expect(acceptsMajor('*', 20)).toBe(true);
    expect(acceptsMajor('>=10 <20', 20)).toBe(false);
    expect(acceptsMajor('>=10 <21', 20)).toBe(true);
    expect(acceptsMajor('20.x', 20)).toBe(true);
    expect(statedMajor('>=20')).toBe(20);
    expect(statedMajor('>=20.19.0')).toBe(20);
  });

  it('every locked package accepts the Node version package.json states (npm ci gives no engine warning)', () => {
    const pkg = read('package.json') as { engines: { node: string } };
    const major = statedMajor(pkg.engines.node);
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refused: string[] = [];
    let checked = 0;
    for (const [path, p] of Object.entries(lock.packages)) {
      const range = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
      if (!path || typeof range !== 'string') continue;
      checked++;
      if (!acceptsMajor(range, major)) refused.push(`${path}@${p.version}: node ${range}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(refused, `packages that refuse Node ${major}`).toEqual([]);
  });
});
