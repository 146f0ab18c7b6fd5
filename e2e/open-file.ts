import type { Page } from '@playwright/test';

/** Gives `text` as a file named `name` to the file input with this test id (by default "Open schedule…"). */
export async function openFile(page: Page, name: string, text: string, input = 'open-schedule-input') {
  await page.getByTestId(input).setInputFiles({
    name,
    mimeType: name.endsWith('.xml') ? 'application/xml' : 'application/json',
    buffer: Buffer.from(text),
  });
}

/**
 * TE-CCL output (microsoft/TE-CCL, teccl/solvers/allgather.py) for an all-gather on a ring of `n`
 * GPUs, one chunk each: in epoch k every GPU passes on the chunk it got k hops from its source. Its
 * flows in "7-Flows", each demand's path in "8-Chunk paths", with the header fields the solver writes.
 */
export function tecclRingAllgather(n: number): string {
  const flows: string[] = [];
  const paths: Record<string, string[]> = {};
  const met: Record<string, Record<string, Record<string, number>>> = {};
  for (let s = 0; s < n; s++)
    for (let k = 0; k < n - 1; k++) {
      const [i, j] = [(s + k) % n, (s + k + 1) % n];
      flows.push(`Chunk 0 from ${s} traveled over ${i}->${j} in epoch ${k}`);
      const hops = Array.from(
        { length: k + 1 },
        (_, h) => `${(s + h) % n}->${(s + h + 1) % n} in epoch ${h}`,
      );
      paths[`Demand at ${j} for chunk 0 from ${s} met by epoch ${k}`] = hops;
      ((met[`GPU ${j}`] ??= {})[`GPU ${s}`] ??= {})['Chunk 0'] = k + 1;
    }
  return JSON.stringify({
    '1-Epoch_Duration': 1,
    '2-Expected_Epoch_Duration': 1,
    '3-Epochs_Required': n - 1,
    '4-Collective_Finish_Time': n - 1,
    '5-Algo_Bandwidth': 1,
    '6-Demand_Met': met,
    '7-Flows': flows,
    '8-Chunk paths': paths,
  });
}
