// /addmysanctuary: 'Submit Your Sanctuary or Rescue'.
import { Link } from '@tanstack/react-router';
import { LISTING_FEE_USD_PER_YEAR, SUBMISSION_REVIEW_PROMISE } from '@ss/domain/constants';

export function SubmitPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Submit Your Sanctuary or Rescue</h1>
      <p className="mt-3 text-gray-700">
        Farm-animal sanctuaries and rescues can apply to be listed. Our team reviews every application within {SUBMISSION_REVIEW_PROMISE};
        approved sanctuaries then appear on the map and in the directory. Listing costs ${LISTING_FEE_USD_PER_YEAR} per year.
      </p>
      <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Online applications open soon. Until then, please reach us through the <Link to="/contact" className="underline">Contact page</Link>.
      </p>
    </section>
  );
}
