import { describe, expect, it } from 'vitest';
import type { CommandOutput } from './command-kit';
import { memoryCli, outText as out, flags } from './cli.test-util';

// Every command that takes an algorithm's parameters checks them with one function (validParams):
// what `schedule` refuses, `bounds` and `formulas` refuse with the same line.

const files = new Map<string, string>([
  [
    'disconnected.json',
    JSON.stringify({
      routers: 4,
      links: [
        [0, 1],
        [2, 3],
      ],
    }),
  ],
  [
    'line.json',
    JSON.stringify({
      routers: 4,
      links: [
        [0, 1],
        [1, 2],
        [2, 3],
      ],
    }),
  ],
]);
const { cli } = memoryCli(files);

/** Refused: exit 2, nothing on standard output, one line. */
function refused(r: CommandOutput): string {
  expect(r.code).toBe(2);
  expect(out(r)).toBe('');
  expect(r.err).not.toMatch(/[\r\n]/);
  return r.err ?? '';
}

const NOC = ['noc-scatter', 'noc-broadcast'];

describe('bounds, formulas and schedule refuse the same configurations', () => {
  const cases: [string[], string][] = [
    // The fat Octagon has 16 processors: senders 16 to 1023 are not in it.
    [
      ['--senders', '0-1023', '--receivers', '0-1023'],
      'senders must be processors of the network, 0 to 15; 16 is not.',
    ],
    [['--topology', 'octagon:7'], 'an Octagon ring has a multiple of 4 routers (8, 12, 16, …), not 7'],
    [
      ['--topology', 'disconnected.json'],
      'disconnected.json: "links": router 2 cannot be reached from router 0',
    ],
    [
      ['--topology', 'mesh:4x4', '--network', 'torus'],
      '--network cannot be given with --topology, which sets the network; give one or the other',
    ],
    [
      ['--topology', 'hypercube:3', '--rows', '8'],
      '--rows cannot be given with --topology, which sets the network; give one or the other',
    ],
    [
      ['--topology', 'line.json', '--routers', '5'],
      '--routers cannot be given with --topology line.json: the file sets the network',
    ],
  ];
  for (const [args, message] of cases)
    for (const command of ['bounds', 'formulas', 'schedule'])
      for (const algorithm of NOC)
        it(`${command} ${algorithm} ${args.join(' ')}`, () => {
          expect(refused(cli(command, algorithm, ...args))).toBe(message);
        });

  it('still gives the bounds of a configuration schedule accepts', () => {
    const r = cli('bounds', 'noc-scatter', '--topology', 'line.json', '--pattern', 'aas');
    expect(r.code).toBe(0);
    const rep = JSON.parse(out(r)) as { params: Record<string, unknown>; steps: number };
    expect(rep.params['network']).toBe('custom');
    // 4 × 3 messages, 4 of each crossing the middle link's two directions: at least 4 steps.
    expect(rep.steps).toBeGreaterThanOrEqual(4);
  });

  it('--topology mesh:4x4 is a mesh, and --network torus with --rows and --cols a torus', () => {
    const mesh = JSON.parse(out(cli('bounds', 'noc-scatter', '--topology', 'mesh:4x4', '--pattern', 'aas')));
    expect(mesh.params.network).toBe('mesh');
    const torus = cli(
      'bounds',
      'noc-scatter',
      ...flags({ network: 'torus', rows: 4, cols: 4, pattern: 'aas' }),
    );
    expect(JSON.parse(out(torus)).params.network).toBe('torus');
  });
});
