// /addmysanctuary: 'Submit Your Sanctuary or Rescue'. Our own application form (every field of the spec's
// Submission, checked with the shared schema) for signed-in users; the application is saved on this device and
// sent when online, and its status then shows in the profile. The listing fee is paid through an external link.
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ANIMAL_TYPES, LISTING_FEE_USD_PER_YEAR, REFUND_PROCESSING_BUSINESS_DAYS, REFUND_WINDOW_DAYS, SUBMISSION_REVIEW_PROMISE,
} from '@ss/domain/constants';
import { EMPTY_SUBMISSION_FIELDS, submissionFieldsSchema, type SubmissionFields, type SubmissionFieldsInput } from '@ss/domain/submission';
import { US_STATES } from '@ss/domain/us-states';
import { config, isExternal } from '../../../config';
import { useCurrentUser } from '../../../data/current-user';
import { submitListingApplication } from '../../../data/listing-applications';
import { primaryButton, secondaryButton } from '../../../ui/button-styles';
import { TextField } from '../../../ui/text-field';
import { CheckField } from '../../../ui/check-field';
import { toast } from '../../../ui/toast';
import { useHydrated } from '../../../lib/use-hydrated';


export function SubmitPage() {
  const { user, isLoading } = useCurrentUser();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Submit Your Sanctuary or Rescue</h1>
      <p className="mt-3 text-gray-700">
        Farm-animal sanctuaries and rescues can apply to be listed. Our team reviews every submission within {SUBMISSION_REVIEW_PROMISE}; approved
        sanctuaries then appear on the map and in the directory.
      </p>
      <FeeNotice />
      {user ? (
        <ApplicationForm userId={user.id} />
      ) : isLoading ? (
        <p role="status" className="mt-8 text-gray-600">
          Loading...
        </p>
      ) : (
        <div className="mt-8 rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
          <h2 className="text-lg font-semibold">Sign in to apply</h2>
          <p className="mt-2 text-gray-600">You need an account to submit a sanctuary, so we can tell you how your application is going.</p>
          <div className="mt-4 flex justify-center gap-3">
            <Link to="/login" className={primaryButton}>
              Sign in
            </Link>
            <Link to="/register" className={secondaryButton}>
              Sign up
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

function FeeNotice() {
  const url = config.paymentUrl;
  return (
    <div className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
      <h2 className="font-semibold">Listing fee: ${LISTING_FEE_USD_PER_YEAR} per year</h2>
      <p className="mt-1">
        {url ? (
          <>
            Pay the fee through our payment partner:{' '}
            <a href={url} className="font-medium underline" {...(isExternal(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              Pay the listing fee
            </a>
            . No card details are entered on this site.
          </>
        ) : (
          <>Payment details follow by e-mail once your sanctuary is approved. No card details are entered on this site.</>
        )}
      </p>
      <p className="mt-1">
        Refunds may be requested within {REFUND_WINDOW_DAYS} days of payment if your sanctuary is not listed, or on a verifiable platform error; they are
        processed within {REFUND_PROCESSING_BUSINESS_DAYS} business days of approval. See the <Link to="/terms" className="underline">Terms of Service</Link>.
      </p>
    </div>
  );
}

function ApplicationForm({ userId }: { userId: string }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubmissionFieldsInput, unknown, SubmissionFields>({ resolver: zodResolver(submissionFieldsSchema), defaultValues: EMPTY_SUBMISSION_FIELDS });
  // Disabled in the page's server HTML until the app runs: a submit before then would be the browser's own
  // (a GET with the fields in the address) or lost.
  const hydrated = useHydrated();
  const [sent, setSent] = useState(false);

  const onSubmit = async (values: SubmissionFields) => {
    try {
      await submitListingApplication(userId, values);
      reset(EMPTY_SUBMISSION_FIELDS);
      setSent(true);
      toast({ title: 'Application saved', description: `We review submissions within ${SUBMISSION_REVIEW_PROMISE}. Follow its status in your profile.` });
    } catch (err) {
      toast({ title: 'Could not save your application', description: (err as Error).message, variant: 'destructive' });
    }
  };

  if (sent) {
    return (
      <div role="status" className="mt-8 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold">Thank you! Your application is saved.</h2>
        <p className="mt-2 text-gray-700">
          It is sent to our team as soon as you are online, and reviewed within {SUBMISSION_REVIEW_PROMISE}. You can follow its status (Pending Review,
          approved, or rejected with our notes) in <Link to="/profile" className="underline">your profile</Link>.
        </p>
        <button type="button" className={`mt-4 ${secondaryButton}`} onClick={() => setSent(false)}>
          Submit another sanctuary
        </button>
      </div>
    );
  }

  const area = (name: 'description' | 'volunteerInfo' | 'specialNeeds' | 'additionalInfo', label: string, required = false) => (
    <TextField label={label} required={required} error={errors[name]?.message} textarea={{ rows: name === 'description' ? 5 : 3, ...register(name) }} />
  );

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="mt-8 space-y-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Your sanctuary</legend>
        <TextField label="Sanctuary name" required error={errors.name?.message} input={register('name')} />
        {area('description', 'Description', true)}
        <TextField label="Address" error={errors.address?.message} input={{ ...register('address'), autoComplete: 'street-address' }} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="City" required error={errors.city?.message} input={register('city')} />
          <TextField label="State" required error={errors.state?.message} select={register('state')}>
            <option value="">Choose a state</option>
            {Object.entries(US_STATES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </TextField>
          <TextField label="ZIP code" error={errors.zipCode?.message} input={{ ...register('zipCode'), inputMode: 'numeric', autoComplete: 'postal-code' }} />
        </div>
        <TextField label="Website" error={errors.website?.message} input={{ ...register('website'), type: 'url', placeholder: 'https://' }} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Contact</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Contact name" required error={errors.contactName?.message} input={{ ...register('contactName'), autoComplete: 'name' }} />
          <TextField label="Contact title" error={errors.contactTitle?.message} input={register('contactTitle')} />
          <TextField label="Email" required error={errors.email?.message} input={{ ...register('email'), type: 'email', autoComplete: 'email' }} />
          <TextField label="Phone" error={errors.phone?.message} input={{ ...register('phone'), type: 'tel', autoComplete: 'tel' }} />
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-lg font-semibold">Animal types</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {ANIMAL_TYPES.map((t) => (
            <CheckField key={t} label={t} className="capitalize" value={t} {...register('animalTypes')} />
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Services</legend>
        <CheckField label="Accepting animals" {...register('acceptingAnimals')} />
        <CheckField label="Volunteer opportunities" {...register('hasVolunteerOpportunities')} />
        <CheckField label="Tours available" {...register('hasToursAvailable')} />
        {area('volunteerInfo', 'Volunteer information')}
        {area('specialNeeds', 'Special needs')}
        {area('additionalInfo', 'Additional information')}
      </fieldset>

      <button type="submit" className={primaryButton} disabled={isSubmitting || !hydrated}>
        {isSubmitting ? 'Submitting...' : 'Submit Sanctuary'}
      </button>
    </form>
  );
}
