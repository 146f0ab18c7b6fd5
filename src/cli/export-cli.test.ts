import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { execute } from './commands';
import type { CommandOutput } from './command-kit';

const cli = (...argv: string[]) => execute(argv, { readText: () => '' });
const outText = (r: CommandOutput) => [...r.out].join('');

describe('schedule --format msccl | chakra | trace', () => {
  it('msccl: the XML on standard output', () => {
    const r = cli('schedule', 'ring-allgather', '--nodes', '4', '--format', 'msccl');
    expect(r.code).toBe(0);
    expect(r.err).toBeUndefined();
    const xml = outText(r);
    expect(xml).toMatch(/^<!-- Written by Optical Collectives Lab from ring-allgather on 4 processors/);
    expect(xml).toMatch(
      /<algo name="ring-allgather n=4" proto="Simple" nchannels="1" nchunksperloop="4" ngpus="4" coll="allgather"/,
    );
    expect(xml.match(/<gpu /g)).toHaveLength(4);
  });

  it('msccl beyond the runtime: exit 2, one line naming the limit, nothing written', () => {
    const r = cli('schedule', 'ring-allgather', '--nodes', '70', '--format', 'msccl', '--out', 'x.xml');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^ring-allgather: rank 0's threadblock sending to rank 1 needs at least 69 steps in one threadblock.*MSCCL allows at most 64 \(MSCCL_MAX_NUM_STEPS/,
    );
    expect(r.err).not.toMatch(/\n/);
    expect([...r.out]).toEqual([]);
  });

  it('chakra: needs --out (a folder); gives one file per rank and says where', () => {
    const no = cli('schedule', 'ring-allgather', '--nodes', '4', '--format', 'chakra');
    expect(no.code).toBe(2);
    expect(no.err).toBe('--format chakra writes one file per rank: give --out FOLDER');
    const r = cli('schedule', 'ring-allgather', '--nodes', '4', '--format', 'chakra', '--out', 'traces');
    expect(r.code).toBe(0);
    expect(r.outFile).toBe('traces');
    expect(r.files?.map((f) => f.name)).toEqual([0, 1, 2, 3].map((k) => `ring-allgather.${k}.et`));
    expect(outText(r)).toMatch(
      /wrote 4 Chakra traces to traces: .*ASTRA-sim's workload path: traces\/ring-allgather/,
    );
  });

  it('trace: Trace Event JSON', () => {
    const r = cli('schedule', 'neighbor-exchange', '--nodes', '6', '--format', 'trace');
    expect(r.code).toBe(0);
    const doc = JSON.parse(outText(r)) as { traceEvents: { cat?: string }[] };
    expect(doc.traceEvents.filter((e) => e.cat === 'send').length).toBeGreaterThan(0);
  });

  it('an unknown format names the five', () => {
    expect(cli('schedule', 'ring-allgather', '--format', 'xml').err).toBe(
      '--format for schedule must be json or csv or msccl or chakra or trace; got "xml"',
    );
  });
});

describe('the program writes the Chakra folder (spawned)', () => {
  const exec = promisify(execFile);
  const root = fileURLToPath(new URL('../..', import.meta.url));
  it('creates the folder and one .et per rank in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oc-chakra-'));
    try {
      const out = join(dir, 'deep', 'traces');
      const { stdout } = await exec(
        join(root, 'node_modules/.bin/tsx'),
        ['src/cli/main.ts', 'schedule', 'star-gossip', '--nodes', '9', '--format', 'chakra', '--out', out],
        { cwd: root },
      );
      expect(stdout).toMatch(/wrote 9 Chakra traces/);
      expect(existsSync(out)).toBe(true);
      expect(readdirSync(out).sort()).toEqual(
        Array.from({ length: 9 }, (_, k) => `star-gossip.${k}.et`).sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
