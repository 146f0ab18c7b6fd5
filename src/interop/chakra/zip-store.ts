/**
 * A ZIP archive of stored (uncompressed) files, for the page's one-download Chakra traces: local
 * headers, the files, the central directory and its end record (PKWARE's APPNOTE, sections 4.3–4.4),
 * without ZIP64, so at most 65,535 files under 4 GiB in all. Times are the format's epoch
 * (1980-01-01 00:00), so the same files give the same archive.
 */
export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (the ZIP polynomial) of bytes[from, to), continuing from `crc` (start with 0). */
export function crc32(bytes: Uint8Array, crc = 0, from = 0, to = bytes.length): number {
  let c = ~crc >>> 0;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

const DOS_DATE_1980_01_01 = (0 << 9) | (1 << 5) | 1;
/** Bytes checked between two pauses (a few milliseconds). */
const CRC_SLICE = 1 << 18;

/**
 * The archive in parts (Blob parts or file writes); empty parts are pauses between slices of the
 * checksums, so a big archive never holds the page for long.
 */
export function* zipParts(entries: readonly ZipEntry[]): Generator<Uint8Array, void, undefined> {
  if (entries.length > 0xffff) throw new Error(`a ZIP archive without ZIP64 holds at most 65,535 files`);
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    if (!/^[\x20-\x7e]+$/.test(e.name))
      throw new Error(`ZIP entry names are printable ASCII here: ${e.name}`);
    const name = Uint8Array.from(e.name, (ch) => ch.charCodeAt(0));
    let crc = 0;
    for (let a = 0; a < e.bytes.length; a += CRC_SLICE) {
      crc = crc32(e.bytes, crc, a, Math.min(e.bytes.length, a + CRC_SLICE));
      yield new Uint8Array(0);
    }
    if (offset + 30 + name.length + e.bytes.length > 0xffffffff)
      throw new Error('a ZIP archive without ZIP64 holds at most 4 GiB');
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 10, true); // version needed: 1.0 (stored files)
    lv.setUint16(8, 0, true); // method: stored
    lv.setUint16(12, DOS_DATE_1980_01_01, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, e.bytes.length, true);
    lv.setUint32(22, e.bytes.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const entry = new Uint8Array(46 + name.length);
    const cv = new DataView(entry.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true); // made by: version 2.0
    cv.setUint16(6, 10, true);
    cv.setUint16(14, DOS_DATE_1980_01_01, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, e.bytes.length, true);
    cv.setUint32(24, e.bytes.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    entry.set(name, 46);
    central.push(entry);
    yield local;
    yield e.bytes;
    offset += local.length + e.bytes.length;
  }
  let size = 0;
  for (const c of central) {
    yield c;
    size += c.length;
  }
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, size, true);
  ev.setUint32(16, offset, true);
  yield end;
}
