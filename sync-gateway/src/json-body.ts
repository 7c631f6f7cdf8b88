// Reads a JSON request body and validates it with the domain schema the client uses too; a failure is a 400
// `{ error }` carrying the schema's first message (what the form would have said).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as z from 'zod/mini';
import '@ss/domain/english-errors';
import { firstIssueMessage } from '@ss/domain/auth';
import { bodyLimitOnBodies } from './body-limits.ts';
import { requestJson } from './request-body.ts';

export const NOT_JSON_MESSAGE = 'The request body must be JSON.';

/** Account payloads are a few short fields; nothing bigger is read. */
export const accountBodyLimit = bodyLimitOnBodies({ maxSize: 16 * 1024, onError: (c) => c.json({ error: 'Request body too large' }, 413) });

/** Takes a schema of either flavour of zod (classic, or zod/mini like the web app's first-paint modules). */
export async function parseJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const body = await requestJson(c);
  if (body === undefined) throw new HTTPException(400, { message: NOT_JSON_MESSAGE });
  const result = z.safeParse(schema, body);
  if (!result.success) throw new HTTPException(400, { message: firstIssueMessage(result.error) });
  return result.data;
}
