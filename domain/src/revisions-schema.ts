// Replication metadata PouchDB may send along with a document (`_revisions`), as a zod/mini schema for the
// documents' schemas that allow it. Apart from the modules the web app evaluates at start, which build no schema.
import * as z from 'zod/mini';

export const revisionsSchema = z.object({
  start: z.int().check(z.minimum(0)),
  ids: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(10_000)),
});
