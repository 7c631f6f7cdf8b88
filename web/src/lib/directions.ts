// A link that opens the device's maps app at a sanctuary: Apple Maps on Apple devices, a geo: URI on
// Android, Google Maps on the web. Coordinates are used because seeded addresses are often incomplete.
export function directionsUrl(target: { latitude: number; longitude: number; name: string }, userAgent = globalThis.navigator?.userAgent ?? ''): string {
  const { latitude, longitude, name } = target;
  const label = encodeURIComponent(name);
  if (/iPhone|iPad|iPod|Macintosh/.test(userAgent) && /Mobile|Safari/.test(userAgent) && !/Chrome|Android/.test(userAgent)) {
    return `https://maps.apple.com/?daddr=${latitude},${longitude}&q=${label}`;
  }
  if (/Android/.test(userAgent)) return `geo:${latitude},${longitude}?q=${latitude},${longitude}(${label})`;
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

/** How to reach a sanctuary about something (volunteering, a tour): e-mail, then phone, then its website. */
export function contactHref(s: { email: string; phone: string; website: string }, subject: string): string | null {
  if (s.email) return `mailto:${s.email}?subject=${encodeURIComponent(subject)}`;
  if (s.phone) return `tel:${s.phone.replace(/[^\d+]/g, '')}`;
  if (s.website) return s.website;
  return null;
}
