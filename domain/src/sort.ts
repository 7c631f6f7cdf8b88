// Name order for sanctuary lists: the device's, and the gateway's server-rendered home page, so both show the same
// first cards. One shared Intl.Collator is many times faster than localeCompare per pair.
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export const byName = (a: { name: string }, b: { name: string }): number => collator.compare(a.name, b.name);
