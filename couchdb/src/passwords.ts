// Password hashing with scrypt (memory-hard, from node:crypto): a random salt per password, the parameters
// stored beside the hash so they can be raised later, and a constant-time comparison.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

export interface ScryptParams {
  /** CPU/memory cost, a power of two. 2^15 with r = 8 takes 32 MiB and tens of milliseconds per hash. */
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** Refuse stored parameters that would make a single verification expensive enough to hurt the server. */
const MAX_N = 2 ** 20;

const maxmem = ({ N, r, p }: ScryptParams) => 128 * N * r * p + 16 * 1024 * 1024;

/** `scrypt$N$r$p$<salt base64url>$<hash base64url>` */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > MAX_N || (N & (N - 1)) !== 0 || r > 32 || p > 16) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || hash.length < 16) return null;
  return { params: { N, r, p }, salt, hash };
}

/** True when `password` matches the stored hash. A malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await scrypt(password.normalize('NFC'), parsed.salt, parsed.hash.length, { ...parsed.params, maxmem: maxmem(parsed.params) });
  // Plain Uint8Array views: Buffer's typings and the DOM lib's disagree where both are loaded (the scripts project).
  return crypto.timingSafeEqual(new Uint8Array(candidate), new Uint8Array(parsed.hash));
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for sign-ins with an unknown e-mail: the answer's timing
 * then says nothing about whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
