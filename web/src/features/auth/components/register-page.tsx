// /register: 'Create your account'. Five required fields validated with the shared schema; mismatched passwords
// toast and send nothing; a failure shows the server's message inline and the spec's toast; success welcomes the
// new user by the product's name and goes home.
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useForm, type FieldErrors } from 'react-hook-form';
import { AUTH_ERRORS, AUTH_FALLBACKS, AUTH_TOASTS, registrationSchema, type RegistrationPayload } from '@ss/domain/auth';
import { PRODUCT_NAME } from '@ss/domain/constants';
import { primaryButton } from '../../../ui/button-styles';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { signUp } from '../sign-up';
import { useAuthSubmit } from '../use-auth-submit';
import { AuthCard } from './auth-card';
import { FormFailure } from './form-failure';
import { useHydrated } from '../../../lib/use-hydrated';

const EMPTY: RegistrationPayload = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const { failure, submit } = useAuthSubmit(signUp, {
    fallback: AUTH_FALLBACKS.registrationInline,
    failed: AUTH_TOASTS.registrationFailed,
    succeeded: { title: `Welcome to ${PRODUCT_NAME}!`, description: 'Your account has been created.' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(registrationSchema), defaultValues: EMPTY });
  // Disabled in the page's server HTML until the app runs: a submit before then would be the browser's own
  // (a GET with the fields in the address) or lost.
  const hydrated = useHydrated();

  const onInvalid = (invalid: FieldErrors<RegistrationPayload>) => {
    if (invalid.confirmPassword?.message === AUTH_ERRORS.passwordsDontMatch) toast({ ...AUTH_TOASTS.registrationMismatch, variant: 'destructive' });
  };
  const onSubmit = handleSubmit(submit, onInvalid);

  return (
    <AuthCard
      title="Create your account"
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="text-emerald-700 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <FormFailure message={failure} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" required error={errors.firstName?.message} input={{ type: 'text', autoComplete: 'given-name', ...register('firstName') }} />
          <TextField label="Last Name" required error={errors.lastName?.message} input={{ type: 'text', autoComplete: 'family-name', ...register('lastName') }} />
        </div>
        <TextField label="Email" required error={errors.email?.message} input={{ type: 'email', autoComplete: 'email', inputMode: 'email', ...register('email') }} />
        <TextField label="Password" required error={errors.password?.message} input={{ type: 'password', autoComplete: 'new-password', ...register('password') }} />
        <TextField label="Confirm Password" required error={errors.confirmPassword?.message} input={{ type: 'password', autoComplete: 'new-password', ...register('confirmPassword') }} />
        <button type="submit" disabled={isSubmitting || !hydrated} className={`${primaryButton} w-full`}>
          {isSubmitting ? 'Creating account...' : 'Create account'}
        </button>
      </form>
    </AuthCard>
  );
}
