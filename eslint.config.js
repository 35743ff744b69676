// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The rooms of src/ and what each may import (docs/architecture.md). Each entry names the rooms it
 * may NOT import: the pack model at the bottom, the runtime above it, the checker and the tools
 * beside each other above the runtime, the browser's layers (api, screens, app) on the runtime,
 * the sandbox apart, and the studio on top of them all. Nothing in src/ imports tests/.
 */
const rooms = ['validation', 'pack', 'runtime', 'openapi', 'checker', 'tools', 'build', 'api', 'screens', 'app', 'sandbox', 'studio'];
/** @type {Record<string, { not: string[], why: string, except?: Record<string, string[]> }>} */
const forbidden = {
  validation: { not: rooms.filter((r) => r !== 'validation'), why: 'the rules stand alone: every other room uses them' },
  pack: { not: ['runtime', 'openapi', 'checker', 'tools', 'build', 'api', 'screens', 'app', 'sandbox', 'studio'], why: 'the pack model is the bottom: it describes files, it runs nothing' },
  runtime: { not: ['openapi', 'checker', 'tools', 'build', 'api', 'screens', 'app', 'sandbox', 'studio'], why: 'the runtime runs a checked journey; the checker and the tools sit above it' },
  openapi: { not: ['runtime', 'checker', 'tools', 'build', 'api', 'screens', 'app', 'sandbox', 'studio'], why: 'the specs are read by the api types, the checker and the sandbox alike' },
  checker: { not: ['tools', 'build', 'api', 'screens', 'app', 'sandbox', 'studio'], except: { api: ['publishedKeys.ts'] }, why: 'the checker stands beside the tools, below the app' },
  tools: { not: ['checker', 'studio'], why: 'the tools stand beside the checker: a command joins the two' },
  build: { not: ['tools', 'studio', 'sandbox'], why: 'the build generates code and configures Vite; it runs no tool' },
  api: { not: ['openapi', 'checker', 'tools', 'build', 'screens', 'app', 'sandbox', 'studio'], why: 'the api layer sits below the screens and the app' },
  screens: { not: ['openapi', 'checker', 'tools', 'build', 'app', 'sandbox', 'studio'], why: 'the screens sit below the app' },
  app: { not: ['openapi', 'checker', 'tools', 'build', 'sandbox', 'studio'], why: 'the app ships to agents: no checker, tool or server in its bundle' },
  sandbox: { not: ['runtime', 'api', 'checker', 'tools', 'build', 'screens', 'app', 'studio'], except: { api: ['generated', 'signedCallProtocol.ts'] }, why: 'the sandbox is the provider: it shares the pack model, the rules, the specs and the wire format, never the client' },
  studio: { not: [], why: '' },
};
const roomZones = Object.entries(forbidden).flatMap(([room, { not, why, except }]) =>
  not.map((other) => ({
    target: `./src/${room}`,
    from: `./src/${other}`,
    ...(except?.[other] ? { except: except[other].map((e) => `./${e}`) } : {}),
    message: `${room} may not import ${other}: ${why} (docs/architecture.md).`,
  })),
);
roomZones.push({ target: './src', from: './tests', message: 'src/ never imports tests/: what both need lives in src/ (docs/architecture.md).' });
roomZones.push({ target: './tests', from: './scripts', message: 'tests import src/, never scripts/: a script is a thin command over src/ (docs/architecture.md).' });

export default tseslint.config(
  // tests/fixtures/lint/ breaks the rules on purpose; tests/unit/layers.test.ts lints it.
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'src/checker/generated/', 'src/screens/generated/', 'src/api/generated/', 'tests/fixtures/lint/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { projectService: false } },
    plugins: { import: importPlugin },
    // Relative imports without extensions, as TypeScript's bundler resolution writes them.
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // Import cycles: scripts/importCycles.ts, after ESLint in `npm run lint` (import/no-cycle took 85 of its 100 s).
      'import/no-restricted-paths': [
        'error',
        {
          zones: roomZones,
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
    // The pack model, the runtime and the checker are framework-free: they run in Node and the browser alike.
    files: ['src/pack/**', 'src/runtime/**', 'src/checker/**', 'src/validation/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/*'], message: 'The pack model, the runtime and the checker may not import React.' },
            { group: ['@mantine/*'], message: 'The pack model, the runtime and the checker may not import Mantine.' },
            { group: ['@rjsf/*'], message: 'The pack model, the runtime and the checker may not import rjsf.' },
          ],
        },
      ],
    },
  },
);
