// The spec's Sanctuary card rules as pure functions, so every card on every screen decides the same way.
import type { Sanctuary } from './sanctuary.ts';

export type CardBadge = 'VERIFIED' | 'FULL' | 'URGENT' | null;

/** VERIFIED if verified; else FULL if not accepting animals; else URGENT if volunteers are wanted; else none. */
export function cardBadge(s: Pick<Sanctuary, 'isVerified' | 'acceptingAnimals' | 'hasVolunteerOpportunities'>): CardBadge {
  if (s.isVerified) return 'VERIFIED';
  // An unknown intake status (null) is not "full": we only say FULL when the sanctuary said so.
  if (s.acceptingAnimals === false) return 'FULL';
  if (s.hasVolunteerOpportunities) return 'URGENT';
  return null;
}

export interface AcceptingLine {
  tone: 'positive' | 'negative' | 'unknown';
  text: string;
}

export function acceptingLine(s: Pick<Sanctuary, 'acceptingAnimals' | 'animalTypes' | 'specialNeeds'>): AcceptingLine {
  if (s.acceptingAnimals === true) {
    return { tone: 'positive', text: ['Accepting', s.animalTypes.join(', ')].filter(Boolean).join(' ') };
  }
  if (s.acceptingAnimals === null) return { tone: 'unknown', text: 'Intake status not listed' };
  return { tone: 'negative', text: s.specialNeeds.trim() || 'Currently full' };
}

export function volunteerLine(s: Pick<Sanctuary, 'hasVolunteerOpportunities' | 'volunteerInfo'>): string | null {
  if (!s.hasVolunteerOpportunities) return null;
  return s.volunteerInfo.trim() || 'Volunteer opportunities available';
}

export function tourLine(s: Pick<Sanctuary, 'hasToursAvailable' | 'tourSchedule'>): string | null {
  if (!s.hasToursAvailable || !s.tourSchedule.trim()) return null;
  return `Tours: ${s.tourSchedule.trim()}`;
}

/** Today's date (YYYY-MM-DD) where the listing is: its time zone when known, else UTC. */
export function localDate(now: Date, timeZone?: string): string {
  if (!timeZone) return now.toISOString().slice(0, 10);
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The listing's events dated today or later where it is, soonest first: past events leave by themselves. */
export function upcomingEvents<E extends { date: string }>(s: { upcomingEvents: readonly E[]; timeZone?: string | undefined }, now: Date = new Date()): E[] {
  const today = localDate(now, s.timeZone);
  return s.upcomingEvents.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}

/** The first event dated today or later, where the listing is. */
export function specialEventLine(s: Pick<Sanctuary, 'upcomingEvents' | 'timeZone'>, now: Date = new Date()): string | null {
  const next = upcomingEvents(s, now)[0];
  return next ? `Special event: ${next.title}` : null;
}

/** Up to `max` animal types, plus how many more there are (for a '+N more' badge). */
export function animalBadges(types: readonly string[], max: number): { shown: string[]; more: number } {
  return { shown: types.slice(0, max), more: Math.max(0, types.length - max) };
}
