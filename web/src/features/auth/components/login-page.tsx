// /login: 'Sign in to your account'. Email and password, both required; a failure shows the server's message in
// an inline red box and the spec's toast; success says 'Welcome back!' and goes home.
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_FALLBACKS, AUTH_TOASTS, loginSchema } from '@ss/domain/auth';
import { PRODUCT_NAME } from '@ss/domain/constants';
import { primaryButton } from '../../../ui/button-styles';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { signIn } from '../sign-in';
import { AuthCard } from './auth-card';
import { FormFailure } from './form-failure';

export function LoginPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn(values);
    } catch (err) {
      setFailure((err as Error).message || AUTH_FALLBACKS.loginInline);
      toast({ ...AUTH_TOASTS.loginFailed, variant: 'destructive' });
      return;
    }
    toast(AUTH_TOASTS.loginSuccess);
    await navigate({ to: '/' });
  });

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
        <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full`}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
