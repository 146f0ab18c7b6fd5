import { describe, expect, it } from 'vitest';
import { fittedToNetwork } from './families/noc/noc-topology-file';
import { fileHeadRefusal, fileInput, formatFor, readFile, runFile } from './file-formats';
import { BROWSER_LIMITS, CLI_LIMITS, fileSizeRefusal, sizeText } from './limits';

const network = (text: string) =>
  readFile('network', fileInput('t.json', text), { name: 't.json', hash: '' }, BROWSER_LIMITS);

/** A valid schedule of `nodes` processors with one transfer (0 → 1 over link 0). */
const tiny = (nodes: number | string) =>
  `{"format": "optical-collectives/schedule-v1", "collective": "scatter", "nodes": ${nodes},
    "links": [{"id": 0, "from": 0, "to": 1, "channels": 1}], "blocks": [{"id": 0, "origin": 0, "to": [1]}],
    "steps": [{"phase": "p", "transfers": [{"from": 0, "to": [1], "path": [0], "channel": 0, "blocks": [0]}]}]}`;

describe('a topology file is checked whole, sizes first, before anything is built from it', () => {
  const ring = '[[0,1],[1,2],[2,3],[3,4],[4,5],[5,6],[6,7],[7,0]]';
  it('a valid one gives the parameters that carry it', () => {
    expect(network(`{"routers": 8, "links": ${ring}, "processorsPerRouter": 2}`)).toEqual({
      kind: 'network',
      params: {
        network: 'custom',
        routers: '8',
        links: '0,1,1,2,2,3,3,4,4,5,5,6,6,7,7,0',
        'per-router': '2',
      },
    });
  });

  it('sizes past the parameters’ ranges are refused naming the field and its range', () => {
    const cases: [string, string][] = [
      [
        `{"routers": 4000000000, "links": ${ring}}`,
        '"routers" must be a whole number from 2 to 64; got 4000000000',
      ],
      [
        `{"routers": 100000000, "links": ${ring}}`,
        '"routers" must be a whole number from 2 to 64; got 100000000',
      ],
      [
        `{"routers": 1e15, "links": []}`,
        '"routers" must be a whole number from 2 to 64; got 1000000000000000',
      ],
      [`{"routers": 0, "links": []}`, '"routers" must be a whole number from 2 to 64; got 0'],
      [
        `{"routers": 8, "links": ${ring}, "processorsPerRouter": 1000000000}`,
        '"processorsPerRouter" must be a whole number from 1 to 4; got 1000000000',
      ],
      [
        `{"routers": 8, "links": ${ring}, "processorsPerRouter": 0}`,
        '"processorsPerRouter" must be a whole number from 1 to 4; got 0',
      ],
      ['null', 'a topology file is a JSON object'],
      [
        `{"routers": 8, "links": ${JSON.stringify(Array.from({ length: 513 }, (_, i) => [i % 8, (i + 1) % 8]))}}`,
        '"links" has 513 links; a network may have at most 512',
      ],
      [`{"routers": 8, "links": [[0, 1], [1, 2]]}`, '"links": router 3 cannot be reached from router 0'],
      [
        `{"routers": 8, "links": [[0, 8]]}`,
        '"links[0]" must be a pair of router numbers from 0 to 7; got [0,8]',
      ],
      [`{"routers": 8}`, '"links" must be an array of router pairs'],
    ];
    for (const [text, message] of cases)
      expect(() => network(text), text.slice(0, 60)).toThrow(`t.json: ${message}`);
  });

  it('a million routers with a million links stops at the routers', () => {
    const links = JSON.stringify(Array.from({ length: 1_000_000 }, (_, i) => [i, (i + 1) % 1_000_000]));
    expect(() => network(`{"routers": 1000000, "links": ${links}}`)).toThrow(
      '"routers" must be a whole number from 2 to 64',
    );
  });

  it('a file over 1 MB is refused by its size alone, whatever it holds', () => {
    expect(fileSizeRefusal('big.json', 51_000_000, 'network', BROWSER_LIMITS)).toBe(
      'big.json is 51 MB; a topology file may be at most 1 MB (the largest network it can describe takes a few kB)',
    );
    expect(fileSizeRefusal('ok.json', 1_000_000, 'network', BROWSER_LIMITS)).toBeNull();
  });

  it('the communication is kept inside the new network', () => {
    // Senders inside stay; receivers all outside become the second half; the root moves to 0.
    expect(fittedToNetwork({ senders: '0-7', receivers: '8-15', root: 12 }, 8)).toEqual({
      receivers: '4-7',
      root: 0,
    });
    expect(fittedToNetwork({ senders: '6-9', receivers: '8-15', root: 0 }, 8)).toEqual({
      senders: '6-7',
      receivers: '4-7',
    });
    expect(fittedToNetwork({ senders: '0-3', receivers: '4-7', root: 0 }, 8)).toEqual({});
  });
});

describe('files are told apart by their content', () => {
  it('a topology file opened as a schedule says what it is and how to use it, and the other way round', () => {
    const topo = fileInput('ring.json', '{"routers": 4, "links": [[0, 1], [1, 2], [2, 3]]}');
    expect(() => formatFor('schedule', topo)).toThrow(
      /^ring\.json is a NoC topology file \(JSON: routers and links\), not a schedule file: use it as a network of your own with “Open topology \(JSON\)…”/,
    );
    expect(() => formatFor('network', fileInput('s.json', tiny(4)))).toThrow(
      /^s\.json is a schedule file \(JSON, docs\/schedule-format\.md\), not a network topology file: open it with “Open schedule…”/,
    );
  });

  it('JSON that is neither is read by the format of the kind asked for, which names the bad field', () => {
    expect(() => formatFor('schedule', fileInput('x.json', '{"format": "other"}'))).not.toThrow();
    expect(() => runFile('{"format": "other"}', { name: 'x.json', hash: '' }, BROWSER_LIMITS)).toThrow(
      'x.json: format must be "optical-collectives/schedule-v1"; got "other"',
    );
  });

  it('a binary file is refused by its first characters; an empty one as empty', () => {
    expect(fileHeadRefusal('zero.bin', '\u0000\u0000', 'schedule')).toBe(
      'zero.bin is not a schedule file: those are TE-CCL output (JSON with "N-Flows" or "N-Chunk paths", docs/interop.md); MSCCL XML (an <algo> file, docs/interop.md); or a schedule file (JSON, docs/schedule-format.md), and this starts with byte 0x00, so it is not text',
    );
    expect(fileHeadRefusal('a.json', '  {"x', 'schedule')).toBeNull();
    expect(fileHeadRefusal('e.json', '', 'schedule')).toBe('e.json is empty');
    expect(() => fileInput('e.json', ' \n')).toThrow('e.json is empty');
    expect(() => runFile('hello', { name: 'h.txt', hash: '' }, BROWSER_LIMITS)).toThrow(
      /^h\.txt is not a schedule file: .* starts with “hello”/,
    );
  });
});

describe('schedule files: sizes and processors against the limits of where they are opened', () => {
  it('the browser refuses more processors than it shows, naming both limits; the command line reads them', () => {
    const source = { name: 'wide.json', hash: '' };
    expect(() => runFile(tiny(4_194_304), source, BROWSER_LIMITS)).toThrow(
      "wide.json: nodes must be at most 65536 (the browser shows files of at most 65,536 processors; the command line's check reads up to 4,194,304); got 4194304",
    );
    expect(runFile(tiny(65_536), source, BROWSER_LIMITS).topology.nodeCount).toBe(65_536);
    expect(runFile(tiny(4_194_304), source, CLI_LIMITS).topology.nodeCount).toBe(4_194_304);
    expect(() => runFile(tiny(4_194_305), source, CLI_LIMITS)).toThrow(
      'nodes must be at most 4194304 (the checker keeps tables per processor)',
    );
  });

  it('a number too long for JavaScript is said to be so, not "null"', () => {
    expect(() => runFile(tiny('9'.repeat(400)), { name: 'n.json', hash: '' }, CLI_LIMITS)).toThrow(
      'n.json: nodes must be a whole number ≥ 1; got a number too large for JavaScript (over 1.8e308)',
    );
  });

  it('a schedule file over the browser’s size is refused with both limits; sizes read as people write them', () => {
    expect(fileSizeRefusal('big.json', 300_000_000, 'schedule', BROWSER_LIMITS)).toBe(
      "big.json is 300 MB; the browser reads schedule files of at most 250 MB; the command line's check reads up to 800 MB",
    );
    expect(fileSizeRefusal('big.json', 250_000_000, 'schedule', BROWSER_LIMITS)).toBeNull();
    expect(fileSizeRefusal('big.json', 900_000_000, 'schedule', CLI_LIMITS)).toBe(
      'big.json is 900 MB; the command line reads schedule files of at most 800 MB',
    );
    expect([870, 1500, 999_999, 51_234_567, 4e9].map(sizeText)).toEqual([
      '870 bytes',
      '1.5 kB',
      '1 MB',
      '51.2 MB',
      '4 GB',
    ]);
  });
});
