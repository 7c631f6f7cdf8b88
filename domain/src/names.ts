// What a person may call themselves: first and last names and the optional username, which reviews show to
// everyone. Names are normalised (NFKC, single spaces) and limited to letters, marks, spaces and the punctuation
// names use, in one script per word, so nobody signs as "alice" in Cyrillic look-alikes or hides text behind
// bidirectional overrides (issue 19, impersonation). Usernames are plain ASCII and unique regardless of case
// (couchdb/src/users.ts). Staff-like names are reserved. No zod here: the forms and the first paint use it.

export const NAME_MESSAGES = {
  nameCharacters: "Names can use letters, spaces, apostrophes, hyphens and periods.",
  nameMixedScripts: 'Please write each part of your name in one alphabet.',
  nameReserved: 'This name is reserved. Please use your own name.',
  usernameCharacters: 'Usernames are 3 to 30 letters, digits, dots, hyphens or underscores, starting with a letter or digit.',
  usernameReserved: 'This username is reserved. Please choose another.',
  usernameTaken: 'This username is taken. Please choose another.',
} as const;

/** Unicode normalisation (compatibility forms folded: full-width letters, ligatures) and single spaces. */
export function normalizeName(raw: string): string {
  return raw.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** Letters with their marks, single spaces, and the punctuation names use: ' ’ - . */
const NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ '’.-]+[\p{L}\p{M}]+)*[.]?$/u;
/** Scripts whose letters pass for Latin ones; a word mixing any two of them is a look-alike. */
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u, /\p{Script=Cherokee}/u];

/** Words a username may not be made of: they would pass for the product's own staff. */
const RESERVED_USERNAME_WORDS = ['admin', 'administrator', 'moderator', 'mod', 'staff', 'support', 'official', 'system', 'root', 'helpdesk', 'team'];
/** The same for names, less the words that are also real names (Root, Staff, Mod…). */
const RESERVED_NAME_WORDS = ['admin', 'administrator', 'moderator', 'official'];
/** Reserved wherever they appear, even run together with other words. */
const RESERVED_ANYWHERE = ['sanctuaryseekers', 'administrator', 'moderator'];
/** The digits people use for letters ("adm1n"). */
const LOOKALIKE_DIGITS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/**
 * The words of a name as someone reading it quickly sees them: accents dropped, lower case, split at spaces and
 * punctuation, numbers at either end dropped ("admin123" is "admin") and digits inside read as letters.
 */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9@$]+/)
    .map((w) => w.replace(/^[0-9]+|[0-9]+$/g, '').replace(/[013457@$]/g, (d) => LOOKALIKE_DIGITS[d] ?? d))
    .filter(Boolean);
}

function reserved(text: string, reservedWords: readonly string[]): boolean {
  const ws = words(text);
  const joined = ws.join('');
  return ws.some((w) => reservedWords.includes(w)) || RESERVED_ANYWHERE.some((r) => joined.includes(r));
}

function mixesScripts(word: string): boolean {
  return CONFUSABLE_SCRIPTS.filter((script) => script.test(word)).length > 1;
}

/** The problem with a first or last name (already normalised), or null. */
export function nameProblem(name: string): string | null {
  if (!NAME_PATTERN.test(name)) return NAME_MESSAGES.nameCharacters;
  if (name.split(/[ '’.-]+/u).some(mixesScripts)) return NAME_MESSAGES.nameMixedScripts;
  if (isReservedName(name)) return NAME_MESSAGES.nameReserved;
  return null;
}

/** Whether a name, as reviews would show it, passes for staff: "Sanctuary Seekers Team", "Admin". */
export function isReservedName(name: string): boolean {
  return reserved(name, RESERVED_NAME_WORDS);
}

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,29}$/;

/** The problem with a username (already trimmed), or null. */
export function usernameProblem(username: string): string | null {
  if (!USERNAME_PATTERN.test(username)) return NAME_MESSAGES.usernameCharacters;
  return reserved(username, RESERVED_USERNAME_WORDS) ? NAME_MESSAGES.usernameReserved : null;
}

/** What makes two usernames the same one: case. */
export const usernameKey = (username: string): string => username.toLowerCase();
