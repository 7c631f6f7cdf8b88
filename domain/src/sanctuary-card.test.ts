import { describe, expect, it } from 'vitest';
import { acceptingLine, animalBadges, cardBadge, specialEventLine, tourLine, volunteerLine } from './sanctuary-card.ts';

describe('card badge', () => {
  const base = { isVerified: false, acceptingAnimals: true as boolean | null, hasVolunteerOpportunities: false };
  it('follows the spec order: VERIFIED, then FULL, then URGENT, else none', () => {
    expect(cardBadge({ ...base, isVerified: true, acceptingAnimals: false, hasVolunteerOpportunities: true })).toBe('VERIFIED');
    expect(cardBadge({ ...base, acceptingAnimals: false, hasVolunteerOpportunities: true })).toBe('FULL');
    expect(cardBadge({ ...base, hasVolunteerOpportunities: true })).toBe('URGENT');
    expect(cardBadge(base)).toBeNull();
  });
  it('does not call a sanctuary FULL when its intake status is unknown', () => {
    expect(cardBadge({ ...base, acceptingAnimals: null })).toBeNull();
    expect(cardBadge({ ...base, acceptingAnimals: null, hasVolunteerOpportunities: true })).toBe('URGENT');
  });
});

describe('card lines', () => {
  it('accepting line lists animal types, else special needs, else Currently full', () => {
    expect(acceptingLine({ acceptingAnimals: true, animalTypes: ['pigs', 'goats'], specialNeeds: '' })).toEqual({ tone: 'positive', text: 'Accepting pigs, goats' });
    expect(acceptingLine({ acceptingAnimals: false, animalTypes: ['pigs'], specialNeeds: 'Roosters only' })).toEqual({ tone: 'negative', text: 'Roosters only' });
    expect(acceptingLine({ acceptingAnimals: false, animalTypes: [], specialNeeds: '  ' })).toEqual({ tone: 'negative', text: 'Currently full' });
    expect(acceptingLine({ acceptingAnimals: null, animalTypes: [], specialNeeds: '' }).tone).toBe('unknown');
  });
  it('volunteer line only with the flag, falling back to the spec text', () => {
    expect(volunteerLine({ hasVolunteerOpportunities: false, volunteerInfo: 'x' })).toBeNull();
    expect(volunteerLine({ hasVolunteerOpportunities: true, volunteerInfo: '' })).toBe('Volunteer opportunities available');
    expect(volunteerLine({ hasVolunteerOpportunities: true, volunteerInfo: 'Saturdays' })).toBe('Saturdays');
  });
  it('tour line only when tours are available and a schedule exists', () => {
    expect(tourLine({ hasToursAvailable: true, tourSchedule: '' })).toBeNull();
    expect(tourLine({ hasToursAvailable: false, tourSchedule: 'Sundays' })).toBeNull();
    expect(tourLine({ hasToursAvailable: true, tourSchedule: 'Sundays 1 PM' })).toBe('Tours: Sundays 1 PM');
  });
  it('special event line names the first upcoming event, ignoring past ones', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const events = [
      { title: 'Past', date: '2026-05-01', description: '' },
      { title: 'Later', date: '2026-07-01', description: '' },
      { title: 'Sooner', date: '2026-05-10', description: '' },
    ];
    expect(specialEventLine({ upcomingEvents: events }, now)).toBe('Special event: Sooner');
    expect(specialEventLine({ upcomingEvents: [events[0]!] }, now)).toBeNull();
  });
  it('shows up to 3 animal badges and counts the rest', () => {
    expect(animalBadges(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(animalBadges(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
  });
});
