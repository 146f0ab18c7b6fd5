import protobuf from 'protobufjs';
import { expect, test } from './shared-page';
import { ET_DESCRIPTOR, ET_PACKAGE } from '../src/interop/chakra/et-schema';
import { checkMscclXml } from '../src/interop/msccl-export/xml-checker.test-util';
import { download, openConfig, SHOTS, waitForResult } from './fixtures';

// The schedule on screen for other tools: MSCCL XML, Chakra traces (a ZIP of .et files) and the step
// timeline for Perfetto download from the data-out panel; a format's limit is named beside its button
// and the result stays.

/** The stored files of a ZIP archive, by name (read from its central directory). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  let at = zip.readUInt32LE(end + 16);
  for (let k = 0; k < zip.readUInt16LE(end + 10); k++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('ascii');
    const local = zip.readUInt32LE(at + 42);
    const size = zip.readUInt32LE(local + 18);
    const start = local + 30 + zip.readUInt16LE(local + 26);
    out.set(name, zip.subarray(start, start + size));
    at += 46 + nameLength;
  }
  return out;
}

test('ring all-gather downloads as MSCCL XML that runs, as Chakra traces per rank and as a Perfetto timeline', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=6&wavelengths=2');
  const panel = page.getByTestId('interop-out');
  await panel.scrollIntoViewIfNeeded();
  await page.getByTestId('data-out').screenshot({ path: `${SHOTS}/interop-out.png` });

  const xml = await download(page, page.getByTestId('download-msccl'));
  expect(xml.name).toBe('ring-allgather-n6.msccl.xml');
  const verdict = checkMscclXml(xml.bytes.toString('utf8'));
  expect(verdict.errors).toEqual([]);
  expect(verdict).toMatchObject({ coll: 'allgather', ngpus: 6, messages: 30, steps: 5 });

  const zip = await download(page, page.getByTestId('download-chakra'));
  expect(zip.name).toBe('ring-allgather-n6-chakra.zip');
  const files = unzip(zip.bytes);
  expect([...files.keys()]).toEqual([0, 1, 2, 3, 4, 5].map((r) => `ring-allgather.${r}.et`));
  const Node = protobuf.Root.fromJSON(ET_DESCRIPTOR as unknown as protobuf.INamespace).lookupType(
    `${ET_PACKAGE}.Node`,
  );
  const Meta = protobuf.Root.fromJSON(ET_DESCRIPTOR as unknown as protobuf.INamespace).lookupType(
    `${ET_PACKAGE}.GlobalMetadata`,
  );
  const reader = protobuf.Reader.create(files.get('ring-allgather.0.et')!);
  Meta.decodeDelimited(reader);
  let nodes = 0;
  while (reader.pos < reader.len) {
    Node.decodeDelimited(reader);
    nodes++;
  }
  expect(nodes).toBe(10); // 5 steps, a send and a receive in each

  const trace = await download(page, page.getByTestId('download-trace'));
  expect(trace.name).toBe('ring-allgather-n6.trace.json');
  const doc = JSON.parse(trace.bytes.toString('utf8')) as { traceEvents: { cat?: string }[] };
  expect(doc.traceEvents.filter((e) => e.cat === 'send')).toHaveLength(30);
});

test('beyond the MSCCL runtime: the limit is named beside the button and the schedule stays on screen', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=70');
  const steps = await page.getByTestId('step-label').textContent();
  await page.getByTestId('download-msccl').click();
  const alert = page.getByTestId('interop-out').getByRole('alert');
  await expect(alert).toContainText('needs at least 69 steps in one threadblock');
  await expect(alert).toContainText('MSCCL allows at most 64 (MSCCL_MAX_NUM_STEPS');
  await waitForResult(page);
  await expect(page.getByTestId('step-label')).toHaveText(steps!);
  await page.getByTestId('interop-out').screenshot({ path: `${SHOTS}/interop-out-refused.png` });
  // The other formats still write this schedule.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-trace').click(),
  ]);
  expect(file.suggestedFilename()).toBe('ring-allgather-n70.trace.json');
});
