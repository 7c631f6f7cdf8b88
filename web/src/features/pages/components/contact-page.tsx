// /contact: a validated message form that only confirms with a toast (no call is made), plus a link to the FAQ.
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { Clock, Mail, MessageCircleQuestion, Send } from 'lucide-react';
import { CONTACT_CATEGORIES, contactSchema, EMPTY_CONTACT_FORM, type ContactForm } from '@ss/domain/contact';
import { CONTACT_REPLY_PROMISE, MESSAGES } from '@ss/domain/constants';
import { config } from '../../../config';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { useHydrated } from '../../../lib/use-hydrated';

export function ContactPage() {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY_CONTACT_FORM });
  // Disabled in the page's server HTML until the app runs: a submit before then would be the browser's own
  // (a GET with the fields in the address) or lost.
  const hydrated = useHydrated();

  // The spec makes the contact form confirm-only: the message is not sent anywhere.
  const onSubmit = () => {
    toast({ title: MESSAGES.contactSentTitle, description: MESSAGES.contactSentText });
    reset(EMPTY_CONTACT_FORM);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Contact Us</h1>
        <p className="mx-auto mt-3 max-w-2xl text-base text-gray-600">
          Questions, corrections, ideas for a sanctuary we should list, or a problem with the app: we'd love to hear
          from you.
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby={`${id}-form-heading`}
          className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
        >
          <h2 id={`${id}-form-heading`} className="text-xl font-semibold text-gray-900">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">as required</span> are required.
          </p>

          <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 grid gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="Name" required error={errors.name?.message} input={{ type: 'text', autoComplete: 'name', ...register('name') }} />
              <TextField
                label="Email"
                required
                error={errors.email?.message}
                input={{ type: 'email', autoComplete: 'email', inputMode: 'email', ...register('email') }}
              />
            </div>

            <TextField label="Subject" required error={errors.subject?.message} input={{ type: 'text', ...register('subject') }} />

            <TextField label="Category" optional error={errors.category?.message} select={register('category')}>
              <option value="">Choose a category</option>
              {CONTACT_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </TextField>

            <TextField label="Message" required error={errors.message?.message} textarea={{ rows: 6, ...register('message') }} />

            <div>
              <button
                type="submit"
                disabled={isSubmitting || !hydrated}
                className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-emerald-600 px-5 py-2.5 font-medium text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:opacity-60 sm:w-auto"
              >
                <Send aria-hidden className="h-4 w-4" />
                Send Message
              </button>
            </div>
          </form>
        </section>

        <aside className="grid content-start gap-6">
          <section
            aria-labelledby={`${id}-faq-heading`}
            className="rounded-xl border border-emerald-100 bg-emerald-50 p-5 sm:p-6"
          >
            <MessageCircleQuestion aria-hidden className="h-8 w-8 text-emerald-600" />
            <h2 id={`${id}-faq-heading`} className="mt-3 text-lg font-semibold text-gray-900">
              Looking for a quick answer?
            </h2>
            <p className="mt-1 text-sm text-gray-700">
              Many questions about searching, volunteering, donating and listing a sanctuary are answered in our FAQ.
            </p>
            <Link
              to="/faq"
              className="mt-4 inline-flex items-center justify-center rounded-lg border border-emerald-600 bg-white px-4 py-2 text-sm font-medium text-emerald-700 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
            >
              View FAQ
            </Link>
          </section>

          <section
            aria-labelledby={`${id}-reply-heading`}
            className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id={`${id}-reply-heading`} className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              <Clock aria-hidden className="h-5 w-5 text-emerald-600" />
              When to expect a reply
            </h2>
            <p className="mt-1 text-sm text-gray-700">We aim to answer every message within {CONTACT_REPLY_PROMISE}.</p>
            {config.supportEmail ? (
              <p className="mt-3 flex items-center gap-2 text-sm text-gray-700">
                <Mail aria-hidden className="h-4 w-4 text-emerald-600" />
                <span>
                  Prefer email? Write to{' '}
                  <a href={`mailto:${config.supportEmail}`} className="font-medium text-emerald-700 underline">
                    {config.supportEmail}
                  </a>
                  .
                </span>
              </p>
            ) : null}
          </section>
        </aside>
      </div>
    </div>
  );
}
