// `npm run create-admin -- --email E --password P`: creates an administrator, or promotes the account that has
// that e-mail (its password is kept unless --reset-password is given). There is no default admin anywhere.
// Talks to COUCHDB_URL (+ COUCHDB_USER / COUCHDB_PASSWORD) or to the embedded store of DATA_DIR (./data): the
// one `npm start` is running, or, when none is, one started just for this and stopped afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCouchClient, type CouchClient } from '@ss/couchdb/client';
import { couchConfigFromEnv, type CouchConfig } from '@ss/couchdb/config';
import { startEmbeddedStore, STORE_CREDENTIALS_FILE, STORE_RUNTIME_FILE } from '@ss/couchdb/embedded/supervisor';
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

/** The CouchDB to use, and how to let go of it afterwards. */
async function connect(env: NodeJS.ProcessEnv): Promise<{ couch: CouchClient; where: string; close: () => Promise<void> }> {
  if (env.COUCHDB_URL) {
    const config = couchConfigFromEnv(env);
    return { couch: createCouchClient(config), where: config.url, close: async () => {} };
  }
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  const runtimeFile = path.join(dataDir, STORE_RUNTIME_FILE);
  const credentialsFile = path.join(dataDir, STORE_CREDENTIALS_FILE);
  if (fs.existsSync(runtimeFile) && fs.existsSync(credentialsFile)) {
    const { url } = JSON.parse(fs.readFileSync(runtimeFile, 'utf8')) as { url: string };
    const creds = JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as Omit<CouchConfig, 'url'>;
    const couch = createCouchClient({ url, username: creds.username, password: creds.password });
    if (await couch.ping()) return { couch, where: `the running store of ${dataDir}`, close: async () => {} };
  }
  // Nothing is running on this data directory: start its store for the moment (it is set up like npm start does).
  const store = await startEmbeddedStore({ dataDir, log: () => {} });
  const couch = createCouchClient(store.config);
  await setupCouch(couch);
  return { couch, where: `the store of ${dataDir} (started for this and stopped again)`, close: () => store.stop() };
}

async function main() {
  let request: AdminRequest;
  try {
    request = parseAdminArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const { couch, where, close } = await connect(process.env);
  try {
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
