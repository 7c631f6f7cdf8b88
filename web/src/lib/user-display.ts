// How a user is named on screen: full name (or the e-mail), the avatar's initial, and the role badge's text.
import type { User } from '@ss/domain/user';

/** "First Last", or the e-mail when both names are blank. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email;
}

/** The avatar's letter: the first name's first letter, else the e-mail's. */
export function initialOf(user: Pick<User, 'firstName' | 'email'>): string {
  return (user.firstName?.trim() || user.email || '?').charAt(0).toUpperCase();
}

/** 'Sanctuary Owner' for sanctuary_owner; any other role as it is. */
export function roleLabel(role: string): string {
  return role === 'sanctuary_owner' ? 'Sanctuary Owner' : role;
}
