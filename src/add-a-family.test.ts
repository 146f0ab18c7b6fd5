import { describe, expect, it, vi } from 'vitest';

/*
 * Adding a family is two folders and a line in each list (docs/architecture.md, "How to add a family"): here
 * the two lines are added by mocking the two lists, FAMILIES and FAMILY_ENGINES, with a tiny family
 * (src/testing/tiny-family.ts) — no shared file is edited — and the family must reach the registry,
 * the interconnects, the URL codec, the command line's list and the verifier.
 */
vi.mock('./family-list', async (importOriginal) => {
  const real = await importOriginal<typeof import('./family-list')>();
  const { TINY_FAMILY } = await import('./testing/tiny-family');
  return { ...real, FAMILIES: [...real.FAMILIES, TINY_FAMILY] };
});
vi.mock('./family-engines', async (importOriginal) => {
  const real = await importOriginal<typeof import('./family-engines')>();
  const { TINY_ENGINE } = await import('./testing/tiny-family');
  return { FAMILY_ENGINES: { ...real.FAMILY_ENGINES, tiny: TINY_ENGINE } };
});

const { findAlgorithm } = await import('./registry');
const { findCard } = await import('./cards');
const { interconnectOf } = await import('./interconnects');
const { decodeConfig, encodeConfig } = await import('./config/url-codec');
const { execute } = await import('./cli/commands');
const { run } = await import('./run');
const { CLI_LIMITS } = await import('./limits');
const { defaultsOf } = await import('./kernel/params/schema');
const { findPaper } = await import('./papers');

describe('a family added to the two lists', () => {
  it('reaches the registry, the cards, the interconnects and the papers', () => {
    expect(findAlgorithm('tiny-relay')?.name).toBe('Tiny relay');
    expect(findCard('tiny-relay')?.topology).toBe('tiny');
    expect(interconnectOf('tiny').kind).toBe('tiny');
    expect(findPaper({ file: 'tiny-relay.txt' })?.title).toBe('A Tiny Relay');
    // The families already there stay.
    expect(findAlgorithm('optree')).toBeDefined();
  });

  it('reaches the URL codec: a link names it and reads back the same', () => {
    const d = decodeConfig('v=2&alg=tiny-relay&nodes=5');
    expect(d.ignored).toEqual([]);
    expect(d.config.algorithm).toBe('tiny-relay');
    expect(d.config.params.nodes).toBe(5);
    expect(decodeConfig(encodeConfig(d.config)).config).toEqual(d.config);
  });

  it("reaches the command line's list", () => {
    const out = execute(['list', '--format', 'json'], { readText: () => '' });
    expect(out.code).toBe(0);
    const listed = JSON.parse([...out.out].join('')) as { id: string; topology: string }[];
    expect(listed.find((a) => a.id === 'tiny-relay')?.topology).toBe('tiny');
  });

  it('adds its own command to the command line: listed, in the help, and run by id', () => {
    const io = { readText: () => '' };
    expect(execute(['frobnicate'], io).err).toMatch(/commands are .*sweep, heatmap, tiny-table, reproduce/);
    expect([...execute(['help'], io).out].join('')).toMatch(/tiny-table <id> \[--format csv\|json\]/);
    const out = execute(['tiny-table', 'five', '--format', 'csv'], io);
    expect(out.code).toBe(0);
    expect([...out.out].join('')).toBe('nodes,steps\n5,4\n');
    expect(execute(['tiny-table', 'six'], io).err).toMatch(
      /unknown tiny-table id "six"; ids are three, five/,
    );
  });

  it('reaches the verifier: its schedule is built, verified and accepted', () => {
    const card = findCard('tiny-relay')!;
    const r = run('tiny-relay', { ...defaultsOf(card.params), nodes: 5 }, CLI_LIMITS);
    expect(r.topology.kind).toBe('tiny');
    expect(r.report.ok).toBe(true);
    expect(r.report.checked.steps).toBe(4);
  });
});
