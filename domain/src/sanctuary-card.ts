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

/** The first event dated today or later (events are compared by calendar date, in UTC). */
export function specialEventLine(s: Pick<Sanctuary, 'upcomingEvents'>, now: Date = new Date()): string | null {
  const today = now.toISOString().slice(0, 10);
  const next = [...s.upcomingEvents].filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date))[0];
  return next ? `Special event: ${next.title}` : null;
}

/** Up to `max` animal types, plus how many more there are (for a '+N more' badge). */
export function animalBadges(types: readonly string[], max: number): { shown: string[]; more: number } {
  return { shown: types.slice(0, max), more: Math.max(0, types.length - max) };
}
