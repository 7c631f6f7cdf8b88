// /login: 'Sign in to your account'. Email and password, both required; a failure shows the server's message in
// an inline red box and the spec's toast; success says 'Welcome back!' and goes home.
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { AUTH_FALLBACKS, AUTH_TOASTS, loginSchema } from '@ss/domain/auth';
import { PRODUCT_NAME } from '@ss/domain/constants';
import { primaryButton } from '../../../ui/button-styles';
import { TextField } from '../../../ui/text-field';
import { signIn } from '../sign-in';
import { useAuthSubmit } from '../use-auth-submit';
import { AuthCard } from './auth-card';
import { FormFailure } from './form-failure';
import { useHydrated } from '../../../lib/use-hydrated';

export function LoginPage() {
  const { failure, submit } = useAuthSubmit(signIn, { fallback: AUTH_FALLBACKS.loginInline, failed: AUTH_TOASTS.loginFailed, succeeded: AUTH_TOASTS.loginSuccess });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  // Disabled in the page's server HTML until the app runs: a submit before then would be the browser's own
  // (a GET with the fields in the address) or lost.
  const hydrated = useHydrated();
  const onSubmit = handleSubmit(submit);

  return (
    <AuthCard
      title="Sign in to your account"
      footer={
        <p>
          New to {PRODUCT_NAME}?{' '}
          <Link to="/register" className="text-emerald-700 hover:underline">
            Create an account
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <FormFailure message={failure} />
        <TextField label="Email" required error={errors.email?.message} input={{ type: 'email', autoComplete: 'email', inputMode: 'email', ...register('email') }} />
        <TextField label="Password" required error={errors.password?.message} input={{ type: 'password', autoComplete: 'current-password', ...register('password') }} />
        <button type="submit" disabled={isSubmitting || !hydrated} className={`${primaryButton} w-full`}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
