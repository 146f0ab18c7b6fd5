/**
 * The part of Chakra's execution-trace schema the Lab writes, in our own form: only the messages and
 * fields we use, each with its number and type as mlcommons/chakra's `schema/protobuf/et_def.proto`
 * (proto3, package ChakraProtoMsg) gives them. A Chakra `.et` file is one GlobalMetadata message and
 * then the nodes, each message preceded by its length as a varint (what chakra's `protolib.py`
 * `encodeMessage` and `protoio.cc` write and its trace feeder reads back).
 *
 * The object below is a protobufjs JSON descriptor, so a test can decode our files with protobufjs
 * against it; our writer (et-writer.ts) encodes from the same numbers with protobufjs's minimal writer
 * (the reflection encoder compiles code at run time, which the page's security policy forbids).
 */
export const ET_PACKAGE = 'ChakraProtoMsg';

export type FieldType = 'string' | 'uint64' | 'int64' | 'int32' | 'bool' | 'NodeType' | 'AttributeProto';

export interface FieldDef {
  id: number;
  type: FieldType;
  rule?: 'repeated';
}

export const ET_MESSAGES = {
  AttributeProto: {
    fields: {
      name: { id: 1, type: 'string' },
      // The value is a oneof in et_def.proto; these are the members we write.
      int32_val: { id: 7, type: 'int32' },
      int64_val: { id: 9, type: 'int64' },
      uint64_val: { id: 13, type: 'uint64' },
      bool_val: { id: 27, type: 'bool' },
      string_val: { id: 29, type: 'string' },
    },
    oneofs: { value: { oneof: ['int32_val', 'int64_val', 'uint64_val', 'bool_val', 'string_val'] } },
  },
  GlobalMetadata: {
    fields: {
      version: { id: 1, type: 'string' },
      attr: { id: 2, type: 'AttributeProto', rule: 'repeated' },
    },
  },
  Node: {
    fields: {
      id: { id: 1, type: 'uint64' },
      name: { id: 2, type: 'string' },
      type: { id: 3, type: 'NodeType' },
      ctrl_deps: { id: 4, type: 'uint64', rule: 'repeated' },
      data_deps: { id: 5, type: 'uint64', rule: 'repeated' },
      duration_micros: { id: 7, type: 'uint64' },
      attr: { id: 10, type: 'AttributeProto', rule: 'repeated' },
    },
  },
} as const satisfies Record<string, { fields: Record<string, FieldDef>; oneofs?: object }>;

/** The node types we write (enum NodeType of et_def.proto). */
export const NODE_TYPE = { COMP_NODE: 4, COMM_SEND_NODE: 5, COMM_RECV_NODE: 6 } as const;

/** The schema as a protobufjs JSON descriptor (Root.fromJSON), for decoding in tests and tools. */
export const ET_DESCRIPTOR = {
  nested: {
    [ET_PACKAGE]: {
      nested: {
        ...ET_MESSAGES,
        NodeType: {
          values: {
            INVALID_NODE: 0,
            METADATA_NODE: 1,
            MEM_LOAD_NODE: 2,
            MEM_STORE_NODE: 3,
            ...NODE_TYPE,
            COMM_COLL_NODE: 7,
          },
        },
      },
    },
  },
};

/** The schema version the feeder's own generator writes into GlobalMetadata. */
export const ET_VERSION = '1.0.0';
