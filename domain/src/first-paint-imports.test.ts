// The modules the web app's first paint imports (directory, favourites, review commands, search criteria, auth
// messages; on a listing's page, its claim and report messages and the user's claims and applications) hold their schemas in zod/mini, which the bundler keeps to what is used; classic zod (about 90 kB of
// gzip) must not be reachable from them. This follows their value imports (type-only ones are erased by the
// build) and fails if any path leads to classic zod, e.g. a helper imported from a module written with it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
/**
 * The domain modules in the chunks the web app evaluates before its first render (read from a source-mapped build).
 * The bundler keeps a schema whatever uses it, zod's calls not being known to be pure: favorite.ts, review-command.ts
 * and search-criteria.ts each built theirs at every start, for the gateway and the forms.
 */
const AT_START = ['constants.ts', 'user.ts', 'favorite.ts', 'review-command.ts', 'page-data.ts', 'sanctuary-card.ts', 'open-now.ts', 'sanctuary-doc.ts', 'sort.ts', 'us-states.ts', 'gazetteer.ts', 'auth-messages.ts', 'geo.ts', 'search-criteria.ts', 'text-index.ts', 'search.ts', 'listing-slots.ts'];
const FIRST_PAINT = ['sanctuary.ts', 'favorite.ts', 'review-command.ts', 'search-criteria.ts', 'auth-messages.ts', 'listing-management.ts', 'listing-feedback.ts', 'submission.ts'];

/** Specifiers of the value imports and re-exports of a source file (`import type` / `export type` skipped). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) specifiers.push(m[1]!);
  for (const m of source.matchAll(/^import\s+'([^']+)'/gm)) specifiers.push(m[1]!);
  return specifiers;
}

/** Every package a module reaches through value imports, with the chain of files that leads to it. */
function reachedPackages(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of valueImports(readFileSync(join(SRC, file), 'utf8'))) {
      if (spec.startsWith('./')) visit(spec.slice(2), [...chain, file]);
      else if (!packages.has(spec)) packages.set(spec, [...chain, file]);
    }
  };
  visit(entry, []);
  return packages;
}

describe('first-paint domain modules', () => {
  it('finds value imports and skips type-only ones', () => {
    const source = "import type { A } from './a.ts';\nimport { b, type C } from './b.ts';\nexport { d } from './d.ts';\nexport type { E } from './e.ts';\nimport {\n  f,\n} from 'f';\n";
    expect(valueImports(source)).toEqual(['./b.ts', './d.ts', 'f']);
  });

  it('sees classic zod behind the modules written with it, and zod/mini behind the others', () => {
    expect(reachedPackages('auth.ts').has('zod')).toBe(true);
    expect(reachedPackages('sanctuary.ts').has('zod/mini')).toBe(true);
  });

  it.each(FIRST_PAINT)('%s reaches no classic zod', (file) => {
    expect(reachedPackages(file).get('zod')).toBeUndefined();
  });

  // What the app's start evaluates (its chunks, web/vite.config.ts appStartStages) builds no schema: zod's modules
  // and the schemas themselves were ~130 ms of a 4× slowed phone's main thread on every start. Schemas live in
  // their own modules (favorite-schema.ts, review-command-schema.ts), loaded by the gateway and by the forms.
  it.each(AT_START)('%s reaches no zod at all', (file) => {
    const reached = reachedPackages(file);
    expect(reached.get('zod/mini')).toBeUndefined();
    expect(reached.get('zod')).toBeUndefined();
  });
});
