// /privacy: the Privacy Policy (effective and last updated on the legal effective date).
import { Link } from '@tanstack/react-router';
import { LEGAL_EFFECTIVE_DATE, MINIMUM_AGE, PRODUCT_NAME } from '@ss/domain/constants';
import { config } from '../../../config';
import { LegalSection, legalLinkClass as linkClass } from './legal-section';

/** How to reach us about personal data: the configured support address, otherwise the Contact page. */
function ContactRoute() {
  return config.supportEmail ? (
    <>
      by emailing{' '}
      <a href={`mailto:${config.supportEmail}`} className={linkClass}>
        {config.supportEmail}
      </a>
    </>
  ) : (
    <>
      through our{' '}
      <Link to="/contact" className={linkClass}>
        Contact page
      </Link>
    </>
  );
}

export function PrivacyPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Privacy Policy</h1>
        <dl className="mt-4 grid gap-1 text-sm text-gray-600 sm:flex sm:gap-6">
          <div className="flex gap-1">
            <dt className="font-medium">Effective date:</dt>
            <dd>{LEGAL_EFFECTIVE_DATE}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">Last updated:</dt>
            <dd>{LEGAL_EFFECTIVE_DATE}</dd>
          </div>
        </dl>
        <p className="mt-6 leading-relaxed text-gray-700">
          This policy explains what information {PRODUCT_NAME} collects, how we use it, and the choices you have. We
          keep it short because we collect very little.
        </p>
      </header>

      <div className="space-y-8">
        <LegalSection id="privacy-collect" title="1. Information We Collect">
          <p>
            When you leave a review, we collect your <strong>name</strong>, your <strong>email address</strong> and your{' '}
            <strong>location</strong>.
          </p>
        </LegalSection>

        <LegalSection id="privacy-usage" title="2. Usage Information and Tracking">
          <p>We look at general patterns in how the app is used so that we can improve it. In doing so:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>we do not use cookies to track you;</li>
            <li>we do not use any third-party tracking or analytics services;</li>
            <li>we do not collect information about your device or your IP address.</li>
          </ul>
        </LegalSection>

        <LegalSection id="privacy-sharing" title="3. How We Share Information">
          <p>
            We do not sell your personal information, and we do not share it with anyone except where the law requires
            us to.
          </p>
        </LegalSection>

        <LegalSection id="privacy-storage" title="4. Where We Store Data and for How Long">
          <p>
            Your information is stored in the United States. We keep it until you ask us to delete it.
          </p>
        </LegalSection>

        <LegalSection id="privacy-rights" title="5. Your Rights">
          <p>
            You can ask to access, update or delete your personal information at any time. To make a request, reach us{' '}
            <ContactRoute />.
          </p>
        </LegalSection>

        <LegalSection id="privacy-children" title="6. Children's Privacy">
          <p>
            {PRODUCT_NAME} is not intended for children under {MINIMUM_AGE}. In line with the Children's Online Privacy
            Protection Act (COPPA), we do not knowingly collect personal information from children under {MINIMUM_AGE}.
            If you believe a child has given us personal information, please let us know <ContactRoute />.
          </p>
        </LegalSection>

        <LegalSection id="privacy-changes" title="7. Changes to This Policy">
          <p>
            If we make material changes to this policy, we will notify users and update the "Last updated" date at the
            top of this page.
          </p>
        </LegalSection>

        <LegalSection id="privacy-contact" title="8. Contact Us">
          <p>
            Questions about this policy or your data? Reach us <ContactRoute />.
          </p>
        </LegalSection>
      </div>
    </article>
  );
}
