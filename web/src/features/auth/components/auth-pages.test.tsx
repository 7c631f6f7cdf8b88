// @vitest-environment jsdom
// Sign-in and sign-up forms: the server's message in the inline box plus the spec's toasts on failure, the spec's
// fallbacks, and mismatched passwords that toast and send nothing.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../ui/toaster';
import { useToastStore } from '../../../ui/toast-store';
import { renderWithRouter } from '../../pages/components/test-router';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

function stubFetch(status: number, body: string) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description]);

describe('LoginPage', () => {
  async function signIn(email: string, password: string) {
    const user = userEvent.setup();
    await renderWithRouter(
      <>
        <LoginPage />
        <Toaster />
      </>,
      '/login',
    );
    await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it("shows the server's error inline and the 'Login failed' toast", async () => {
    const fetch = stubFetch(401, '{"error":"Invalid email or password"}');
    await signIn('ada@example.org', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(toasts()).toEqual([['Login failed', 'Please check your credentials and try again.']]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/login');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    stubFetch(500, '');
    await signIn('ada@example.org', 'whatever');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('requires both fields and sends nothing without them', async () => {
    const fetch = stubFetch(200, '{}');
    const user = userEvent.setup();
    await renderWithRouter(<LoginPage />, '/login');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('RegisterPage', () => {
  async function register(password: string, confirm: string) {
    const user = userEvent.setup();
    await renderWithRouter(
      <>
        <RegisterPage />
        <Toaster />
      </>,
      '/register',
    );
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it("toasts 'Passwords don't match' and sends nothing when they differ", async () => {
    const fetch = stubFetch(201, '{}');
    await register('secret-one', 'secret-two');
    expect(await screen.findByText('Please make sure your passwords match.', { selector: 'p' })).toBeInTheDocument();
    expect(toasts()).toEqual([["Passwords don't match", 'Please make sure your passwords match.']]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's error inline and the 'Registration failed' toast", async () => {
    stubFetch(409, '{"error":"An account with this email already exists."}');
    await register('secret-one', 'secret-one');
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(toasts()).toEqual([['Registration failed', 'Please try again with different credentials.']]);
  });
});
