// Every number and fixed text from the product spec, defined once and imported everywhere.

export const PRODUCT_NAME = 'Sanctuary Seekers';
export const TAGLINE = 'Find animal sanctuaries & rescues near you';

export const ANIMAL_TYPES = [
  'cows', 'pigs', 'chickens', 'horses', 'goats', 'sheep', 'ducks',
  'turkeys', 'donkeys', 'mules', 'rabbits', 'dogs', 'cats', 'wildlife',
] as const;
export type AnimalType = (typeof ANIMAL_TYPES)[number];

export const SERVICE_FILTERS = [
  { id: 'volunteer', label: 'Volunteer opportunities' },
  { id: 'tours', label: 'Tours available' },
  { id: 'events', label: 'Special events' },
  { id: 'accepting', label: 'Accepting animals' },
  { id: 'adoptions', label: 'Adoptions available' },
  { id: 'hiring', label: 'Hiring' },
  { id: 'lodging', label: 'Lodging' },
] as const;
export type ServiceFilterId = (typeof SERVICE_FILTERS)[number]['id'];

export const DEFAULT_RADIUS_MILES = 50;
export const RADIUS_OPTIONS = [
  { miles: 5, label: '5 miles' },
  { miles: 25, label: '25 miles' },
  { miles: 50, label: '50 miles' },
  { miles: 100, label: '100 miles' },
  { miles: 150, label: '150 miles' },
  { miles: 200, label: '200 miles' },
  { miles: 500, label: 'Any distance' },
] as const;

/** Earth radius used for the Home page's 5-nearest list. */
export const HOME_EARTH_RADIUS_MILES = 3959;
/** Earth radius used for the map page's distance sort. */
export const MAP_EARTH_RADIUS_MILES = 3958.756;
export const HOME_NEAREST_COUNT = 5;
export const HOME_MAX_RESULT_CARDS = 6;
/** How many of /map's list the server puts in the page's HTML (the device's own copy shows them all once read). */
export const MAP_SERVED_LIST_ITEMS = 50;
export const CARD_MAX_ANIMAL_BADGES = 3;

export const MIN_PASSWORD_LENGTH = 6;
export const CURRENT_USER_FRESH_MS = 5 * 60 * 1000;
export const MAX_REVIEW_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const ALLOWED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const COMMUNITY_REVIEWS_SHOWN = 10;
export const MARKETING_SANCTUARIES_LISTED = '250+';
export const MARKETING_COMMUNITY_MEMBERS = '1.2k';

export const ADMIN_DESCRIPTION_PREVIEW_CHARS = 150;
export const UNAUTHORIZED_REDIRECT_MS = 500;

export const LISTING_FEE_USD_PER_YEAR = 99;
export const REFUND_WINDOW_DAYS = 30;
export const REFUND_PROCESSING_BUSINESS_DAYS = 14;
export const SUBMISSION_REVIEW_PROMISE = '2-3 business days';
export const CONTACT_REPLY_PROMISE = '24-48 hours';
export const MINIMUM_AGE = 13;

export const LEGAL_EFFECTIVE_DATE = 'June 20th, 2025';
export const FOOTER_YEAR = 2025;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'] as const;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const GEOLOCATION_OPTIONS = { enableHighAccuracy: true, timeout: 10000, maximumAge: 60000 } as const;

export const MAP = {
  /** Geographic centre of the contiguous United States. */
  defaultCenter: { latitude: 39.8283, longitude: -98.5795 },
  /** South-west and north-east corners of the contiguous US region. */
  bounds: { south: 24.396308, west: -125.0, north: 49.384358, east: -66.93457 },
  minZoom: 3,
  maxZoom: 18,
  zoomWithUserLocation: 12,
  zoomWithResults: 6,
  zoomDefault: 4,
  refitZoomWithUserLocation: 10,
  scrollWheelZoom: false,
  tileSize: 256,
} as const;

export const STATUS_BAR_COLOR = '#059669';
export const HAPTIC_STRENGTHS = ['light', 'medium', 'heavy'] as const;
export const DEFAULT_HAPTIC_STRENGTH = 'medium';

export const ROLES = ['user', 'sanctuary_owner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The spec's literal user-facing messages. */
export const MESSAGES = {
  sanctuaryNotFoundTitle: 'Sanctuary Not Found',
  sanctuaryNotFoundText: "The sanctuary you're looking for doesn't exist or has been removed.",
  noSanctuariesFound: 'No sanctuaries found',
  noLocationsFound: 'No locations found',
  noLocationsHint: 'Try adjusting your search criteria',
  contactSentTitle: 'Message Sent',
  contactSentText: "Thank you for contacting us. We'll get back to you within 24-48 hours.",
  geolocationUnsupported: 'Geolocation is not supported by this browser',
  geolocationDenied: 'Location access denied by user',
  geolocationUnavailable: 'Location information is unavailable',
  geolocationTimeout: 'Location request timed out',
  geolocationFallback: 'Unable to retrieve location',
  locationErrorTitle: 'Location Error',
  locationErrorFallback: 'Unable to get your current location',
} as const;
