/**
 * CSV as RFC 4180 defines it, for every table the app and the command line write (a schedule's
 * transfers, a sweep's points, a paper check's rows, a heatmap's cells) and for the tests that read
 * them back. A field is quoted when it holds a comma, a double quote or a line break, and a quote
 * inside a quoted field is doubled. Lines end with `\n` (RFC 4180 names CRLF; every spreadsheet and
 * CSV library reads both, and the command line's output has always used `\n`).
 */

/** What a cell may hold: text and numbers as written, `true`/`false`, and nothing (an empty cell). */
export type CsvValue = string | number | boolean | null | undefined;

/** One field, quoted when it needs to be. Numbers are written in full (`String(x)`). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: its fields joined by commas, without the line break. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',');
}

/** A whole table: the header line, then one line per row, each ending with a line break. */
export function csvTable(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  let out = `${csvLine(header)}\n`;
  for (const row of rows) {
    if (row.length !== header.length)
      throw new Error(`a CSV row has ${row.length} fields where the header has ${header.length}`);
    out += `${csvLine(row)}\n`;
  }
  return out;
}

/**
 * Reads CSV text into records of fields (strings), the inverse of the writers above: quoted fields
 * may hold commas, doubled quotes and line breaks; lines may end with `\n` or `\r\n`; a final line
 * break does not start an empty record. Throws on a quote that is never closed or text after a
 * closing quote, naming the line.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  let i = 0;
  const n = text.length;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < n) {
    const c = text[i];
    if (c === '"' && field === '') {
      // A quoted field: up to the next quote that is not doubled.
      const start = line;
      i++;
      for (;;) {
        if (i >= n) throw new Error(`CSV line ${start}: a quoted field is never closed`);
        const d = text[i];
        if (d === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (d === '\n') line++;
        field += d;
        i++;
      }
      if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r')
        throw new Error(`CSV line ${line}: text after a closing quote`);
      if (i === n) {
        endRecord();
        return records;
      }
      continue;
    }
    if (c === ',') {
      endField();
      i++;
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      endRecord();
      i += c === '\r' ? 2 : 1;
      line++;
    } else {
      field += c;
      i++;
    }
  }
  // Text that does not end with a line break still ends its last record.
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** The records of a CSV table as objects keyed by its header (the first record). */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((r, k) => {
    if (r.length !== header.length)
      throw new Error(`CSV record ${k + 2} has ${r.length} fields where the header has ${header.length}`);
    return Object.fromEntries(header.map((h, j) => [h, r[j]]));
  });
}
