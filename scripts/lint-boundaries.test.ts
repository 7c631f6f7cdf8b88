// Proves the linter enforces the architecture's import boundaries (and would fail `npm test` on a violation).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
async function errorsFor(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['domain/src/x.ts', "import { a } from '@ss/couchdb/client';"],
    ['domain/src/x.ts', "import { a } from '@ss/web/x';"],
    ['couchdb/src/x.ts', "import { a } from '@ss/sync-gateway/app';"],
    ['sync-gateway/src/x.ts', "import { a } from '@ss/workers/main';"],
    ['sync-gateway/src/x.ts', "import { a } from '../../workers/src/main.ts';"],
    ['workers/src/x.ts', "import { a } from '@ss/sync-gateway/app';"],
    ['web/src/x.ts', "import { a } from '@ss/couchdb/client';"],
    ['web/src/x.ts', "import { a } from '../../sync-gateway/src/app.ts';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await errorsFor(file, `${code}\nexport const b = a;\n`)).toHaveLength(1);
  });

  it.each([
    ['web/src/x.ts', "import { a } from '@ss/domain/constants';"],
    ['sync-gateway/src/x.ts', "import { a } from '@ss/couchdb/client';"],
    ['workers/src/x.ts', "import { a } from '@ss/couchdb/client';"],
    ['couchdb/src/x.ts', "import { a } from '@ss/domain/sanctuary';"],
  ])('%s may: %s', async (file, code) => {
    expect(await errorsFor(file, `${code}\nexport const b = a;\n`)).toEqual([]);
  });
});
