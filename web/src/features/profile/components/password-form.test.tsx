// @vitest-environment jsdom
// The Security tab's Change Password form: required fields, the spec's mismatch and too-short toasts with nothing
// sent, the server's refusal as 'Password Change Failed', and a success that clears the fields.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_ERRORS } from '@ss/domain/auth';
import { Toaster } from '../../../ui/toaster';
import { useToastStore } from '../../../ui/toast-store';
import { renderWithRouter } from '../../pages/components/test-router';
import { PasswordForm } from './password-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const field = {
  current: () => screen.getByLabelText('Current Password'),
  next: () => screen.getByLabelText('New Password'),
  confirm: () => screen.getByLabelText('Confirm New Password'),
};

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await renderWithRouter(
    <>
      <PasswordForm />
      <Toaster />
    </>,
  );
  if (current) await user.type(field.current(), current);
  if (next) await user.type(field.next(), next);
  if (confirm) await user.type(field.confirm(), confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

describe('PasswordForm', () => {
  it('requires all three fields and sends nothing', async () => {
    const fetch = stubFetch(200, {});
    await fill('', '', '');
    expect(await screen.findByText(AUTH_ERRORS.currentPasswordRequired)).toBeInTheDocument();
    expect(field.next()).toHaveAccessibleDescription(AUTH_ERRORS.newPasswordRequired);
    expect(field.confirm()).toHaveAccessibleDescription(AUTH_ERRORS.confirmPasswordRequired);
    expect(fetch).not.toHaveBeenCalled();
    expect(toastTitles()).toEqual([]);
  });

  it('toasts Password Mismatch and sends nothing when new and confirm differ', async () => {
    const fetch = stubFetch(200, {});
    await fill('old-secret', 'new-secret', 'other-secret');
    expect(await screen.findByText('New password and confirm password do not match.')).toBeInTheDocument();
    expect(toastTitles()).toEqual(['Password Mismatch']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('toasts Password Too Short and sends nothing under 6 characters', async () => {
    const fetch = stubFetch(200, {});
    await fill('old-secret', 'abc', 'abc');
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    expect(toastTitles()).toEqual(['Password Too Short']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("toasts Password Change Failed with the server's message, keeping the fields", async () => {
    const fetch = stubFetch(400, { error: 'Current password is incorrect' });
    await fill('wrong-secret', 'new-secret', 'new-secret');
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(toastTitles()).toEqual(['Password Change Failed']);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/user/password');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include' });
    expect(JSON.parse(init!.body as string)).toEqual({ currentPassword: 'wrong-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' });
    expect(field.current()).toHaveValue('wrong-secret');
  });

  it('clears the three fields and toasts on success', async () => {
    stubFetch(200, { ok: true, message: 'Your password has been changed. You have been signed out on your other devices.' });
    await fill('old-secret', 'new-secret', 'new-secret');
    expect(await screen.findByText(/signed out on your other devices/)).toBeInTheDocument();
    expect(toastTitles()).toEqual(['Password Changed']);
    await waitFor(() => expect(field.current()).toHaveValue(''));
    expect(field.next()).toHaveValue('');
    expect(field.confirm()).toHaveValue('');
  });
});
