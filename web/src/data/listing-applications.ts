// The signed-in user's listing applications: written as submission commands into their own database on this
// device (offline too; sent when online), with the status the server writes back (Pending Review, approved,
// rejected with the notes) read live for the profile.
import { useMemo } from 'react';
import {
  SUBMISSION_COMMAND_ID_PREFIX, isSubmissionCommandDoc, newSubmissionCommand, type SubmissionCommandDoc, type SubmissionFields,
} from '@ss/domain/submission';
import { createUserDocStore, putUserDoc } from './user-command-store';

export const useApplicationsStore = createUserDocStore<SubmissionCommandDoc>(SUBMISSION_COMMAND_ID_PREFIX, isSubmissionCommandDoc, 'applications');

/** Saves the application on this device; resolves with its id. */
export async function submitListingApplication(userId: string, fields: SubmissionFields): Promise<string> {
  const command = newSubmissionCommand(userId, fields);
  await putUserDoc(userId, command);
  return command._id;
}

/** The user's applications, newest first. */
export function useMyApplications(): { status: 'idle' | 'loading' | 'ready'; applications: SubmissionCommandDoc[] } {
  const byId = useApplicationsStore((s) => s.byId);
  const status = useApplicationsStore((s) => s.status);
  const applications = useMemo(() => [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [byId]);
  return { status, applications };
}
