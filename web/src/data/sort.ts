// Name order for sanctuary lists. One shared Intl.Collator is many times faster than localeCompare per pair.
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export const byName = (a: { name: string }, b: { name: string }): number => collator.compare(a.name, b.name);
