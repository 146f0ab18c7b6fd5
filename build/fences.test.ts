import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The fences in eslint.config.js, tried on made-up files at the places they guard: a family that
 * reaches up to the runner, shared app code that reaches into a family, a source file over 400
 * lines. Each is an error where it is fenced and nothing where it is not (tests, the app's
 * registries, a family's own cards). The whole tree passing them is `npm run lint`.
 */
const eslint = new ESLint();

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('the fences', () => {
  it('keep a family from importing the runner, the registry or the card list', async () => {
    for (const [file, from] of [
      ['src/families/star/star-made-up.ts', '../../run'],
      ['src/families/star/star-made-up.ts', '../../registry'],
      ['src/families/ring/optree/made-up.ts', '../../../cards'],
    ])
      expect(await rulesBroken(file, importing(from)), `${file} ← ${from}`).toContain(
        'no-restricted-imports',
      );
    // The family's own cards, the runner's type and tests are not fenced.
    expect(await rulesBroken('src/families/ring/optree/made-up.ts', importing('../cards'))).toEqual([]);
    expect(await rulesBroken('src/families/star/made-up.ts', importing('../../runner'))).toEqual([]);
    expect(await rulesBroken('src/families/star/made-up.test.ts', importing('../../run'))).toEqual([]);
  }, 60_000);

  it('keep shared app code from importing a family, on either side', async () => {
    for (const dir of ['views', 'panels', 'pages', 'store', 'worker', 'scene', 'lib'])
      for (const from of ['../families/star/starHover', '../../src/families/ring/optical-constraints'])
        expect(await rulesBroken(`app/${dir}/MadeUp.ts`, importing(from)), `${dir} ← ${from}`).toContain(
          'no-restricted-imports',
        );
    // The app's registry of families is where they are listed.
    expect(await rulesBroken('app/interconnects.tsx', importing('./families/star/starHover'))).toEqual([]);
  }, 60_000);

  it("keep Try it from importing a family: it asks the registry for a family's model", async () => {
    for (const from of ['../families/noc/noc-bounds', '../families/circuit/circuits'])
      expect(await rulesBroken('src/tryit/made-up.ts', importing(from)), from).toContain(
        'no-restricted-imports',
      );
    // The registries of families are how it reaches them; its tests are not fenced.
    expect(await rulesBroken('src/tryit/made-up.ts', importing('../family-engines'))).toEqual([]);
    expect(await rulesBroken('src/tryit/made-up.test.ts', importing('../families/noc/noc-bounds'))).toEqual(
      [],
    );
  }, 60_000);

  it('hold source files to 400 lines, blank lines and comments not counted', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n');
    const padded = `${lines(400)}\n\n// a comment\n/* and another */\n`;
    expect(await rulesBroken('src/kernel/made-up.ts', padded)).toEqual([]);
    expect(await rulesBroken('src/kernel/made-up.ts', lines(401))).toContain('max-lines');
    expect(await rulesBroken('app/views/made-up.ts', lines(401))).toContain('max-lines');
  }, 60_000);
});
