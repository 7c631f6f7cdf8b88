// The Sanctuary entity: its stored document shape and schema, the public API shape derived from it, and helpers.
// Written with zod/mini, which the bundler keeps to what is used. The cheap kind check and the conversion for screens
// live in sanctuary-doc.ts (re-exported here), so a page that only reads listings builds none of these schemas.
import * as z from 'zod/mini';
import { ANIMAL_TYPES } from './constants.ts';
import { CLOCK_TIME_PATTERN, HOURS_DAYS, MAX_RANGES_PER_DAY, rangesProblem, type HoursDay } from './listing-hours.ts';
import { SANCTUARY_DOC_TYPE, isSanctuaryDoc as isDocOfKind, toSanctuary as withoutBookkeeping, type SanctuaryDocBase } from './sanctuary-doc.ts';

export { SANCTUARY_DOC_TYPE };
export const SANCTUARY_SCHEMA_VERSION = 1;

/** Trimmed text of at most `max` characters (and at least `min`). */
const text = (max: number, min = 0) => z.string().check(z.trim(), z.maxLength(max), ...(min ? [z.minLength(min)] : []));

export const upcomingEventSchema = z.object({
  title: text(200, 1),
  /** ISO date (YYYY-MM-DD). */
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  description: z._default(text(2000), ''),
});

const clockTime = z.string().check(z.regex(CLOCK_TIME_PATTERN, 'Times are HH:MM, from 00:00 to 24:00.'));
const openDaySchema = z
  .strictObject({ kind: z.literal('open'), ranges: z.array(z.strictObject({ open: clockTime, close: clockTime })).check(z.minLength(1), z.maxLength(MAX_RANGES_PER_DAY)) })
  .check(
    z.superRefine((day, ctx) => {
      const problem = rangesProblem(day.ranges);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ranges'], input: day });
    }),
  );
const daySpecSchema = z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('closed') }), z.strictObject({ kind: z.literal('appointment') }), openDaySchema]);
/** Structured weekly hours (listing-hours.ts): every day of the week, closed, by appointment or open ranges. */
export const weeklyHoursSchema = z.strictObject(Object.fromEntries(HOURS_DAYS.map((d) => [d, daySpecSchema])) as Record<HoursDay, typeof daySpecSchema>);

/**
 * Where a listing's facts come from: a page (URL) or a repository file (`github:owner/repo/path`), the fields it
 * supports and the day it was read.
 */
export const sourceSchema = z.strictObject({
  url: z.string().check(z.maxLength(500), z.regex(/^(https?:\/\/|github:)\S+$/, 'A source is a web address or github:owner/repo/path.')),
  fields: z.array(z.string().check(z.maxLength(40))).check(z.maxLength(30)),
  checked: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type ListingSource = z.infer<typeof sourceSchema>;

/** Fields an owner may edit, without their defaults (listing-management.ts builds its update schema from them). */
export const editableFieldSchemas = {
  description: text(5000),
  phone: text(40),
  email: z.union([z.literal(''), z.email().check(z.maxLength(254))]),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).check(z.maxLength(500))]),
  animalTypes: z.array(z.enum(ANIMAL_TYPES)).check(z.maxLength(ANIMAL_TYPES.length)),
  specialNeeds: text(1000),
  volunteerInfo: text(2000),
  tourSchedule: text(500),
};

const f = editableFieldSchemas;
export const sanctuaryFieldsSchema = z.object({
  name: text(200, 1),
  description: z._default(f.description, ''),
  address: z._default(text(300), ''),
  city: text(120, 1),
  state: z.string().check(z.regex(/^[A-Z]{2}$/)),
  zipCode: z._default(z.string().check(z.regex(/^(\d{5}(-\d{4})?)?$/)), ''),
  latitude: z.number().check(z.gte(-90), z.lte(90)),
  longitude: z.number().check(z.gte(-180), z.lte(180)),
  /** True when the coordinates are a town or ZIP centroid rather than the exact site. */
  coordinatesApproximate: z._default(z.boolean(), false),
  /** Where the coordinates came from: a GeoNames town, a ZIP centroid, our gazetteer, or the exact site. */
  coordinateSource: z.optional(z.enum(['geonames', 'zip-centroid', 'gazetteer', 'exact'])),
  phone: z._default(f.phone, ''),
  email: z._default(f.email, ''),
  website: z._default(f.website, ''),
  animalTypes: z._default(f.animalTypes, []),
  isVerified: z._default(z.boolean(), false),
  /** null: the directory does not know whether the sanctuary takes animals in. */
  acceptingAnimals: z._default(z.nullable(z.boolean()), null),
  hasVolunteerOpportunities: z._default(z.boolean(), false),
  volunteerInfo: z._default(f.volunteerInfo, ''),
  hasToursAvailable: z._default(z.boolean(), false),
  tourSchedule: z._default(f.tourSchedule, ''),
  specialNeeds: z._default(f.specialNeeds, ''),
  imageUrls: z._default(z.array(z.string().check(z.maxLength(1000))).check(z.maxLength(20)), []),
  operatingHours: z._default(z.record(z.string().check(z.maxLength(20)), z.string().check(z.maxLength(100))), {}),
  upcomingEvents: z._default(z.array(upcomingEventSchema).check(z.maxLength(50)), []),
  /** Service filters the spec lists without a field of their own; absent means "not said". */
  hasAdoptions: z.optional(z.boolean()),
  isHiring: z.optional(z.boolean()),
  hasLodging: z.optional(z.boolean()),
  /** Structured hours an owner set; `operatingHours` is then derived from them (listing-hours.ts). */
  hours: z.optional(weeklyHoursSchema),
  /** IANA time zone of the listing, from its location: "Open now" and past events are judged in it. */
  timeZone: z.optional(z.string().check(z.maxLength(64))),
  foundedYear: z.optional(z.int().check(z.gte(1700), z.lte(2100))),
  /** Where the facts come from (seeded listings); empty for listings written by their owners. */
  sources: z.optional(z.array(sourceSchema).check(z.maxLength(20))),
  /** Managed by its team: an owner's claim was approved, so no new claims are taken. */
  claimed: z.optional(z.boolean()),
});

export type SanctuaryFields = z.infer<typeof sanctuaryFieldsSchema>;
export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;

/** A sanctuary as stored in the `sanctuaries` database. */
export interface SanctuaryDoc extends SanctuaryFields, SanctuaryDocBase {}

/** A sanctuary as the spec's entity: what the API returns and what screens read. */
export interface Sanctuary extends SanctuaryFields {
  id: string;
  /** Miles from the search origin; present on search results only. */
  distance?: number;
}

/** Parses and normalises a stored document, upgrading older schema versions. Throws on invalid data. */
export function parseSanctuaryDoc(raw: unknown): SanctuaryDoc {
  const base = z
    .looseObject({
      _id: z.string().check(z.minLength(1), z.maxLength(200)),
      _rev: z.optional(z.string()),
      type: z.literal(SANCTUARY_DOC_TYPE),
      schemaVersion: z.int().check(z.gte(1), z.lte(SANCTUARY_SCHEMA_VERSION)),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .parse(raw);
  const fields = sanctuaryFieldsSchema.parse(raw);
  return { ...fields, _id: base._id, ...(base._rev ? { _rev: base._rev } : {}), type: SANCTUARY_DOC_TYPE, schemaVersion: SANCTUARY_SCHEMA_VERSION, createdAt: base.createdAt, updatedAt: base.updatedAt };
}

/** A cheap check of the document's kind (sanctuary-doc.ts). */
export const isSanctuaryDoc = (doc: unknown): doc is SanctuaryDoc => isDocOfKind<SanctuaryDoc>(doc);

export const toSanctuary = (doc: SanctuaryDoc): Sanctuary => withoutBookkeeping(doc);

/** A stable, URL-safe id made from a name and place, e.g. "farm-sanctuary-watkins-glen-ny". */
export function sanctuaryId(name: string, city: string, state: string): string {
  return [name, city, state]
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
