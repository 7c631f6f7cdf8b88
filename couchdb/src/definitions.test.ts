// The validate_doc_update functions are source strings run by CouchDB; evaluate them here to prove each rule.
import { describe, expect, it } from 'vitest';
import { DESIGN_DOCS, designDocsFor, isOwnDesignCode, isOwnDesignDoc, userDbName } from './definitions.ts';

type Validate = (newDoc: object, oldDoc: object | null, userCtx: { name: string | null; roles: string[] }) => void;
const compile = (source: string): Validate => new Function(`return (${source});`)() as Validate;
const admin = { name: 'gateway', roles: ['_admin'] };

describe('validate_doc_update', () => {
  const sanctuaries = compile(DESIGN_DOCS.sanctuaries[0]!.validate_doc_update!);
  const reviews = compile(DESIGN_DOCS.reviews[0]!.validate_doc_update!);
  const good = { type: 'sanctuary', schemaVersion: 1, name: 'A', city: 'B', state: 'OH', latitude: 40, longitude: -80, animalTypes: [], imageUrls: [] };

  it('every design document compiles', () => {
    for (const docs of Object.values(DESIGN_DOCS)) for (const d of docs) if (d.validate_doc_update) expect(() => compile(d.validate_doc_update!)).not.toThrow();
  });
  it('only server admins (the gateway) may write', () => {
    expect(() => sanctuaries(good, null, { name: 'someone', roles: [] })).toThrow();
    expect(() => sanctuaries(good, null, admin)).not.toThrow();
  });
  it('sanctuaries need a type, names, and coordinates in range', () => {
    expect(() => sanctuaries({ ...good, type: 'user' }, null, admin)).toThrow();
    expect(() => sanctuaries({ ...good, latitude: 'x' }, null, admin)).toThrow();
    expect(() => sanctuaries({ ...good, longitude: 200 }, null, admin)).toThrow();
    expect(() => sanctuaries({ ...good, animalTypes: 'pigs' }, null, admin)).toThrow();
    expect(() => sanctuaries({ _deleted: true }, good, admin)).not.toThrow();
  });
  it('reviews need a rating 1-5, a non-blank comment and at most 5 photos', () => {
    const r = { type: 'review', sanctuaryId: 's', comment: 'ok', rating: 5, createdAt: 't', photos: [] };
    expect(() => reviews(r, null, admin)).not.toThrow();
    // A public review names no account (issue 19).
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { comment: '   ' }, { photos: [1, 2, 3, 4, 5, 6] }, { type: 'other' }, { userId: 'u' }]) {
      expect(() => reviews({ ...r, ...bad }, null, admin), JSON.stringify(bad)).toThrow();
    }
    expect(() => reviews({ type: 'review-stats', sanctuaryId: 's', totalReviews: 1, averageRating: 5 }, null, admin)).not.toThrow();
  });
  it('users hold accounts with a known role and e-mail claims, nothing else', () => {
    const users = compile(DESIGN_DOCS.users[0]!.validate_doc_update!);
    const user = { _id: 'user:abc', type: 'user', schemaVersion: 1, email: 'a@b.c', emailLower: 'a@b.c', passwordHash: 'scrypt$x', role: 'user', isVerified: false };
    expect(() => users(user, null, admin)).not.toThrow();
    expect(() => users({ ...user, role: 'superuser' }, null, admin)).toThrow();
    expect(() => users({ ...user, passwordHash: undefined }, null, admin)).toThrow();
    expect(() => users({ ...user, _id: 'other' }, null, admin)).toThrow();
    expect(() => users(user, null, { name: 'x', roles: [] })).toThrow();
    expect(() => users({ _id: 'email:a@b.c', type: 'email-claim', userId: 'abc' }, null, admin)).not.toThrow();
    expect(() => users({ _id: 'email:a@b.c', type: 'email-claim' }, null, admin)).toThrow();
    expect(() => users({ _id: 'x', type: 'favorite' }, null, admin)).toThrow();
  });
  it('sessions hold sessions only', () => {
    const sessions = compile(DESIGN_DOCS.sessions[0]!.validate_doc_update!);
    const session = { _id: 'session:ab', type: 'session', userId: 'u', createdAt: 't', expiresAt: 't' };
    expect(() => sessions(session, null, admin)).not.toThrow();
    expect(() => sessions({ ...session, expiresAt: 1 }, null, admin)).toThrow();
    expect(() => sessions({ ...session, _id: 'user:x' }, null, admin)).toThrow();
  });
  it("a user's database has no design document: none is its own, and the one it used to have is no longer code the store runs", () => {
    const db = userDbName('0123456789abcdef0123456789abcdef');
    expect(designDocsFor(db)).toEqual([]);
    const former = {
      _id: '_design/userdb',
      language: 'javascript',
      validate_doc_update: "function (newDoc, oldDoc, userCtx) { if (newDoc.ownerId !== \"0123456789abcdef0123456789abcdef\") { throw({ forbidden: 'x' }); } }",
    };
    expect(isOwnDesignDoc(db, former)).toBe(false);
    expect(isOwnDesignCode(former.validate_doc_update)).toBe(false);
    // The public databases' own are still recognised, and only in their own database.
    expect(isOwnDesignDoc('sanctuaries', DESIGN_DOCS.sanctuaries[0])).toBe(true);
    expect(isOwnDesignDoc(db, DESIGN_DOCS.sanctuaries[0])).toBe(false);
    expect(isOwnDesignCode(DESIGN_DOCS.sanctuaries[0]!.validate_doc_update)).toBe(true);
  });
});
