import { describe, expect, it } from 'vitest';
import { importCircles, importsOf } from './importGraph';

/**
 * No module of src/ or app/ imports itself round a circle. A circle makes the order in which
 * modules run depend on which one is imported first (a constant read before it is set), and it
 * fuses the modules on it into one piece no reader can take apart. Counted: static imports that
 * exist at run time. Left out: type-only imports (the compiler erases them) and `import('…')`
 * (loaded on demand, after every module on the way has run).
 */
const SOURCES = import.meta.glob(['/app/**/*.{ts,tsx}', '/src/**/*.ts', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const runtimeImports = (file: string) =>
  importsOf(SOURCES, file)
    .filter((e) => !e.typeOnly && !e.dynamic)
    .map((e) => e.to);

describe('the import structure has no circle', () => {
  it('reads the sources, and sees a circle where there is one', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(200);
    const made: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: ['e'] };
    expect(importCircles(Object.keys(made), (f) => made[f])).toEqual(['a → b → c → a', 'e → e']);
  });

  it('has none among src/ and app/', () => {
    expect(importCircles(Object.keys(SOURCES).sort(), runtimeImports)).toEqual([]);
  });
});
