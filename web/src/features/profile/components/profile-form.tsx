// The Profile tab: First Name, Last Name, Email and Username. No client validation (the server checks with the
// shared schema); success refreshes the signed-in user and toasts, failure toasts 'Update Failed' with the reason.
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_TOASTS } from '@ss/domain/auth';
import type { User } from '@ss/domain/user';
import { primaryButton } from '../../../ui/button-styles';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { updateProfile } from '../update-profile';

interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
}

export function ProfileForm({ user }: { user: User }) {
  // Follows the signed-in user, so the refetch after an update shows what the server stored.
  const values = useMemo<ProfileFormValues>(
    () => ({ firstName: user.firstName, lastName: user.lastName, email: user.email, username: user.username ?? '' }),
    [user],
  );
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ProfileFormValues>({ values });

  const onSubmit = handleSubmit(async (form) => {
    try {
      await updateProfile(form);
    } catch (err) {
      toast({ ...AUTH_TOASTS.updateFailed, description: (err as Error).message, variant: 'destructive' });
      return;
    }
    toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" input={{ type: 'text', autoComplete: 'given-name', ...register('firstName') }} />
        <TextField label="Last Name" input={{ type: 'text', autoComplete: 'family-name', ...register('lastName') }} />
      </div>
      <TextField label="Email" input={{ type: 'email', autoComplete: 'email', inputMode: 'email', ...register('email') }} />
      <TextField label="Username" input={{ type: 'text', autoComplete: 'username', ...register('username') }} />
      <div>
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Updating...' : 'Update Profile'}
        </button>
      </div>
    </form>
  );
}
