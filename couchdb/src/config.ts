// How the server side finds CouchDB: an explicit COUCHDB_URL (production) or the embedded store's address.

export interface CouchConfig {
  /** Base URL without credentials, e.g. http://127.0.0.1:5984 */
  url: string;
  username: string;
  password: string;
}

export function couchConfigFromEnv(env: NodeJS.ProcessEnv = process.env): CouchConfig {
  const raw = env.COUCHDB_URL;
  if (!raw) throw new Error('COUCHDB_URL is not set');
  const parsed = new URL(raw);
  const username = env.COUCHDB_USER ?? decodeURIComponent(parsed.username);
  const password = env.COUCHDB_PASSWORD ?? decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  if (!username || !password) throw new Error('CouchDB credentials are required (COUCHDB_USER and COUCHDB_PASSWORD)');
  return { url: parsed.toString().replace(/\/$/, ''), username, password };
}
