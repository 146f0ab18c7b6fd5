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
    ignores: ['app/worker/**', '**/*.test.ts'],
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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
