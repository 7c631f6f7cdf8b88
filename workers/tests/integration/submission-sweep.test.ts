// The sweep that finishes listing applications and admin decisions a crashed gateway left pending, against a
// real embedded store: commands are written straight into the users' databases (the store accepted the push,
// the gateway died before applying it), then swept; each takes effect once, a second sweep changes nothing, and
// a decision whose author is not an admin is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCouchClient } from '@ss/couchdb/client';
import { DB, userDbName } from '@ss/couchdb/definitions';
import { newFavorite } from '@ss/domain/favorite';
import { decideSubmission } from '@ss/couchdb/submissions';
import { newUserCommandSweepState, sweepUserCommands } from '@ss/couchdb/user-command-sweep';
import { createOrPromoteAdmin, createUsers } from '@ss/couchdb/users';
import type { SanctuaryDoc } from '@ss/domain/sanctuary';
import {
  ADMIN_MESSAGES, newAdminDecision, newSubmissionCommand, sanctuaryIdForSubmission, submissionDocId,
  type AdminDecisionDoc, type SubmissionCommandDoc, type SubmissionDoc, type SubmissionFields,
} from '@ss/domain/submission';
import { userDocId, userIdOf, type UserDoc } from '@ss/domain/user';
import { startStoreFixture, waitFor, type StoreFixture } from '../../../couchdb/tests/integration/store-fixture.ts';
import { testGazetteer } from '../../../domain/tests/gazetteer-fixture.ts';
import { startUserCommandSweeper } from '../../src/user-commands.ts';
import { startStoreCounter } from '../../../scripts/load/store-counter.ts';

let fx: StoreFixture;
let adminId: string;
let counter = 0;
const gazetteer = () => testGazetteer();
const quiet = () => {};

const FIELDS: SubmissionFields = {
  name: 'Sweep Hollow Refuge',
  description: 'A refuge for rescued goats and hens by the lake, open to visitors on weekends. '.repeat(2).trim(),
  address: '100 Lakeside Ave',
  city: 'Cleveland',
  state: 'OH',
  zipCode: '44114',
  email: 'hello@sweephollow.example.org',
  contactName: 'Sam Rivera',
  contactTitle: 'Director',
  phone: '216-555-0100',
  website: 'https://sweephollow.example.org',
  animalTypes: ['goats', 'chickens'],
  acceptingAnimals: true,
  hasVolunteerOpportunities: false,
  hasToursAvailable: true,
  volunteerInfo: '',
  specialNeeds: '',
  additionalInfo: '',
};

beforeAll(async () => {
  fx = await startStoreFixture();
  const { user } = await createOrPromoteAdmin(fx.couch, createUsers(fx.couch), { email: `sweep.admin.${Date.now()}@example.com`, password: 'secret1' });
  adminId = userIdOf(user);
});
afterAll(() => fx.stop());

async function register(): Promise<string> {
  counter += 1;
  const user = await createUsers(fx.couch).register({ email: `sweep.${counter}.${Date.now()}@example.com`, password: 'secret1', firstName: 'Wren', lastName: 'Seeker' });
  return userIdOf(user);
}

/** Stores a document in a user's database as the store would after accepting a push, and nothing else. */
async function store<T extends { _id: string }>(userId: string, doc: T): Promise<T> {
  await fx.couch.nano.db.use(userDbName(userId)).insert(doc as never);
  return doc;
}

const read = <T extends object>(userId: string, id: string) => fx.couch.nano.db.use<T>(userDbName(userId)).get(id);
const submission = (id: string) => fx.couch.use<SubmissionDoc>(DB.submissions).get(id);
const account = (userId: string) => fx.couch.use<UserDoc & { ownedSanctuaryIds?: string[] }>(DB.users).get(userDocId(userId));

/** An application for a listing of its own (the name makes the listing id unique to the test). */
function application(applicantId: string, name: string): SubmissionCommandDoc {
  return newSubmissionCommand(applicantId, { ...FIELDS, name }, new Date(Date.now() - 60_000));
}

async function listingsNamed(name: string): Promise<SanctuaryDoc[]> {
  const res = await fx.couch.use<SanctuaryDoc>(DB.sanctuaries).list({ include_docs: true });
  return res.rows.flatMap((r) => (r.doc?.name === name ? [r.doc] : []));
}

/** The revision of every document the apply touches, to show that a later sweep writes nothing. */
async function revisions(applicantId: string, commandId: string, decisionId: string, submissionId: string, sanctuaryId: string) {
  return [
    (await read<SubmissionCommandDoc>(applicantId, commandId))._rev,
    (await read<AdminDecisionDoc>(adminId, decisionId))._rev,
    (await submission(submissionId))._rev,
    (await fx.couch.use<SanctuaryDoc>(DB.sanctuaries).get(sanctuaryId))._rev,
    (await account(applicantId))._rev,
  ];
}

describe('the listing-command sweep', () => {
  it('files an application and applies an approval left pending, exactly once; a second sweep changes nothing', async () => {
    const applicantId = await register();
    const cmd = await store(applicantId, application(applicantId, 'Sweep Hollow Refuge'));
    const submissionId = submissionDocId(cmd._id.slice('submission-command:'.length));
    // The admin decided offline from the queue; neither command reached a gateway that lived to apply it.
    const decision = await store(adminId, newAdminDecision(adminId, submissionId, 'approve', ''));

    const sweeper = startUserCommandSweeper(fx.couch, { intervalMs: 60_000, olderThanMs: 0, gazetteer, log: quiet });
    let again: number;
    let before: Array<string | undefined>;
    try {
      await sweeper.sweepNow(); // after the sweep the sweeper runs as it starts
      const sub = await submission(submissionId);
      before = await revisions(applicantId, cmd._id, decision._id, submissionId, sub.sanctuaryId!);
      again = await sweeper.sweepNow();
    } finally {
      await sweeper.stop();
    }
    expect(again).toBe(0);

    const sub = await submission(submissionId);
    const sanctuaryId = sanctuaryIdForSubmission(sub);
    expect(sub).toMatchObject({ status: 'approved', applicantId, commandId: cmd._id, decidedBy: adminId, sanctuaryId, effectsDone: true });
    const filed = (await fx.couch.use<SubmissionDoc>(DB.submissions).list({ include_docs: true })).rows.filter((r) => r.doc?.commandId === cmd._id);
    expect(filed.map((r) => r.id)).toEqual([submissionId]);
    expect((await listingsNamed('Sweep Hollow Refuge')).map((l) => l._id)).toEqual([sanctuaryId]);
    expect(await account(applicantId)).toMatchObject({ role: 'sanctuary_owner', ownedSanctuaryIds: [sanctuaryId] });
    expect(await read(applicantId, cmd._id)).toMatchObject({ status: 'approved', submissionId, sanctuaryId });
    expect(await read(adminId, decision._id)).toMatchObject({ status: 'done' });
    expect(await revisions(applicantId, cmd._id, decision._id, submissionId, sanctuaryId)).toEqual(before);
  });

  it('finds an application stored after its last sweep through the server\'s updates feed, reading only that database', async () => {
    const counted = await startStoreCounter(fx.store.config);
    const sweeper = startUserCommandSweeper(createCouchClient(counted.config), { intervalMs: 60_000, olderThanMs: 0, gazetteer, log: quiet });
    const infoReads = async () => (await counted.snapshot()).byKind.get('GET userdb-*') ?? 0;
    try {
      const applicantId = await register();
      await waitFor(async () => sweeper.following(), 10_000, 100, 'the updates feed to be followed');
      // Every database read once with the feed open (the applicant's too, empty): from here on a sweep reads only the
      // ones the feed names.
      await sweeper.sweepNow();
      expect(await infoReads(), 'the databases other tests made').toBeGreaterThanOrEqual(3);
      const cmd = await store(applicantId, application(applicantId, 'Sweep Feed Meadow'));
      const submissionId = submissionDocId(cmd._id.slice('submission-command:'.length));
      const before = await infoReads();
      // The next sweeps file it once the feed has named the database (CouchDB writes its updates feed a moment later).
      let sweeps = 0;
      await waitFor(async () => (sweeps++, (await sweeper.sweepNow()) > 0), 10_000, 100, 'a sweep to file the application');
      expect(sweeper.following()).toBe(true);
      // The one database written, not every user's (a sweep before the feed named it reads none).
      expect(await infoReads()).toBeLessThanOrEqual(before + Math.min(sweeps, 2));
      expect(await submission(submissionId)).toMatchObject({ applicantId, commandId: cmd._id });
    } finally {
      await sweeper.stop();
      await counted.stop();
    }
  });

  it('refuses a decision whose author is not an admin, and leaves the application pending review', async () => {
    const applicantId = await register();
    const impostorId = await register();
    const cmd = await store(applicantId, application(applicantId, 'Sweep Impostor Farm'));
    const submissionId = submissionDocId(cmd._id.slice('submission-command:'.length));
    const forged = await store(impostorId, newAdminDecision(impostorId, submissionId, 'approve', ''));

    const state = newUserCommandSweepState();
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 0, gazetteer, log: quiet })).toEqual({ applied: 2, waiting: 0 });
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 0, gazetteer, log: quiet })).toEqual({ applied: 0, waiting: 0 });

    expect(await read(impostorId, forged._id)).toMatchObject({ status: 'refused', reason: ADMIN_MESSAGES.adminsOnly });
    expect(await submission(submissionId)).toMatchObject({ status: 'pending', applicantId });
    expect(await read(applicantId, cmd._id)).toMatchObject({ status: 'pending', submissionId });
    expect(await listingsNamed('Sweep Impostor Farm')).toEqual([]);
    expect(await account(impostorId)).toMatchObject({ role: 'user' });
  });

  it('marks a decision that took effect before the gateway died as done, not refused as already decided', async () => {
    const applicantId = await register();
    const cmd = await store(applicantId, application(applicantId, 'Sweep Rejected Farm'));
    const state = newUserCommandSweepState();
    await sweepUserCommands(fx.couch, state, { olderThanMs: 0, gazetteer, log: quiet });
    const submissionId = (await read<SubmissionCommandDoc>(applicantId, cmd._id)).submissionId!;

    // The gateway took the rejection and died before writing its outcome into either command.
    const decision = await store(adminId, newAdminDecision(adminId, submissionId, 'reject', 'Please add photos.'));
    const actor = await account(adminId);
    const rejected = await fx.couch.use<SubmissionDoc>(DB.submissions).insert({
      ...(await submission(submissionId)), status: 'rejected', reviewNotes: 'Please add photos.', decidedAt: new Date().toISOString(), decidedBy: adminId,
    });
    expect(rejected.ok).toBe(true);
    expect(await read(applicantId, cmd._id)).toMatchObject({ status: 'pending' });

    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 0, gazetteer, log: quiet })).toEqual({ applied: 1, waiting: 0 });
    expect(await read(adminId, decision._id)).toMatchObject({ status: 'done' });
    expect(await read(applicantId, cmd._id)).toMatchObject({ status: 'rejected', reviewNotes: 'Please add photos.' });
    // Another admin decision on it is still answered 'already decided'.
    const late = await decideSubmission(fx.couch, { submissionId, decision: 'approve', actor }, { gazetteer });
    expect(late).toMatchObject({ ok: false, status: 409 });
  });

  it("finishes an approval whose effects the gateway did not live to apply (the admin was answered once the listing was stored)", async () => {
    const applicantId = await register();
    const cmd = await store(applicantId, application(applicantId, 'Sweep Unfinished Farm'));
    const state = newUserCommandSweepState();
    await sweepUserCommands(fx.couch, state, { olderThanMs: 0, gazetteer, log: quiet });
    const submissionId = (await read<SubmissionCommandDoc>(applicantId, cmd._id)).submissionId!;
    // The gateway answered the admin and stopped before its apply queue ran what follows.
    const decided = await decideSubmission(fx.couch, { submissionId, decision: 'approve', actor: await account(adminId) }, { gazetteer, finishLater: () => {} });
    expect(decided).toMatchObject({ ok: true, submission: { status: 'approved', effectsDone: false } });
    expect(await account(applicantId)).toMatchObject({ role: 'user' });

    const t0 = Date.now();
    // Seen first now: left to the gateway that may be finishing it right now.
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 10_000, now: new Date(t0), gazetteer, log: quiet })).toEqual({ applied: 0, waiting: 1 });
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 10_000, now: new Date(t0 + 10_000), gazetteer, log: quiet })).toEqual({ applied: 1, waiting: 0 });
    const sub = await submission(submissionId);
    expect(sub).toMatchObject({ effectsDone: true });
    expect(await account(applicantId)).toMatchObject({ role: 'sanctuary_owner', ownedSanctuaryIds: [sub.sanctuaryId] });
    expect(await read(applicantId, cmd._id)).toMatchObject({ status: 'approved', sanctuaryId: sub.sanctuaryId });
    expect(await listingsNamed('Sweep Unfinished Farm')).toHaveLength(1);
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 0, gazetteer, log: quiet })).toEqual({ applied: 0, waiting: 0 });
  });

  it('leaves a command to the gateway until the sweep has seen it pending for olderThanMs, and waits for the gazetteer', async () => {
    const applicantId = await register();
    const cmd = await store(applicantId, application(applicantId, 'Sweep Patient Farm'));
    const state = newUserCommandSweepState();
    const t0 = Date.now();
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 10_000, now: new Date(t0), gazetteer, log: quiet })).toEqual({ applied: 0, waiting: 1 });
    expect(await read(applicantId, cmd._id)).not.toHaveProperty('submissionId');
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 10_000, now: new Date(t0 + 10_000), gazetteer, log: quiet })).toEqual({ applied: 1, waiting: 0 });
    const submissionId = (await read<SubmissionCommandDoc>(applicantId, cmd._id)).submissionId!;

    // Without the place index a decision is not refused for the sweeper's own lack: it stays pending.
    const decision = await store(adminId, newAdminDecision(adminId, submissionId, 'approve', ''));
    const lines: string[] = [];
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 0, gazetteer: () => null, log: (l) => lines.push(l) })).toEqual({ applied: 0, waiting: 1 });
    expect(lines.join('\n')).toContain('wait for the gazetteer');
    expect(await read(adminId, decision._id)).toMatchObject({ status: 'pending' });
    expect(await sweepUserCommands(fx.couch, state, { olderThanMs: 0, gazetteer, log: quiet })).toEqual({ applied: 1, waiting: 0 });
    expect(await read(adminId, decision._id)).toMatchObject({ status: 'done' });
    expect(await listingsNamed('Sweep Patient Farm')).toHaveLength(1);
  });

  it('reads a database that moved from its changes since the last sweep, in one request, and drops what was applied', async () => {
    const counted = await startStoreCounter(fx.store.config);
    const couch = createCouchClient(counted.config);
    try {
      const userId = await register();
      const db = userDbName(userId);
      const state = newUserCommandSweepState();
      // Nothing is old enough to be applied here, so sweeping moves no database.
      const sweep = () => sweepUserCommands(couch, state, { olderThanMs: 1e12, gazetteer, log: quiet });
      const reads = async () => {
        const { byKind } = await counted.snapshot();
        return { changes: byKind.get('GET userdb-*/_changes') ?? 0, listings: byKind.get('GET userdb-*/_all_docs') ?? 0 };
      };
      await sweep();
      let before = await reads();
      await sweep();
      expect(await reads()).toEqual(before);

      await store(userId, newFavorite('sweep-favourite', userId));
      const cmd = await store(userId, application(userId, 'Sweep Changes Farm'));
      await sweep();
      expect(await reads()).toEqual({ changes: before.changes + 1, listings: before.listings });
      expect([...state.dbs.get(db)!.pending.keys()]).toEqual([cmd._id]);

      // Filed elsewhere (a gateway): the next sweep's read of the changes drops it.
      before = await reads();
      const filed = await read<SubmissionCommandDoc>(userId, cmd._id);
      await fx.couch.nano.db.use(db).insert({ ...filed, submissionId: submissionDocId('sweep-changes') } as never);
      await sweep();
      expect(await reads()).toEqual({ changes: before.changes + 1, listings: before.listings });
      expect(state.dbs.get(db)!.pending.size).toBe(0);
    } finally {
      await counted.stop();
    }
  });
});
