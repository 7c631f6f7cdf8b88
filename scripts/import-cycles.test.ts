// No import cycles inside any workspace (issue 18), checked with dpdm over every source file. Cycles across
// workspaces cannot happen: the ESLint boundaries (lint-boundaries.test.ts) only let imports go one way.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = ['domain/src', 'couchdb/src', 'sync-gateway/src', 'workers/src', 'web/src'].map((dir) => `${dir}/**/*.{ts,tsx}`);


async function cycles(withTypeImports: boolean) {
  const tree = await parseDependencyTree(ENTRIES, {
    context: ROOT,
    extensions: ['.ts', '.tsx', '.mjs', '.js'],
    transform: !withTypeImports,
    skipDynamicImports: false,
    exclude: /node_modules|\.test\.tsx?$/,
  });
  const files = Object.keys(tree).filter((f) => !f.includes('node_modules'));
  const found = parseCircular(tree).map((cycle) => cycle.map((f) => path.relative(ROOT, path.resolve(ROOT, f))));
  return { files, found };
}

describe('import cycles', () => {
  it('none at run time, in any workspace', async () => {
    const { files, found } = await cycles(false);
    // The check saw the whole tree, not an empty glob.
    expect(files.length).toBeGreaterThan(250);
    expect(found).toEqual([]);
  }, 60_000);

  it('none with type-only imports counted too', async () => {
    const { found } = await cycles(true);
    expect(found).toEqual([]);
  }, 60_000);
});
