/**
 * Our `.et` files read against a schema written independently of the writer: the proto text below,
 * typed from mlcommons/chakra's `schema/protobuf/et_def.proto` (only the messages we write, in our
 * own layout and comments; field numbers and types as the proto has them), parsed by protobufjs.
 * The writer's own descriptor (et-schema.ts) is checked against it too, and each attribute is read
 * from the oneof member ASTRA-sim's feeder reads (chakra `src/feeder/et_feeder_node.cpp`).
 */
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../kernel/jobs';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { ALGORITHMS } from '../../registry';
import { run } from '../../run';
import { chakraJob, chakraStem } from './chakra-export';
import { ET_MESSAGES } from './et-schema';

const PROTO = `
syntax = "proto3";
package ChakraProtoMsg;

// A named value; the value is one member of a oneof (we list the scalar members only).
message AttributeProto {
  string name = 1;
  string doc_string = 2;
  oneof value {
    double double_val = 3;
    float float_val = 5;
    int32 int32_val = 7;
    int64 int64_val = 9;
    uint32 uint32_val = 11;
    uint64 uint64_val = 13;
    sint32 sint32_val = 15;
    sint64 sint64_val = 17;
    bool bool_val = 27;
    string string_val = 29;
    bytes bytes_val = 31;
  }
}

// The first message of a file.
message GlobalMetadata {
  string version = 1;
  repeated AttributeProto attr = 2;
}

enum NodeType {
  INVALID_NODE = 0;
  METADATA_NODE = 1;
  MEM_LOAD_NODE = 2;
  MEM_STORE_NODE = 3;
  COMP_NODE = 4;
  COMM_SEND_NODE = 5;
  COMM_RECV_NODE = 6;
  COMM_COLL_NODE = 7;
}

message IOInfo {
  string values = 1;
  string shapes = 2;
  string types = 3;
}

// Every later message of a file.
message Node {
  uint64 id = 1;
  string name = 2;
  NodeType type = 3;
  repeated uint64 ctrl_deps = 4;
  repeated uint64 data_deps = 5;
  uint64 start_time_micros = 6;
  uint64 duration_micros = 7;
  IOInfo inputs = 8;
  IOInfo outputs = 9;
  repeated AttributeProto attr = 10;
}
`;

const root = protobuf.parse(PROTO, { keepCase: true }).root;
const Metadata = root.lookupType('ChakraProtoMsg.GlobalMetadata');
const Node = root.lookupType('ChakraProtoMsg.Node');
const TYPE = root.lookupEnum('ChakraProtoMsg.NodeType').values;

/** The oneof member the feeder reads each attribute from (et_feeder_node.cpp), or the Lab's own. */
const MEMBER: Record<string, string> = {
  is_cpu_op: 'bool_val',
  num_ops: 'int64_val',
  tensor_size: 'uint64_val',
  comm_size: 'int64_val',
  comm_src: 'int32_val',
  comm_dst: 'int32_val',
  comm_tag: 'int32_val',
  lab_step: 'int64_val',
  lab_transfer: 'int64_val',
};

interface Attr {
  name: string;
  value?: string;
  [member: string]: unknown;
}
interface Decoded {
  id: number;
  type: number;
  data_deps: number[];
  ctrl_deps: number[];
  attr: Attr[];
}

function decode(bytes: Uint8Array) {
  const reader = protobuf.Reader.create(bytes);
  const opts = { longs: Number, enums: Number, defaults: true, oneofs: true };
  const meta = Metadata.toObject(Metadata.decodeDelimited(reader), opts) as { version: string; attr: Attr[] };
  const nodes: Decoded[] = [];
  while (reader.pos < reader.len) nodes.push(Node.toObject(Node.decodeDelimited(reader), opts) as Decoded);
  return { meta, nodes };
}

const build = (id: string, params: ParamValues = {}) =>
  run(id, { ...defaultsOf(ALGORITHMS.find((a) => a.id === id)!.params), ...params }, CLI_LIMITS);

describe("Chakra .et files against a schema text of et_def.proto's", () => {
  it("the writer's field numbers and types are the proto's", () => {
    for (const [message, { fields }] of Object.entries(ET_MESSAGES)) {
      const type = root.lookupType(`ChakraProtoMsg.${message}`);
      for (const [name, f] of Object.entries(fields)) {
        const proto = type.fields[name];
        expect(proto, `${message}.${name}`).toBeDefined();
        expect(proto.id, `${message}.${name}`).toBe(f.id);
        expect(proto.type, `${message}.${name}`).toBe(f.type);
        expect(proto.repeated, `${message}.${name}`).toBe('rule' in f && f.rule === 'repeated');
      }
    }
  });

  for (const [id, params] of [
    ['ring-allgather', { nodes: 4 }],
    ['mesh-allreduce', {}],
    ['star-scatter', { nodes: 9 }],
  ] as const)
    it(`${id}: node types, attributes in the feeder's members, dependencies on earlier nodes`, () => {
      const r = build(id, params);
      const files = runToEnd(chakraJob(r, chakraStem(r))).files;
      expect(files).toHaveLength(r.schedule.nodeCount);
      const kinds = new Set<number>();
      for (const [rank, f] of files.entries()) {
        const { meta, nodes } = decode(f.bytes);
        expect(meta.version).toBe('1.0.0');
        const m = Object.fromEntries(meta.attr.map((a) => [a.name, a[a.value!]]));
        expect(m.rank).toBe(rank);
        expect(m.ranks).toBe(r.schedule.nodeCount);
        const ids = new Set<number>();
        for (const n of nodes) {
          expect([TYPE.COMP_NODE, TYPE.COMM_SEND_NODE, TYPE.COMM_RECV_NODE]).toContain(n.type);
          kinds.add(n.type);
          // Dependencies name nodes already in the file (ASTRA-sim resolves them as it reads).
          for (const d of n.data_deps)
            expect(ids.has(d), `${id} rank ${rank} node ${n.id} waits for ${d}`).toBe(true);
          expect(n.ctrl_deps).toEqual([]);
          ids.add(n.id);
          const a = Object.fromEntries(n.attr.map((x) => [x.name, x]));
          for (const x of n.attr) if (MEMBER[x.name]) expect(x.value, `${x.name}`).toBe(MEMBER[x.name]);
          expect(a.is_cpu_op.bool_val).toBe(false);
          if (n.type === TYPE.COMP_NODE) {
            expect(a.num_ops.int64_val).toBeGreaterThan(0);
            expect(a.tensor_size.uint64_val).toBeGreaterThan(0);
          } else {
            const send = n.type === TYPE.COMM_SEND_NODE;
            expect((send ? a.comm_src : a.comm_dst).int32_val).toBe(rank);
            expect((send ? a.comm_dst : a.comm_src).int32_val).not.toBe(rank);
            expect(a.comm_size.int64_val).toBeGreaterThan(0);
          }
        }
      }
      expect(kinds.has(TYPE.COMM_SEND_NODE) && kinds.has(TYPE.COMM_RECV_NODE)).toBe(true);
      // An all-reduce folds each partial it receives: compute nodes.
      expect(kinds.has(TYPE.COMP_NODE)).toBe(id === 'mesh-allreduce');
    });
});
