// The community page's relative age: "1 day ago", "N days ago" under a week, "N weeks ago" (rounded up)
// under 30 days, otherwise a locale date.
const DAY_MS = 24 * 60 * 60 * 1000;

export function relativeAge(createdAt: string, now: Date = new Date(), locale?: string): string {
  const then = new Date(createdAt);
  const days = Math.floor((now.getTime() - then.getTime()) / DAY_MS);
  if (days <= 1) return '1 day ago';
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.ceil(days / 7);
    return `${weeks} weeks ago`;
  }
  return then.toLocaleDateString(locale);
}
