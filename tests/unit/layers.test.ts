import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../src/tools/importCycles';
import { typeScriptFiles } from '../../src/tools/typeScriptFiles';

// The rooms' import rule (docs/architecture.md), checked on what ESLint reports for code that breaks it. The
// probes are text at paths that do not exist; the import cycles' check reads real files, so it is
// checked on the fixture files instead.
const eslint = new ESLint();
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('layers', () => {
  it('keeps React, Mantine and rjsf out of the pack model, the runtime and the checker', async () => {
    for (const room of ['pack', 'runtime', 'checker']) {
      const broken = await rulesBroken(`src/${room}/probe.ts`, "import { useState } from 'react';\nimport { Button } from '@mantine/core';\nimport Form from '@rjsf/core';\nexport const x = [useState, Button, Form];\n");
      expect(broken.filter((r) => r === 'no-restricted-imports')).toHaveLength(3);
    }
  });

  it('refuses an import from a higher layer', async () => {
    const broken = await rulesBroken('src/validation/probe.ts', "import { guards } from '../runtime/guards';\nexport const x = guards;\n");
    expect(broken).toContain('import/no-restricted-paths');
  });

  it('refuses the checker in the runtime, and the runtime in the pack model below it', async () => {
    expect(await rulesBroken('src/runtime/probe.ts', "import { checkJourney } from '../checker/checkJourney';\nexport const x = checkJourney;\n")).toContain('import/no-restricted-paths');
    expect(await rulesBroken('src/pack/probe.ts', "import { compileJourney } from '../runtime/compileJourney';\nexport const x = compileJourney;\n")).toContain('import/no-restricted-paths');
  });

  it('keeps the checker and the tools apart, and both out of the app', async () => {
    expect(await rulesBroken('src/checker/probe.ts', "import { journeyPaths } from '../tools/paths/journeyPaths';\nexport const x = journeyPaths;\n")).toContain('import/no-restricted-paths');
    expect(await rulesBroken('src/tools/probe.ts', "import { checkJourney } from '../checker/checkJourney';\nexport const x = checkJourney;\n")).toContain('import/no-restricted-paths');
    expect(await rulesBroken('src/app/probe.ts', "import { checkJourney } from '../checker/checkJourney';\nexport const x = checkJourney;\n")).toContain('import/no-restricted-paths');
  });

  it('refuses tests/ in src/, and scripts/ in tests/', async () => {
    expect(await rulesBroken('src/tools/probe.ts', "import { signIn } from '../../tests/support/sale';\nexport const x = signIn;\n")).toContain('import/no-restricted-paths');
    expect(await rulesBroken('tests/unit/probe.test.ts', "import { x } from '../../scripts/journeysCheck';\nexport const y = x;\n")).toContain('import/no-restricted-paths');
  });

  it('names the files whose imports go in a circle, a type-only import back being none (npm run lint: scripts/importCycles.ts)', () => {
    expect(importCycles(typeScriptFiles('tests/fixtures/lint'))).toEqual([['tests/fixtures/lint/cycleA.ts', 'tests/fixtures/lint/cycleB.ts']]);
  });

  it('finds no import cycle in the repository', () => {
    expect(importCycles(['src', 'tests', 'scripts'].flatMap((folder) => typeScriptFiles(folder, ['tests/fixtures/lint'])))).toEqual([]);
  });

  it('keeps the api client out of the sandbox, which shares only the types and the signed-call wire format', async () => {
    expect(await rulesBroken('src/sandbox/probe.ts', "import { createCallSigner } from '../api/callSigner';\nexport const x = createCallSigner;\n")).toContain('import/no-restricted-paths');
    expect(await rulesBroken('src/sandbox/probe.ts', "import { SIGNED_HEADERS } from '../api/signedCallProtocol';\nexport const x = SIGNED_HEADERS;\n")).toEqual([]);
  });

  it('allows an import from a lower layer', async () => {
    expect(await rulesBroken('src/runtime/probe.ts', "import { editDistance } from '../validation/editDistance';\nexport const x = editDistance;\n")).toEqual([]);
    expect(await rulesBroken('src/sandbox/probe.ts', "import { toPointer } from '../pack/jsonPointer';\nexport const x = toPointer;\n")).toEqual([]);
  });
});
