// Generates N obviously synthetic sanctuaries for scale tests and benchmarks. Never part of the default seed.
import { ANIMAL_TYPES } from '@ss/domain/constants';
import { SANCTUARY_DOC_TYPE, SANCTUARY_SCHEMA_VERSION, type SanctuaryDoc } from '@ss/domain/sanctuary';
import { US_STATES } from '@ss/domain/us-states';

/** Small deterministic PRNG (mulberry32) so a given seed always yields the same data set. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONTIGUOUS = Object.keys(US_STATES).filter((s) => !['AK', 'HI', 'PR', 'GU', 'VI', 'AS', 'MP', 'DC'].includes(s));
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function syntheticSanctuaries(count: number, seed = 1): SanctuaryDoc[] {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const docs: SanctuaryDoc[] = [];
  for (let i = 0; i < count; i++) {
    const n = String(i + 1).padStart(6, '0');
    const animals = ANIMAL_TYPES.filter(() => rand() < 0.3);
    const hours: Record<string, string> = {};
    if (rand() < 0.7) for (const d of DAYS) hours[d] = rand() < 0.2 ? '' : '10:00 AM - 4:00 PM';
    const tours = rand() < 0.4;
    const volunteers = rand() < 0.5;
    docs.push({
      _id: `synthetic-${n}`,
      type: SANCTUARY_DOC_TYPE,
      schemaVersion: SANCTUARY_SCHEMA_VERSION,
      name: `Synthetic Test Sanctuary ${n}`,
      description: `Generated listing number ${n} for scale testing. Not a real place. Lorem ipsum farm animals, pasture, barn and meadow care for rescued residents.`,
      address: `${1 + Math.floor(rand() * 9999)} Test Road`,
      city: `Testville ${n.slice(-3)}`,
      state: pick(CONTIGUOUS),
      zipCode: String(10000 + Math.floor(rand() * 89999)),
      // Uniform over the contiguous US bounding box.
      latitude: Math.round((25 + rand() * 24) * 1e5) / 1e5,
      longitude: Math.round((-124 + rand() * 57) * 1e5) / 1e5,
      coordinatesApproximate: false,
      phone: '',
      email: '',
      website: '',
      animalTypes: animals,
      isVerified: rand() < 0.2,
      acceptingAnimals: rand() < 0.5,
      hasVolunteerOpportunities: volunteers,
      volunteerInfo: volunteers ? 'Weekend volunteer shifts (synthetic).' : '',
      hasToursAvailable: tours,
      tourSchedule: tours ? 'Saturdays at 11 AM' : '',
      specialNeeds: '',
      imageUrls: [],
      operatingHours: hours,
      upcomingEvents: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
  }
  return docs;
}
