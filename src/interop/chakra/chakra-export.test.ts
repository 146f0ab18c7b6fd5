import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../kernel/jobs';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { ALGORITHMS } from '../../registry';
import { run } from '../../run';
import type { RunResult } from '../../result';
import { recursiveDoubling } from '../test-schedules.test-util';
import { chakraJob, chakraStem, chakraZipParts } from './chakra-export';
import { ET_DESCRIPTOR, ET_PACKAGE, NODE_TYPE } from './et-schema';
import { crc32, zipParts } from './zip-store';

const build = (id: string, params: ParamValues = {}) =>
  run(id, { ...defaultsOf(ALGORITHMS.find((a) => a.id === id)!.params), ...params }, CLI_LIMITS);

const root = protobuf.Root.fromJSON(ET_DESCRIPTOR as unknown as protobuf.INamespace);
const Metadata = root.lookupType(`${ET_PACKAGE}.GlobalMetadata`);
const Node = root.lookupType(`${ET_PACKAGE}.Node`);

interface Decoded {
  id: number;
  name: string;
  type: number;
  dataDeps: number[];
  attr: Record<string, number | boolean | string>;
}

/** One `.et` file read back with protobufjs against our schema: the metadata, then every node. */
function decode(bytes: Uint8Array) {
  const reader = protobuf.Reader.create(bytes);
  const meta = Metadata.toObject(Metadata.decodeDelimited(reader), { longs: Number }) as {
    version: string;
    attr: { name: string }[];
  };
  const nodes: Decoded[] = [];
  while (reader.pos < reader.len) {
    const o = Node.toObject(Node.decodeDelimited(reader), { longs: Number, defaults: true }) as {
      id: number;
      name: string;
      type: number;
      data_deps: number[];
      attr: Record<string, unknown>[];
    };
    const attr: Decoded['attr'] = {};
    for (const a of o.attr) {
      const { name, ...value } = a as { name: string } & Record<string, number | boolean | string>;
      attr[name] = Object.values(value)[0];
    }
    nodes.push({ id: o.id, name: o.name, type: o.type, dataDeps: o.data_deps, attr });
  }
  return { meta, nodes };
}

const tracesOf = (r: RunResult) => runToEnd(chakraJob(r, chakraStem(r))).files.map((f) => decode(f.bytes));

describe('Chakra execution traces', () => {
  it('ring all-gather: one file per rank; a send and a receive per step with peer, size and tag; each step after the last', () => {
    const r = build('ring-allgather', { nodes: 4, 'message-bytes': 1024 });
    const files = runToEnd(chakraJob(r, chakraStem(r))).files;
    expect(files.map((f) => f.name)).toEqual([0, 1, 2, 3].map((k) => `ring-allgather.${k}.et`));
    const traces = files.map((f) => decode(f.bytes));
    expect(traces[0].meta.version).toBe('1.0.0');
    for (const [rank, { nodes }] of traces.entries()) {
      expect(nodes.map((x) => x.type)).toEqual([5, 6, 5, 6, 5, 6]);
      expect(nodes.map((x) => x.id)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(nodes.map((x) => x.dataDeps)).toEqual([[], [], [0, 1], [0, 1], [2, 3], [2, 3]]);
      for (const x of nodes) {
        expect(x.attr.comm_size).toBe(1024);
        expect(x.attr.is_cpu_op).toBe(false);
        expect(x.type === NODE_TYPE.COMM_SEND_NODE ? x.attr.comm_src : x.attr.comm_dst).toBe(rank);
      }
    }
    // Every send has exactly one receive with the same source, destination and tag.
    const key = (x: Decoded) => `${x.attr.comm_src} ${x.attr.comm_dst} ${x.attr.comm_tag}`;
    const all = traces.flatMap((t) => t.nodes);
    const sends = all
      .filter((x) => x.type === NODE_TYPE.COMM_SEND_NODE)
      .map(key)
      .sort();
    const recvs = all
      .filter((x) => x.type === NODE_TYPE.COMM_RECV_NODE)
      .map(key)
      .sort();
    expect(sends).toEqual(recvs);
    expect(new Set(sends).size).toBe(12);
  });

  it('all-reduce: a receive folded into the partial is followed by a compute node that waits for it and for the send of its step', () => {
    const r = recursiveDoubling(4);
    const traces = tracesOf(r);
    for (const { nodes } of traces) {
      expect(nodes.map((x) => x.type)).toEqual([5, 6, 4, 5, 6, 4]);
      const [send1, recv1, fold1, send2, recv2, fold2] = nodes;
      expect(fold1.dataDeps).toEqual([recv1.id, send1.id]);
      expect(send2.dataDeps).toEqual([send1.id, fold1.id]);
      expect(recv2.dataDeps).toEqual([send1.id, fold1.id]);
      expect(fold2.dataDeps).toEqual([recv2.id, send2.id]);
      expect(fold1.attr.tensor_size).toBe(r.schedule.blocks.bytes);
    }
  });

  it('the mesh all-reduce: messages are message-bytes each, reductions count their elements', () => {
    const traces = tracesOf(build('mesh-allreduce', { 'message-bytes': 64 }));
    const all = traces.flatMap((t) => t.nodes);
    expect(all.filter((x) => x.type !== NODE_TYPE.COMP_NODE).every((x) => x.attr.comm_size === 64)).toBe(
      true,
    );
    const comp = all.filter((x) => x.type === NODE_TYPE.COMP_NODE);
    expect(comp.length).toBeGreaterThan(0);
    expect(comp.every((x) => x.attr.num_ops === 16 && x.attr.tensor_size === 64)).toBe(true);
  });

  it('the framing, read by hand: a varint length, then the message (GlobalMetadata first, then each node)', () => {
    const r = build('ring-allgather', { nodes: 4 });
    const bytes = runToEnd(chakraJob(r, 'x')).files[0].bytes;
    let at = 0;
    const varint = () => {
      let v = 0;
      for (let shift = 0; ; shift += 7) {
        const b = bytes[at++];
        v += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) return v;
      }
    };
    const metaLength = varint();
    // GlobalMetadata: field 1 (version), length-delimited: tag 0x0a, length 5, "1.0.0".
    expect([...bytes.subarray(at, at + 7)]).toEqual(
      [0x0a, 5, ...'1.0.0'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
    );
    at += metaLength;
    // Node 0 (a send): id 0 is proto3's default and left out, so the name (field 2, tag 0x12) comes first.
    const nodeLength = varint();
    const end = at + nodeLength;
    const tags: number[] = [];
    while (at < end) {
      const tag = varint();
      tags.push(tag >> 3);
      const value = varint();
      if ((tag & 7) === 2) at += value; // a length: skip the bytes
    }
    expect(tags.slice(0, 2)).toEqual([2, 3]);
    expect(tags.slice(2).every((f) => f === 10)).toBe(true);
    // And every node after it is framed the same way to the end of the file.
    let nodes = 1;
    while (at < bytes.length) {
      const length = varint();
      at += length;
      nodes++;
    }
    expect(at).toBe(bytes.length);
    expect(nodes).toBe(6);
  });

  it('ghost ranks are ranks of their own, and the metadata says how many are real', () => {
    const traces = tracesOf(build('star-gossip', { nodes: 10 }));
    expect(traces).toHaveLength(12);
    const meta = Metadata.toObject(
      Metadata.decodeDelimited(
        protobuf.Reader.create(runToEnd(chakraJob(build('star-gossip', { nodes: 10 }), 'g')).files[0].bytes),
      ),
      { longs: Number },
    ) as { attr: { name: string; int64_val?: number }[] };
    expect(meta.attr.find((a) => a.name === 'real_ranks')?.int64_val).toBe(10);
  });

  it('the ZIP for the page is written in slices: a pause at least every 128 nodes', () => {
    const r = build('ring-allgather', { nodes: 40 });
    const parts = [...chakraZipParts(r)];
    expect(parts.filter((p) => p.length === 0).length).toBeGreaterThanOrEqual((2 * 40 * 39) / 128);
  });

  it('the page downloads them as one ZIP of stored files, which unpacks to the same bytes', () => {
    const r = build('ring-allgather', { nodes: 4 });
    const files = runToEnd(chakraJob(r, 'ring')).files;
    const parts = [...zipParts(files)];
    const zip = new Uint8Array(parts.reduce((k, p) => k + p.length, 0));
    parts.reduce((k, p) => (zip.set(p, k), k + p.length), 0);
    const view = new DataView(zip.buffer);
    // End record: 4 entries, and where the central directory is.
    const end = zip.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(4);
    let cd = view.getUint32(end + 16, true);
    for (const f of files) {
      expect(view.getUint32(cd, true)).toBe(0x02014b50);
      const nameLength = view.getUint16(cd + 28, true);
      const name = new TextDecoder().decode(zip.subarray(cd + 46, cd + 46 + nameLength));
      expect(name).toBe(f.name);
      const local = view.getUint32(cd + 42, true);
      expect(view.getUint32(local, true)).toBe(0x04034b50);
      expect(view.getUint16(local + 8, true)).toBe(0); // stored
      const size = view.getUint32(local + 18, true);
      const data = zip.subarray(local + 30 + nameLength, local + 30 + nameLength + size);
      expect(Array.from(data)).toEqual(Array.from(f.bytes));
      expect(view.getUint32(local + 14, true)).toBe(bitwiseCrc32(data));
      cd += 46 + nameLength;
    }
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

/** CRC-32 bit by bit (no table), to check the writer's table-driven one. */
function bitwiseCrc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}
