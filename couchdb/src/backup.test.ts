// The backup file's line format: what restore accepts and what it refuses before touching a store.
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_VERSION, isAppDatabase, parseBackupLine } from './backup.ts';

const header = { type: 'header', format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: '2026-01-01T00:00:00.000Z', source: 'x', databases: [] };

describe('backup lines', () => {
  it('accepts the header, security, document and footer lines', () => {
    expect(parseBackupLine(JSON.stringify(header))).toEqual(header);
    expect(parseBackupLine('{"type":"security","db":"users","security":{}}')).toMatchObject({ type: 'security', db: 'users' });
    expect(parseBackupLine('{"type":"doc","db":"userdb-ab","doc":{"_id":"favorite:x","_rev":"1-a"}}')).toMatchObject({ type: 'doc' });
    expect(parseBackupLine('{"type":"footer","docs":3}')).toEqual({ type: 'footer', docs: 3 });
  });

  it('refuses other files, other versions and lines that would write outside the app databases', () => {
    expect(() => parseBackupLine(JSON.stringify({ ...header, format: 'something-else' }))).toThrow(/Not a Sanctuary Seekers backup/);
    expect(() => parseBackupLine(JSON.stringify({ ...header, version: BACKUP_VERSION + 1 }))).toThrow(/not supported/);
    expect(() => parseBackupLine('{"type":"doc","db":"_users","doc":{"_id":"org.couchdb.user:x","_rev":"1-a"}}')).toThrow(/lacks/);
    expect(() => parseBackupLine('{"type":"doc","db":"users","doc":{"_id":"user:x"}}')).toThrow(/_rev/);
    expect(() => parseBackupLine('{"type":"security","db":"_replicator","security":{}}')).toThrow(/names no database/);
    expect(() => parseBackupLine('{"hello":"world"}')).toThrow(/Unknown line/);
    expect(() => parseBackupLine('not json')).toThrow();
  });

  it('treats databases starting with _ as the server\'s own', () => {
    expect(['sanctuaries', 'userdb-0a', '_users', '_replicator'].filter(isAppDatabase)).toEqual(['sanctuaries', 'userdb-0a']);
  });
});
