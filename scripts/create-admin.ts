// `npm run create-admin -- --email E --password P`: creates an administrator, or promotes the account that has
// that e-mail (its password is kept unless --reset-password is given). There is no default admin anywhere.
// Talks to COUCHDB_URL (+ COUCHDB_USER / COUCHDB_PASSWORD) or to the embedded store of DATA_DIR (./data): the
// one `npm start` is running, or, when none is, one started just for this and stopped afterwards.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectToStore } from '@ss/couchdb/embedded/connect';
import { setupCouch } from '@ss/couchdb/setup';
import { createOrPromoteAdmin, createUsers, type AdminRequest } from '@ss/couchdb/users';
import { emailSchema, firstIssueMessage, newPasswordSchema } from '@ss/domain/auth';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const USAGE = 'Usage: npm run create-admin -- --email <address> --password <password> [--reset-password] [--first-name <name>] [--last-name <name>]';

/** Reads and checks the command line; throws an Error whose message is fit to print. */
export function parseAdminArgs(argv: string[]): AdminRequest {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'reset-password': { type: 'boolean', default: false },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
    strict: true,
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new Error(`${firstIssueMessage(email.error)}\n${USAGE}`);
  if (values.password === undefined) throw new Error(`--password is required.\n${USAGE}`);
  const password = newPasswordSchema.safeParse(values.password);
  if (!password.success) throw new Error(firstIssueMessage(password.error));
  return {
    email: email.data,
    password: password.data,
    resetPassword: values['reset-password'],
    ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
    ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
  };
}

async function main() {
  let request: AdminRequest;
  try {
    request = parseAdminArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const { couch, where, close } = await connectToStore(process.env, path.join(ROOT, 'data'));
  try {
    // Idempotent: a store this tool had to start (nothing ran on DATA_DIR yet) is set up as npm start would.
    await setupCouch(couch);
    const { user, created, promoted, passwordReset } = await createOrPromoteAdmin(couch, createUsers(couch), request);
    const what = created ? 'Created administrator' : promoted ? 'Promoted to administrator' : 'Already an administrator';
    console.log(`${what}: ${user.email} (in ${where})${passwordReset ? '; password replaced' : ''}`);
    if (!created && !passwordReset) console.log('The existing password was kept; add --reset-password to replace it.');
  } finally {
    await close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: Error) => {
    console.error(`create-admin failed: ${err.message}`);
    process.exit(1);
  });
}
