// No import cycles inside any workspace (issue 18), checked with dpdm over every source file. Cycles across
// workspaces cannot happen: the ESLint boundaries (lint-boundaries.test.ts) only let imports go one way.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = ['domain/src', 'couchdb/src', 'sync-gateway/src', 'workers/src', 'web/src'].map((dir) => `${dir}/**/*.{ts,tsx}`);

/**
 * Type-only cycles still standing, between a schema module and its zod-free half (the `*-core.ts` split, which a
 * tree-shaking schema library is to replace). They vanish when compiled; this list may only shrink.
 */
const KNOWN_TYPE_ONLY = [
  ['domain/src/favorite.ts', 'domain/src/favorite-core.ts'],
  ['domain/src/sanctuary.ts', 'domain/src/sanctuary-core.ts'],
];

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

  it('with type imports counted, only the known *-core pairs', async () => {
    const { found } = await cycles(true);
    expect(found.map((c) => [...c].sort())).toEqual(KNOWN_TYPE_ONLY.map((c) => [...c].sort()));
  }, 60_000);
});
