import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule of DESIGN.md, checked on what ESLint reports for code that breaks it.
const eslint = new ESLint();
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('layers', () => {
  it('keeps React, Mantine and rjsf out of the engine', async () => {
    const broken = await rulesBroken('src/engine/probe.ts', "import { useState } from 'react';\nimport { Button } from '@mantine/core';\nimport Form from '@rjsf/core';\nexport const x = [useState, Button, Form];\n");
    expect(broken.filter((r) => r === 'no-restricted-imports')).toHaveLength(3);
  });

  it('refuses an import from a higher layer', async () => {
    const broken = await rulesBroken('src/validation/probe.ts', "import { guards } from '../engine/guards';\nexport const x = guards;\n");
    expect(broken).toContain('import/no-restricted-paths');
  });

  it('allows an import from a lower layer', async () => {
    const broken = await rulesBroken('src/engine/probe.ts', "import { editDistance } from '../validation/editDistance';\nexport const x = editDistance;\n");
    expect(broken).toEqual([]);
  });
});
