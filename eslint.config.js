// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';

/** Layers of DESIGN.md, lowest first: each may import only from the ones before it. */
const layers = ['validation', 'engine', 'api', 'screens', 'app'];

/** One zone per layer: a lower layer may not import a higher one. */
const layerZones = layers.flatMap((layer, i) =>
  layers.slice(i + 1).map((higher) => ({
    target: `./src/${layer}`,
    from: `./src/${higher}`,
    message: `${layer} sits below ${higher} (DESIGN.md: imports go one way).`,
  })),
);

export default tseslint.config(
  // tests/fixtures/lint/ breaks the rules on purpose; tests/unit/layers.test.ts lints it.
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'src/engine/generated/', 'src/screens/generated/', 'src/api/generated/', 'tests/fixtures/lint/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { projectService: false } },
    plugins: { import: importPlugin },
    // Relative imports without extensions, as TypeScript's bundler resolution writes them.
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // import/no-cycle reads the imported files too; they are TypeScript.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            { target: './src/sandbox', from: './src/app', message: 'The sandbox never uses the app.' },
            { target: './src/sandbox', from: './src/screens', message: 'The sandbox never uses the screens.' },
            { target: './src/sandbox', from: './src/engine', message: 'The sandbox uses validation and API types only.' },
            {
              target: './src/sandbox',
              from: './src/api',
              // The generated types, and the wire format of signed calls that both ends must share.
              except: ['./generated', './signedCallProtocol.ts'],
              message: 'The sandbox uses the API types and the signed-call wire format only, never the client.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.tsx', 'src/screens/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The engine is framework-free: it runs in Node scripts, tests and the browser alike.
    files: ['src/engine/**', 'src/validation/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/*'], message: 'The engine may not import React.' },
            { group: ['@mantine/*'], message: 'The engine may not import Mantine.' },
            { group: ['@rjsf/*'], message: 'The engine may not import rjsf.' },
          ],
        },
      ],
    },
  },
);
