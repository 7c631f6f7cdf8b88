// The Sanctuary entity: its stored document shape, its schema, and the public API shape derived from it.
// The constants, type guard and helpers live in sanctuary-core.ts (no zod) and are re-exported here.
import { z } from 'zod';
import { ANIMAL_TYPES } from './constants.ts';
import { CLOCK_TIME_PATTERN, HOURS_DAYS, MAX_RANGES_PER_DAY, rangesProblem, type HoursDay } from './listing-hours.ts';
import { SANCTUARY_DOC_TYPE, SANCTUARY_SCHEMA_VERSION } from './sanctuary-core.ts';

export { SANCTUARY_DOC_TYPE, SANCTUARY_SCHEMA_VERSION, isSanctuaryDoc, sanctuaryId, toSanctuary } from './sanctuary-core.ts';

const text = (max: number) => z.string().trim().max(max);

export const upcomingEventSchema = z.object({
  title: text(200).min(1),
  /** ISO date (YYYY-MM-DD). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  description: text(2000).default(''),
});

const clockTime = z.string().regex(CLOCK_TIME_PATTERN, 'Times are HH:MM, from 00:00 to 24:00.');
const daySpecSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('closed') }),
  z.strictObject({ kind: z.literal('appointment') }),
  z
    .strictObject({ kind: z.literal('open'), ranges: z.array(z.strictObject({ open: clockTime, close: clockTime })).min(1).max(MAX_RANGES_PER_DAY) })
    .superRefine((day, ctx) => {
      const problem = rangesProblem(day.ranges);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ranges'] });
    }),
]);
/** Structured weekly hours (listing-hours.ts): every day of the week, closed, by appointment or open ranges. */
export const weeklyHoursSchema = z.strictObject(Object.fromEntries(HOURS_DAYS.map((d) => [d, daySpecSchema])) as Record<HoursDay, typeof daySpecSchema>);

/**
 * Where a listing's facts come from: a page (URL) or a repository file (`github:owner/repo/path`), the fields it
 * supports and the day it was read.
 */
export const sourceSchema = z.strictObject({
  url: z.string().max(500).regex(/^(https?:\/\/|github:)\S+$/, 'A source is a web address or github:owner/repo/path.'),
  fields: z.array(z.string().max(40)).max(30),
  checked: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type ListingSource = z.infer<typeof sourceSchema>;

export const sanctuaryFieldsSchema = z.object({
  name: text(200).min(1),
  description: text(5000).default(''),
  address: text(300).default(''),
  city: text(120).min(1),
  state: z.string().regex(/^[A-Z]{2}$/),
  zipCode: z.string().regex(/^(\d{5}(-\d{4})?)?$/).default(''),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** True when the coordinates are a town or ZIP centroid rather than the exact site. */
  coordinatesApproximate: z.boolean().default(false),
  /** Where the coordinates came from: a GeoNames town, a ZIP centroid, our gazetteer, or the exact site. */
  coordinateSource: z.enum(['geonames', 'zip-centroid', 'gazetteer', 'exact']).optional(),
  phone: text(40).default(''),
  email: z.union([z.literal(''), z.email().max(254)]).default(''),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).default(''),
  animalTypes: z.array(z.enum(ANIMAL_TYPES)).max(ANIMAL_TYPES.length).default([]),
  isVerified: z.boolean().default(false),
  /** null: the directory does not know whether the sanctuary takes animals in. */
  acceptingAnimals: z.boolean().nullable().default(null),
  hasVolunteerOpportunities: z.boolean().default(false),
  volunteerInfo: text(2000).default(''),
  hasToursAvailable: z.boolean().default(false),
  tourSchedule: text(500).default(''),
  specialNeeds: text(1000).default(''),
  imageUrls: z.array(z.string().max(1000)).max(20).default([]),
  operatingHours: z.record(z.string().max(20), z.string().max(100)).default({}),
  upcomingEvents: z.array(upcomingEventSchema).max(50).default([]),
  /** Service filters the spec lists without a field of their own; absent means "not said". */
  hasAdoptions: z.boolean().optional(),
  isHiring: z.boolean().optional(),
  hasLodging: z.boolean().optional(),
  /** Structured hours an owner set; `operatingHours` is then derived from them (listing-hours.ts). */
  hours: weeklyHoursSchema.optional(),
  /** IANA time zone of the listing, from its location: "Open now" and past events are judged in it. */
  timeZone: z.string().max(64).optional(),
  foundedYear: z.number().int().min(1700).max(2100).optional(),
  /** Where the facts come from (seeded listings); empty for listings written by their owners. */
  sources: z.array(sourceSchema).max(20).optional(),
  /** Managed by its team: an owner's claim was approved, so no new claims are taken. */
  claimed: z.boolean().optional(),
});

export type SanctuaryFields = z.infer<typeof sanctuaryFieldsSchema>;
export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;

/** A sanctuary as stored in the `sanctuaries` database. */
export interface SanctuaryDoc extends SanctuaryFields {
  _id: string;
  _rev?: string;
  type: typeof SANCTUARY_DOC_TYPE;
  schemaVersion: number;
  createdAt: string;
  updatedAt: string;
  /** The approved application this listing was made from (absent for seeded listings). */
  submissionId?: string;
}

/** A sanctuary as the spec's entity: what the API returns and what screens read. */
export interface Sanctuary extends SanctuaryFields {
  id: string;
  /** Miles from the search origin; present on search results only. */
  distance?: number;
}

/** Parses and normalises a stored document, upgrading older schema versions. Throws on invalid data. */
export function parseSanctuaryDoc(raw: unknown): SanctuaryDoc {
  const base = z
    .object({
      _id: z.string().min(1).max(200),
      _rev: z.string().optional(),
      type: z.literal(SANCTUARY_DOC_TYPE),
      schemaVersion: z.number().int().min(1).max(SANCTUARY_SCHEMA_VERSION),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .passthrough()
    .parse(raw);
  const fields = sanctuaryFieldsSchema.parse(raw);
  return { ...fields, _id: base._id, ...(base._rev ? { _rev: base._rev } : {}), type: SANCTUARY_DOC_TYPE, schemaVersion: SANCTUARY_SCHEMA_VERSION, createdAt: base.createdAt, updatedAt: base.updatedAt };
}
