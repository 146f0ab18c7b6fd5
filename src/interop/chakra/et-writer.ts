import { Writer } from 'protobufjs/minimal.js';
import { ET_MESSAGES, type FieldDef } from './et-schema';

/** A message's values by field name; attributes are lists of such objects. */
export type EtValue = string | number | boolean | number[] | EtMessage[];
export interface EtMessage {
  [field: string]: EtValue | undefined;
}

type MessageName = keyof typeof ET_MESSAGES;

/** Each message's fields in number order, sorted once. */
const FIELDS = Object.fromEntries(
  Object.entries(ET_MESSAGES).map(([type, m]) => [
    type,
    Object.entries(m.fields as Record<string, FieldDef>).sort((a, b) => a[1].id - b[1].id),
  ]),
) as Record<MessageName, [string, FieldDef][]>;

/** Proto3 wire types: varint for integers, booleans and enums; length-delimited for the rest. */
const VARINT = 0;
const DELIMITED = 2;

/**
 * Writes `value` as message `type` of the schema, fields in number order. Scalars at their default
 * (0, '', false) are left out as proto3 does, except the members of AttributeProto's oneof, whose
 * presence says which value an attribute holds. Repeated integers are packed (proto3's default).
 */
function writeFields(w: Writer, type: MessageName, value: EtMessage): void {
  const oneof = type === 'AttributeProto';
  for (const [name, def] of FIELDS[type]) {
    const v = value[name];
    if (v === undefined) continue;
    if (def.type === 'AttributeProto') {
      for (const m of v as EtMessage[]) {
        w.uint32((def.id << 3) | DELIMITED).fork();
        writeFields(w, 'AttributeProto', m);
        w.ldelim();
      }
      continue;
    }
    if (def.rule === 'repeated') {
      const list = v as number[];
      if (list.length === 0) continue;
      w.uint32((def.id << 3) | DELIMITED).fork();
      for (const x of list) w.uint64(x);
      w.ldelim();
      continue;
    }
    if (!oneof && (v === 0 || v === '' || v === false)) continue;
    if (def.type === 'string') w.uint32((def.id << 3) | DELIMITED).string(v as string);
    else {
      w.uint32((def.id << 3) | VARINT);
      if (def.type === 'bool') w.bool(v as boolean);
      else if (def.type === 'int32' || def.type === 'NodeType') w.int32(v as number);
      else if (def.type === 'int64') w.int64(v as number);
      else w.uint64(v as number);
    }
  }
}

/** One message with its length in front as a varint: the framing of a Chakra `.et` file. */
export function writeDelimited(w: Writer, type: MessageName, value: EtMessage): void {
  w.fork();
  writeFields(w, type, value);
  w.ldelim();
}

/** A fresh writer (protobufjs's minimal one: no code compiled at run time). */
export const etWriter = (): Writer => Writer.create();

/** Attribute helpers, typed as the Chakra feeder reads them (comm_src as int32, comm_size as int64, …). */
export const attr = {
  int32: (name: string, v: number): EtMessage => ({ name, int32_val: v }),
  int64: (name: string, v: number): EtMessage => ({ name, int64_val: v }),
  uint64: (name: string, v: number): EtMessage => ({ name, uint64_val: v }),
  bool: (name: string, v: boolean): EtMessage => ({ name, bool_val: v }),
  string: (name: string, v: string): EtMessage => ({ name, string_val: v }),
};
