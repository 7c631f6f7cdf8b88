// The Security tab's Change Password form: current, new and confirm, all required. Mismatched or short passwords
// toast and send nothing; success clears the fields and toasts; a refusal toasts 'Password Change Failed'.
import { useForm } from 'react-hook-form';
import { AUTH_ERRORS, AUTH_TOASTS, type PasswordChangePayload } from '@ss/domain/auth';
import { primaryButton } from '../../../ui/button-styles';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { changePassword } from '../change-password';
import { passwordChangeProblem } from '../password-change-problem';

const EMPTY: PasswordChangePayload = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangePayload>({ defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    const problem = passwordChangeProblem(values);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    let message: string | undefined;
    try {
      message = await changePassword(values);
    } catch (err) {
      toast({ ...AUTH_TOASTS.passwordChangeFailed, description: (err as Error).message, variant: 'destructive' });
      return;
    }
    reset(EMPTY);
    toast({ title: 'Password Changed', description: message ?? 'Your password has been changed.' });
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-md gap-4">
      <TextField
        label="Current Password"
        required
        error={errors.currentPassword?.message}
        input={{ type: 'password', autoComplete: 'current-password', ...register('currentPassword', { required: AUTH_ERRORS.currentPasswordRequired }) }}
      />
      <TextField
        label="New Password"
        required
        error={errors.newPassword?.message}
        input={{ type: 'password', autoComplete: 'new-password', ...register('newPassword', { required: AUTH_ERRORS.newPasswordRequired }) }}
      />
      <TextField
        label="Confirm New Password"
        required
        error={errors.confirmPassword?.message}
        input={{ type: 'password', autoComplete: 'new-password', ...register('confirmPassword', { required: AUTH_ERRORS.confirmPasswordRequired }) }}
      />
      <div>
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Changing Password...' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
