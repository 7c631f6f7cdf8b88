// /sanctuary/{id}/manage: the listing's team keeps it up to date (issue 12): description, contact details, animals,
// intake, volunteering, tours, hours per day, upcoming events and photos. Saving writes a listing update on this
// device (offline too); it is published as soon as the device is online, and every device then shows it. Admins
// also see the listing's change history here and can revert a change.
import { Link, useParams } from '@tanstack/react-router';
import { ArrowDown, ArrowLeft, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { ANIMAL_TYPES } from '@ss/domain/constants';
import {
  DAY_LABELS, HOURS_DAYS, closedWeek, rangesProblem, type DaySpec, type HoursDay, type WeeklyHours,
} from '@ss/domain/listing-hours';
import { MANAGEMENT_MESSAGES, MAX_LISTING_PHOTOS, OWNER_EDITABLE_FIELDS, listingChangesSchema, type ListingAuditDoc, type ListingChanges } from '@ss/domain/listing-management';
import type { Sanctuary, UpcomingEvent } from '@ss/domain/sanctuary';
import { isAdmin } from '@ss/domain/user';
import { useCurrentUser } from '../../../data/current-user';
import { fetchAudit, revertChange, saveListingUpdate, useListingUpdates, useManagesListing } from '../../../data/listing-management';
import { useSanctuary } from '../../../data/use-sanctuaries';
import { errorMessage } from '../../../lib/api';
import { destructiveButton, primaryButton, secondaryButton } from '../../../ui/button-styles';
import { toast } from '../../../ui/toast';
import { TextField } from '../../../ui/text-field';
import { CheckField } from '../../../ui/check-field';
import { cleanPhoto } from '../../../lib/clean-photo';

const field = 'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30';
const smallButton = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-50';
const panel = 'rounded-xl border border-gray-200 bg-white p-4 sm:p-6';

/** What the form edits: the owner's fields, and photos as existing URLs or new files. */
interface Draft {
  description: string;
  phone: string;
  email: string;
  website: string;
  animalTypes: string[];
  acceptingAnimals: boolean | null;
  specialNeeds: string;
  hasVolunteerOpportunities: boolean;
  volunteerInfo: string;
  hasToursAvailable: boolean;
  tourSchedule: string;
  hours: WeeklyHours | null;
  upcomingEvents: UpcomingEvent[];
  photos: Array<{ url: string } | { file: Blob; preview: string }>;
}

function draftOf(s: Sanctuary): Draft {
  return {
    description: s.description,
    phone: s.phone,
    email: s.email,
    website: s.website,
    animalTypes: [...s.animalTypes],
    acceptingAnimals: s.acceptingAnimals,
    specialNeeds: s.specialNeeds,
    hasVolunteerOpportunities: s.hasVolunteerOpportunities,
    volunteerInfo: s.volunteerInfo,
    hasToursAvailable: s.hasToursAvailable,
    tourSchedule: s.tourSchedule,
    hours: s.hours ?? null,
    upcomingEvents: s.upcomingEvents.map((e) => ({ ...e })),
    photos: s.imageUrls.map((url) => ({ url })),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ from the listing, as an update's changes, with the new photos in order. */
function changesOf(s: Sanctuary, d: Draft): { changes: Partial<ListingChanges>; newPhotos: Blob[] } {
  const changes: Record<string, unknown> = {};
  const newPhotos: Blob[] = [];
  const imageUrls = d.photos.map((p) => {
    if ('url' in p) return p.url;
    newPhotos.push(p.file);
    return `new:photo-${newPhotos.length - 1}`;
  });
  const proposed: Record<string, unknown> = { ...d, imageUrls, upcomingEvents: d.upcomingEvents.map((e) => ({ ...e, title: e.title.trim(), description: e.description.trim() })) };
  for (const f of OWNER_EDITABLE_FIELDS) {
    const before = f === 'hours' ? (s.hours ?? null) : (s as unknown as Record<string, unknown>)[f];
    if (!same(before, proposed[f])) changes[f] = typeof proposed[f] === 'string' ? (proposed[f] as string).trim() : proposed[f];
  }
  return { changes: changes as Partial<ListingChanges>, newPhotos };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={panel}>
      <h2 id={id} className="text-lg font-semibold">{title}</h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

function Text({ label, value, onChange, multiline, type = 'text' }: { label: string; value: string; onChange: (v: string) => void; multiline?: boolean; type?: string }) {
  const control = { value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  return multiline ? <TextField label={label} textarea={{ ...control, rows: 4 }} /> : <TextField label={label} input={{ ...control, type }} />;
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return <CheckField label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} />;
}

const KIND_LABELS: Record<DaySpec['kind'], string> = { closed: 'Closed', open: 'Open', appointment: 'By appointment' };

function DayHoursEditor({ day, spec, onChange }: { day: HoursDay; spec: DaySpec; onChange: (spec: DaySpec) => void }) {
  const id = useId();
  const label = DAY_LABELS[day];
  const problem = spec.kind === 'open' ? rangesProblem(spec.ranges) : null;
  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <label htmlFor={`${id}-kind`} className="sr-only">{label} hours</label>
      <select
        id={`${id}-kind`}
        value={spec.kind}
        className={`${field} sm:w-56`}
        onChange={(e) => {
          const kind = e.target.value as DaySpec['kind'];
          onChange(kind === 'open' ? { kind, ranges: [{ open: '10:00', close: '16:00' }] } : { kind });
        }}
      >
        {(Object.keys(KIND_LABELS) as Array<DaySpec['kind']>).map((k) => (
          <option key={k} value={k}>{KIND_LABELS[k]}</option>
        ))}
      </select>
      {spec.kind === 'open' ? (
        <ul className="mt-2 space-y-2">
          {spec.ranges.map((r, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2">
              <label className="text-sm">
                <span className="block text-gray-700">{label} opens{spec.ranges.length > 1 ? ` (${i + 1})` : ''}</span>
                <input type="time" value={r.open} className={field} onChange={(e) => onChange({ ...spec, ranges: spec.ranges.map((x, k) => (k === i ? { ...x, open: e.target.value } : x)) })} />
              </label>
              <label className="text-sm">
                <span className="block text-gray-700">{label} closes{spec.ranges.length > 1 ? ` (${i + 1})` : ''}</span>
                <input type="time" value={r.close === '24:00' ? '23:59' : r.close} className={field} onChange={(e) => onChange({ ...spec, ranges: spec.ranges.map((x, k) => (k === i ? { ...x, close: e.target.value } : x)) })} />
              </label>
              {spec.ranges.length > 1 ? (
                <button type="button" className={smallButton} aria-label={`Remove ${label} opening time ${i + 1}`} onClick={() => onChange({ ...spec, ranges: spec.ranges.filter((_, k) => k !== i) })}>
                  <Trash2 aria-hidden className="h-4 w-4" />
                </button>
              ) : null}
            </li>
          ))}
          <li>
            <button type="button" className={smallButton} onClick={() => onChange({ ...spec, ranges: [...spec.ranges, { open: '13:00', close: '17:00' }] })}>
              <Plus aria-hidden className="h-4 w-4" /> Add opening time on {label}
            </button>
          </li>
        </ul>
      ) : null}
      {problem ? <p className="mt-2 text-sm text-red-600">{problem}</p> : null}
    </fieldset>
  );
}

function AuditTrail({ sanctuaryId }: { sanctuaryId: string }) {
  const [entries, setEntries] = useState<ListingAuditDoc[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = () => fetchAudit(sanctuaryId).then(setEntries, (err) => toast({ title: 'Could not load the change history', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' }));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sanctuaryId]);
  const revert = async (entry: ListingAuditDoc) => {
    setBusy(entry._id);
    try {
      await revertChange(sanctuaryId, entry._id);
      toast({ title: 'Change reverted', description: 'Every device shows the listing as it was as soon as it syncs.' });
      await load();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Section title="Change history">
      {entries === null ? <p className="text-sm text-gray-600">Loading…</p> : null}
      {entries?.length === 0 ? <p className="text-sm text-gray-600">No changes recorded yet.</p> : null}
      <ul className="space-y-3">
        {entries?.map((entry) => (
          <li key={entry._id} className="rounded-lg border border-gray-200 p-3">
            <p className="text-sm">
              <span className="font-medium">{entry.reverts ? 'Revert' : entry.userName}</span>{' '}
              <span className="text-gray-600">{new Date(entry.at).toLocaleString()}</span>
            </p>
            <p className="text-sm text-gray-700">Changed: {Object.keys(entry.changes).filter((f) => f !== 'operatingHours').join(', ') || 'nothing'}</p>
            {entry.revertedAt ? <p className="text-sm text-gray-500">Reverted {new Date(entry.revertedAt).toLocaleString()}</p> : null}
            {!entry.revertedAt && !entry.reverts ? (
              <button type="button" className={`${destructiveButton} mt-2 px-3 py-1.5 text-sm`} disabled={busy !== null} onClick={() => void revert(entry)}>
                Revert this change
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function UpdateStatus({ sanctuaryId }: { sanctuaryId: string }) {
  const updates = useListingUpdates(sanctuaryId);
  const latest = updates.slice(0, 3);
  if (!latest.length) return null;
  return (
    <section aria-label="Your recent changes" className="rounded-xl border border-gray-200 bg-emerald-50/40 p-4 text-sm">
      <ul className="space-y-1">
        {latest.map((u) => (
          <li key={u._id}>
            {new Date(u.createdAt).toLocaleString()}:{' '}
            {u.status === 'pending' ? 'Saved on this device, waiting to be published.' : u.status === 'published' ? 'Published.' : `Not published: ${u.reason ?? ''}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ManageForm({ sanctuary, userId, admin }: { sanctuary: Sanctuary; userId: string; admin: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(sanctuary));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const { changes } = useMemo(() => changesOf(sanctuary, draft), [sanctuary, draft]);
  const dirty = Object.keys(changes).length > 0;

  const addPhotos = async (files: FileList | null) => {
    if (!files?.length) return;
    const room = MAX_LISTING_PHOTOS - draft.photos.length;
    if (files.length > room) {
      toast({ title: 'Too many photos', description: MANAGEMENT_MESSAGES.tooManyPhotos, variant: 'destructive' });
      return;
    }
    try {
      const prepared = await Promise.all([...files].map(async (f) => {
        const file = await cleanPhoto(f);
        return { file, preview: URL.createObjectURL(file) };
      }));
      setDraft((d) => ({ ...d, photos: [...d.photos, ...prepared] }));
    } catch (err) {
      toast({ title: 'Could not read a photo', description: errorMessage(err, 'Please choose a JPEG, PNG or WebP image.'), variant: 'destructive' });
    }
  };
  const movePhoto = (i: number, by: number) =>
    setDraft((d) => {
      const photos = [...d.photos];
      const [p] = photos.splice(i, 1);
      photos.splice(i + by, 0, p!);
      return { ...d, photos };
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { changes: wanted, newPhotos } = changesOf(sanctuary, draft);
    const parsed = listingChangesSchema.safeParse(wanted);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(`${issue?.path.length ? `${issue.path.join(' › ')}: ` : ''}${issue?.message ?? 'Please check the form.'}`);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await saveListingUpdate(userId, sanctuary.id, parsed.data, newPhotos);
      toast({ title: 'Changes saved', description: MANAGEMENT_MESSAGES.updateSaved });
    } catch (err) {
      toast({ title: 'Could not save your changes', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const hours = draft.hours;
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-6 space-y-6" noValidate>
      <UpdateStatus sanctuaryId={sanctuary.id} />
      <Section title="About">
        <Text label="Description" value={draft.description} onChange={(v) => set('description', v)} multiline />
      </Section>
      <Section title="Contact">
        <Text label="Phone" type="tel" value={draft.phone} onChange={(v) => set('phone', v)} />
        <Text label="Email" type="email" value={draft.email} onChange={(v) => set('email', v)} />
        <Text label="Website" type="url" value={draft.website} onChange={(v) => set('website', v)} />
      </Section>
      <Section title="Animals">
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Animals at the sanctuary</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-4">
            {ANIMAL_TYPES.map((a) => (
              <Check key={a} label={a[0]!.toUpperCase() + a.slice(1)} checked={draft.animalTypes.includes(a)} onChange={(on) => set('animalTypes', on ? [...draft.animalTypes, a] : draft.animalTypes.filter((x) => x !== a))} />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Taking in animals?</legend>
          {([[true, 'Yes, we are accepting animals'], [false, 'No, we are full'], [null, 'Not said']] as const).map(([value, label]) => (
            <CheckField key={String(value)} type="radio" name="accepting" label={label} checked={draft.acceptingAnimals === value} onChange={() => set('acceptingAnimals', value)} />
          ))}
        </fieldset>
        <Text label="Special needs (shown when you are full)" value={draft.specialNeeds} onChange={(v) => set('specialNeeds', v)} />
      </Section>
      <Section title="Volunteering and tours">
        <Check label="We welcome volunteers" checked={draft.hasVolunteerOpportunities} onChange={(v) => set('hasVolunteerOpportunities', v)} />
        <Text label="Volunteer information" value={draft.volunteerInfo} onChange={(v) => set('volunteerInfo', v)} multiline />
        <Check label="We offer tours" checked={draft.hasToursAvailable} onChange={(v) => set('hasToursAvailable', v)} />
        <Text label="Tour schedule" value={draft.tourSchedule} onChange={(v) => set('tourSchedule', v)} />
      </Section>
      <Section title="Operating hours">
        <p className="text-sm text-gray-600">In the sanctuary's own time zone ({sanctuary.timeZone ?? 'from its location'}). "Open now" follows these hours.</p>
        {hours ? (
          <>
            <div className="grid gap-3 md:grid-cols-2">
              {HOURS_DAYS.map((day) => (
                <DayHoursEditor key={day} day={day} spec={hours[day]} onChange={(spec) => set('hours', { ...hours, [day]: spec })} />
              ))}
            </div>
            <button type="button" className={secondaryButton} onClick={() => set('hours', null)}>Remove the hours</button>
          </>
        ) : (
          <button type="button" className={secondaryButton} onClick={() => set('hours', closedWeek())}>Set opening hours</button>
        )}
      </Section>
      <Section title="Upcoming events">
        <ul className="space-y-3">
          {draft.upcomingEvents.map((ev, i) => (
            <li key={i} className="rounded-lg border border-gray-200 p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
                <Text label={`Event ${i + 1} title`} value={ev.title} onChange={(v) => set('upcomingEvents', draft.upcomingEvents.map((x, k) => (k === i ? { ...x, title: v } : x)))} />
                <Text label={`Event ${i + 1} date`} type="date" value={ev.date} onChange={(v) => set('upcomingEvents', draft.upcomingEvents.map((x, k) => (k === i ? { ...x, date: v } : x)))} />
              </div>
              <Text label={`Event ${i + 1} description`} value={ev.description} onChange={(v) => set('upcomingEvents', draft.upcomingEvents.map((x, k) => (k === i ? { ...x, description: v } : x)))} />
              <button type="button" className={`${smallButton} mt-2`} onClick={() => set('upcomingEvents', draft.upcomingEvents.filter((_, k) => k !== i))}>
                <Trash2 aria-hidden className="h-4 w-4" /> Remove event {i + 1}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className={secondaryButton} onClick={() => set('upcomingEvents', [...draft.upcomingEvents, { title: '', date: '', description: '' }])}>
          <Plus aria-hidden className="h-4 w-4" /> Add an event
        </button>
      </Section>
      <Section title="Photos">
        <p className="text-sm text-gray-600">Up to {MAX_LISTING_PHOTOS} photos. The first is the cover on cards and at the top of your listing. Location and camera details are removed.</p>
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {draft.photos.map((p, i) => {
            const src = 'url' in p ? `${p.url}/thumb` : p.preview;
            return (
              <li key={'url' in p ? p.url : p.preview} className="rounded-lg border border-gray-200 p-2">
                <img src={src} alt={`Photo ${i + 1}${i === 0 ? ' (cover)' : ''}`} className="aspect-[4/3] w-full rounded object-cover" />
                <div className="mt-2 flex justify-between gap-1">
                  <button type="button" className={smallButton} aria-label={`Move photo ${i + 1} earlier`} disabled={i === 0} onClick={() => movePhoto(i, -1)}><ArrowUp aria-hidden className="h-4 w-4" /></button>
                  <button type="button" className={smallButton} aria-label={`Move photo ${i + 1} later`} disabled={i === draft.photos.length - 1} onClick={() => movePhoto(i, 1)}><ArrowDown aria-hidden className="h-4 w-4" /></button>
                  <button type="button" className={smallButton} aria-label={`Remove photo ${i + 1}`} onClick={() => set('photos', draft.photos.filter((_, k) => k !== i))}><Trash2 aria-hidden className="h-4 w-4" /></button>
                </div>
              </li>
            );
          })}
        </ol>
        <label className={`${secondaryButton} cursor-pointer`}>
          Add photos
          <input type="file" accept="image/jpeg,image/png,image/webp" multiple className="sr-only" onChange={(e) => { void addPhotos(e.target.files); e.target.value = ''; }} />
        </label>
      </Section>
      {error ? <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">{error}</p> : null}
      <div className="sticky bottom-20 z-10 flex gap-3 rounded-xl border border-gray-200 bg-white/95 p-3 shadow md:bottom-4">
        <button type="submit" className={primaryButton} disabled={busy || !dirty}>Save changes</button>
        <button type="button" className={secondaryButton} disabled={busy || !dirty} onClick={() => setDraft(draftOf(sanctuary))}>Discard</button>
      </div>
      {admin ? <AuditTrail sanctuaryId={sanctuary.id} /> : null}
    </form>
  );
}

export function ManageListingPage() {
  const { id } = useParams({ from: '/sanctuary/$id/manage' });
  const { status, sanctuary } = useSanctuary(id);
  const { user, isLoading } = useCurrentUser();
  const allowed = useManagesListing(id);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <Link to="/sanctuary/$id" params={{ id }} className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to the listing
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Manage listing{sanctuary ? `: ${sanctuary.name}` : ''}</h1>
      {status === 'loading' || isLoading ? <p className="mt-4 text-gray-600">Loading…</p> : null}
      {status !== 'loading' && !isLoading && !sanctuary ? <p className="mt-4 text-gray-700">There is no such listing.</p> : null}
      {sanctuary && !isLoading && !allowed ? <p className="mt-4 text-gray-700">{MANAGEMENT_MESSAGES.notOwner}</p> : null}
      {sanctuary && user && allowed ? <ManageForm key={sanctuary.id} sanctuary={sanctuary} userId={user.id} admin={isAdmin(user)} /> : null}
    </div>
  );
}
