// /terms: the Terms of Service (effective on the legal effective date), with the listing fee and refund rules.
import { Link } from '@tanstack/react-router';
import {
  LEGAL_EFFECTIVE_DATE,
  LISTING_FEE_USD_PER_YEAR,
  MINIMUM_AGE,
  PRODUCT_NAME,
  REFUND_PROCESSING_BUSINESS_DAYS,
  REFUND_WINDOW_DAYS,
} from '@ss/domain/constants';
import { config } from '../../../config';
import { LegalSection, legalLinkClass as linkClass } from './legal-section';

export function TermsPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Terms of Service</h1>
        <p className="mt-4 text-sm text-gray-600">
          <span className="font-medium">Effective date:</span> {LEGAL_EFFECTIVE_DATE}
        </p>
        <p className="mt-6 leading-relaxed text-gray-700">
          These terms apply to everyone who uses {PRODUCT_NAME}. By using the app you agree to them, so please read
          them carefully.
        </p>
      </header>

      <div className="space-y-8">
        <LegalSection id="terms-eligibility" title="1. Eligibility">
          <p>
            {PRODUCT_NAME} is open to everyone aged {MINIMUM_AGE} or older. We do not serve children under{' '}
            {MINIMUM_AGE}.
          </p>
          <p>
            Sanctuary accounts have additional requirements: a sanctuary must meet our listing requirements and pay the
            listing fee described in section 3.
          </p>
        </LegalSection>

        <LegalSection id="terms-accounts" title="2. Accounts and Conduct">
          <ul className="list-disc space-y-2 pl-5">
            <li>You need an account to leave reviews. Please keep your sign-in details safe.</li>
            <li>Reviews should be honest and respectful. We may remove reviews we consider inappropriate.</li>
            <li>
              We may suspend or delete accounts involved in harassment, fraud, impersonation or spam.
            </li>
          </ul>
        </LegalSection>

        <LegalSection id="terms-payments" title="3. Payments and Refunds">
          <ul className="list-disc space-y-2 pl-5">
            <li>Sanctuaries pay an annual listing fee of ${LISTING_FEE_USD_PER_YEAR} per year.</li>
            <li>
              You may request a refund within {REFUND_WINDOW_DAYS} days of payment if your sanctuary is not listed, or
              if a platform error that can be verified affected your listing.
            </li>
            <li>
              Approved refunds are processed within {REFUND_PROCESSING_BUSINESS_DAYS} business days of approval.
            </li>
          </ul>
        </LegalSection>

        <LegalSection id="terms-content" title="4. Content Ownership">
          <p>
            Sanctuaries keep ownership of the content they provide, such as descriptions and photos. When you submit
            content to {PRODUCT_NAME}, including reviews and photos, you grant us a non-exclusive, worldwide,
            royalty-free licence to host, display and share that content as part of the platform.
          </p>
        </LegalSection>

        <LegalSection id="terms-accuracy" title="5. Accuracy and Liability">
          <p>
            We work to keep listings useful, but we do not guarantee that listing information is accurate, complete or
            up to date. Please confirm important details, such as opening hours and visiting arrangements, directly
            with the sanctuary before you go.
          </p>
          <p>
            {PRODUCT_NAME} is provided "as is". To the extent permitted by law, we are not liable for losses that arise
            from relying on listing information.
          </p>
        </LegalSection>

        <LegalSection id="terms-termination" title="6. Termination">
          <p>
            We may suspend or end access for accounts that break these terms. Where it is feasible, we will give notice
            first and offer a way to appeal the decision.
          </p>
        </LegalSection>

        <LegalSection id="terms-law" title="7. Governing Law">
          <p>These terms are governed by the laws of the State of Ohio, United States.</p>
        </LegalSection>

        <LegalSection id="terms-contact" title="8. Contact">
          <p>
            Questions about these terms?{' '}
            {config.supportEmail ? (
              <>
                Email us at{' '}
                <a href={`mailto:${config.supportEmail}`} className={linkClass}>
                  {config.supportEmail}
                </a>
                .
              </>
            ) : (
              <>
                Reach us through our{' '}
                <Link to="/contact" className={linkClass}>
                  Contact page
                </Link>
                .
              </>
            )}
          </p>
        </LegalSection>
      </div>
    </article>
  );
}
