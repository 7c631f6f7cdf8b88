// @vitest-environment jsdom
// Contact page: required fields show inline errors; a valid message shows the 'Message Sent' toast without any call.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_ERRORS } from '@ss/domain/contact';
import { MESSAGES } from '@ss/domain/constants';
import { Toaster } from '../../../ui/toaster';
import { useToastStore } from '../../../ui/toast-store';
import { ContactPage } from './contact-page';
import { renderWithRouter } from './test-router';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

function renderPage() {
  return renderWithRouter(
    <>
      <ContactPage />
      <Toaster />
    </>,
  );
}

const field = {
  name: () => screen.getByRole('textbox', { name: 'Name' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  subject: () => screen.getByRole('textbox', { name: 'Subject' }),
  category: () => screen.getByRole('combobox', { name: 'Category (optional)' }),
  message: () => screen.getByRole('textbox', { name: 'Message' }),
};

describe('ContactPage', () => {
  it('shows the title, the form fields and a link to the FAQ', async () => {
    await renderPage();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(field.email()).toHaveAttribute('type', 'email');
    expect(within(field.category()).getByRole('option', { name: 'Report incorrect information' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View FAQ' })).toHaveAttribute('href', '/faq');
  });

  it('an empty submit shows an inline error on each required field and no toast', async () => {
    const user = userEvent.setup();
    await renderPage();

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT_ERRORS.nameRequired)).toBeInTheDocument();
    expect(field.name()).toHaveAttribute('aria-invalid', 'true');
    expect(field.name()).toHaveAccessibleDescription(CONTACT_ERRORS.nameRequired);
    expect(field.email()).toHaveAccessibleDescription(CONTACT_ERRORS.emailRequired);
    expect(field.subject()).toHaveAccessibleDescription(CONTACT_ERRORS.subjectRequired);
    expect(field.message()).toHaveAccessibleDescription(CONTACT_ERRORS.messageRequired);
    // Category is optional.
    expect(field.category()).toHaveAttribute('aria-invalid', 'false');
    expect(field.name()).toHaveFocus();
    expect(screen.queryByText(MESSAGES.contactSentTitle)).not.toBeInTheDocument();
  });

  it('rejects a malformed email address', async () => {
    const user = userEvent.setup();
    await renderPage();

    await user.type(field.email(), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT_ERRORS.emailInvalid)).toBeInTheDocument();
    expect(field.email()).toHaveAccessibleDescription(CONTACT_ERRORS.emailInvalid);
  });

  it('a valid submit makes no network call, shows the confirmation toast and clears the form', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in tests'));
    const user = userEvent.setup();
    await renderPage();

    await user.type(field.name(), 'Jo Seeker');
    await user.type(field.email(), 'jo@example.com');
    await user.type(field.subject(), 'A question');
    await user.selectOptions(field.category(), 'General question');
    await user.type(field.message(), 'When is the best time to visit?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const notifications = screen.getByRole('region', { name: /notifications/i });
    expect(await within(notifications).findByText(MESSAGES.contactSentTitle)).toBeInTheDocument();
    expect(within(notifications).getByText(MESSAGES.contactSentText)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(field.name()).toHaveValue('');
    expect(field.email()).toHaveValue('');
    expect(field.subject()).toHaveValue('');
    expect(field.category()).toHaveValue('');
    expect(field.message()).toHaveValue('');
    expect(field.name()).toHaveAttribute('aria-invalid', 'false');
  });
});
