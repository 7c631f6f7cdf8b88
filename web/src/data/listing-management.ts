// The owner's side of a listing on this device (issue 12): claims and listing updates are commands written into
// the user's own database (offline too; pushed when online), read back live with the outcome the server writes.
// An admin's calls about listings (claims, audit trail, revert, verification) are online requests.
import { useMemo } from 'react';
import {
  LISTING_CLAIM_COMMAND_TYPE, LISTING_UPDATE_COMMAND_TYPE, isClaimCommandDoc, isListingUpdateDoc, newClaimCommand, newListingUpdate,
  type ClaimFields, type ListingAuditDoc, type ListingChanges, type ListingClaimCommandDoc, type ListingUpdateDoc,
} from '@ss/domain/listing-management';
import type { Sanctuary } from '@ss/domain/sanctuary';
import { isAdmin, managesListing } from '@ss/domain/user';
import { apiJson } from '../lib/api';
import { loadCurrentUser, useAuthState } from './current-user';
import { useApplicationsStore } from './listing-applications';
import { createUserDocStore, putUserDoc } from './user-command-store';

export const useClaimsStore = createUserDocStore<ListingClaimCommandDoc>(`${LISTING_CLAIM_COMMAND_TYPE}:`, isClaimCommandDoc, 'claims');
export const useListingUpdatesStore = createUserDocStore<ListingUpdateDoc>(`${LISTING_UPDATE_COMMAND_TYPE}:`, isListingUpdateDoc, 'listing updates');

/** Saves a claim on this device; resolves with its id. */
export async function claimListing(userId: string, sanctuaryId: string, fields: ClaimFields): Promise<string> {
  const command = newClaimCommand(userId, sanctuaryId, fields);
  await putUserDoc(userId, command);
  return command._id;
}

/** The user's claims, newest first. */
export function useMyClaims(): { status: 'idle' | 'loading' | 'ready'; claims: ListingClaimCommandDoc[] } {
  const byId = useClaimsStore((s) => s.byId);
  const status = useClaimsStore((s) => s.status);
  const claims = useMemo(() => [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [byId]);
  return { status, claims };
}

// A claim approved while the app runs: the account now manages a listing, so ask who we are again.
let approvedSeen: Set<string> | null = null;
useClaimsStore.subscribe((s) => {
  if (s.status !== 'ready') return;
  const approved = new Set([...s.byId.values()].filter((c) => c.status === 'approved').map((c) => c._id));
  const first = approvedSeen === null;
  const fresh = [...approved].some((id) => !approvedSeen?.has(id));
  approvedSeen = approved;
  if (!first && fresh) void loadCurrentUser({ force: true });
});

/**
 * Whether the signed-in user may manage this listing: their account says so, or, before the account is read again
 * (offline too), an approved claim or application for it has reached this device. The server checks for itself.
 */
export function useManagesListing(sanctuaryId: string): boolean {
  const { user } = useAuthState();
  const claimed = useClaimsStore((s) => [...s.byId.values()].some((c) => c.sanctuaryId === sanctuaryId && c.status === 'approved'));
  const applied = useApplicationsStore((s) => [...s.byId.values()].some((a) => a.sanctuaryId === sanctuaryId && a.status === 'approved'));
  return user !== null && (isAdmin(user) || managesListing(user, sanctuaryId) || claimed || applied);
}

/**
 * Saves an owner's changes on this device. `imageUrls` may name new photos as `new:photo-<n>`, the n-th of
 * `newPhotos` (already prepared). Resolves with the command's id.
 */
export async function saveListingUpdate(userId: string, sanctuaryId: string, changes: ListingChanges, newPhotos: readonly Blob[] = []): Promise<string> {
  // PouchDB keeps Blobs as they are and sends them base64-encoded when it replicates.
  const attachments = Object.fromEntries(newPhotos.map((photo, i) => [`photo-${i}`, { content_type: photo.type, data: photo as unknown as string }]));
  const command = newListingUpdate(userId, sanctuaryId, changes, attachments);
  await putUserDoc(userId, command);
  return command._id;
}

/** This user's updates of one listing, newest first: the pending ones wait on this device to be published. */
export function useListingUpdates(sanctuaryId: string): ListingUpdateDoc[] {
  const byId = useListingUpdatesStore((s) => s.byId);
  return useMemo(() => [...byId.values()].filter((u) => u.sanctuaryId === sanctuaryId).sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [byId, sanctuaryId]);
}

// ---- Admins (online) --------------------------------------------------------------------------------------------

const listingPath = (id: string) => `/api/admin/sanctuaries/${encodeURIComponent(id)}`;

export function decideClaim(sanctuaryId: string, userId: string, decision: 'approve' | 'reject', reviewNotes?: string): Promise<unknown> {
  return apiJson('POST', `/api/admin/claims/${encodeURIComponent(sanctuaryId)}/${encodeURIComponent(userId)}/${decision}`, decision === 'reject' ? { reviewNotes } : undefined);
}

export const fetchAudit = (sanctuaryId: string) => apiJson<ListingAuditDoc[]>('GET', `${listingPath(sanctuaryId)}/audit`);

export const revertChange = (sanctuaryId: string, auditId: string) => apiJson<ListingAuditDoc>('POST', `${listingPath(sanctuaryId)}/audit/revert`, { auditId });

export const setVerified = (sanctuaryId: string, isVerified: boolean) => apiJson<Sanctuary>('POST', `${listingPath(sanctuaryId)}/verified`, { isVerified });
