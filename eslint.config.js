import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'dist-usb', 'node_modules', 'test-results', 'playwright-report', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [
      'src/cli/**/*.{ts,mjs}',
      'e2e/**/*.{ts,mjs}',
      'bench/**/*.ts',
      'build/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // The page's main thread and what it reads (cards, catalogues, the URL codec) never import a
    // schedule engine: builders, the verifier, the replay and the file reader run in the worker.
    // The format's writer (schedule-export) is allowed: the page writes the schedule it shows as a
    // download, in slices. app/mainThread.test.ts follows the imports further than this rule can.
    files: [
      'app/**/*.{ts,tsx}',
      'src/cards.ts',
      'src/**/*.card.ts',
      'src/families/*/cards.ts',
      'src/experiments/catalogue.ts',
      'src/config/**/*.ts',
      'src/interconnects.ts',
      'src/limits.ts',
      'src/result.ts',
    ],
    // A family's jobs (app/families/*/jobs.ts) run in the worker, as app/worker/** does.
    ignores: ['app/worker/**', 'app/families/*/jobs.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/src/registry',
                '**/src/run',
                '**/experiments/registry',
                './registry',
                './run',
                '**/schedule-builder',
                '**/verify/verifier',
                '**/replay/replay',
                '**/replay/*-replay',
                '**/format/schedule-import',
              ],
              allowTypeImports: true,
              message:
                'The main thread holds no schedule engine: read src/cards.ts or src/experiments/catalogue.ts, and ask the worker for results.',
            },
          ],
        },
      ],
    },
  },
  {
    // No source file over 400 lines (blank lines and comments not counted). Test files are left
    // out: a test file is a flat list of independent cases, read one case at a time, and a long one
    // costs no reader the whole-module understanding a long source file does.
    files: ['src/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Fence: a family's engine never reaches up to the runner, the registry or the card list; a
    // paper check or a heatmap that needs to run another configuration is handed a runner
    // (src/runner.ts). Tests are outside both import fences: they may check a family end to end
    // through the runner, and check shared code on a real family.
    files: ['src/families/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}(run|registry|cards)$',
              message:
                'A family does not import src/run, src/registry or src/cards: take a Runner (src/runner.ts) as a parameter.',
            },
          ],
        },
      ],
    },
  },
  {
    // Fence: shared app code knows no family. A family contributes its pages, panels, hover
    // hooks and state through its entry in app/interconnects.tsx (and src/interconnects.ts); the
    // command line and the experiments reach a family's commands and checks through its engine
    // (src/registry.ts, src/family-engines.ts), and "Try it" its model's time, bounds and choices
    // (`FamilyEngine.tryIt`, src/tryit/try-models.ts).
    files: [
      'app/{views,panels,pages,store,worker,scene,lib}/**/*.{ts,tsx}',
      'src/{cli,experiments,tryit}/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)families/',
              message:
                'Shared app code imports no family: reach a family through its registry entry (app/interconnects.tsx, src/interconnects.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
