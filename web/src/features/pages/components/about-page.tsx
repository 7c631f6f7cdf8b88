// /about: the mission, the regenerative sanctuary dream, what the platform offers, the partner, donations and data credits.
import { Link } from '@tanstack/react-router';
import {
  Compass,
  Database,
  ExternalLink,
  HandHeart,
  HeartHandshake,
  Leaf,
  MapPin,
  Sprout,
  Star,
  Tractor,
  WifiOff,
  type LucideIcon,
} from 'lucide-react';
import { PRODUCT_NAME, SUBMISSION_REVIEW_PROMISE, TAGLINE } from '@ss/domain/constants';
import { config, isExternal } from '../../../config';

const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer' } as const;

const sectionClass = 'scroll-mt-24 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8';
const h2Class = 'flex items-center gap-2 text-2xl font-semibold text-gray-900';
const bodyClass = 'mt-3 leading-relaxed text-gray-700';
const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-600 px-5 py-2.5 font-medium text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';
const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-emerald-600 bg-white px-5 py-2.5 font-medium text-emerald-700 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';
const textLinkClass = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800';

const BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: MapPin,
    title: 'Find sanctuaries near you',
    text: 'Search by city, state, ZIP code or your current location and see farm-animal sanctuaries and rescues on a map and in a list.',
  },
  {
    icon: Compass,
    title: 'Know before you go',
    text: 'Listings bring together contact details, websites, opening hours, the animals in care, tours and upcoming events.',
  },
  {
    icon: Star,
    title: 'Learn from other Seekers',
    text: 'Read ratings and reviews from people who have visited, and share your own experience with photos.',
  },
  {
    icon: HandHeart,
    title: 'Volunteer and give',
    text: 'Discover where help is needed, from volunteer opportunities to ways of supporting sanctuaries directly.',
  },
  {
    icon: WifiOff,
    title: 'Free, and ready offline',
    text: 'The app costs nothing to use, can be installed on your device, and keeps working without a connection after your first visit.',
  },
  {
    icon: Tractor,
    title: 'A home for sanctuaries',
    text: `Sanctuaries and rescues can apply to be listed. Our team reviews each submission within ${SUBMISSION_REVIEW_PROMISE}.`,
  },
];

export function AboutPage() {
  const partnerLink = isExternal(config.partnerUrl) ? config.partnerUrl : undefined;
  const supportLink = isExternal(config.supportUrl) ? config.supportUrl : undefined;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <header className="mb-10 text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">{TAGLINE}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">About {PRODUCT_NAME}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-600">
          A free guide to the farm-animal sanctuaries and rescues that give animals a safe place to live, and to the
          people who want to visit, help and support them.
        </p>
      </header>

      <div className="grid gap-6">
        <section aria-labelledby="about-mission" className={sectionClass}>
          <h2 id="about-mission" className={h2Class}>
            <HeartHandshake aria-hidden className="h-6 w-6 text-emerald-600" />
            Our Mission
          </h2>
          <p className={bodyClass}>
            Sanctuaries do quiet, essential work, yet they can be hard to find. {PRODUCT_NAME} brings them together in
            one place so that anyone who loves animals can discover the sanctuaries around them, learn what they do,
            and find a way to get involved: by visiting, volunteering, donating or simply spreading the word.
          </p>
          <p className={bodyClass}>
            Alongside the directory, we use the platform to raise awareness and funds for a new network of sanctuaries
            of our own.
          </p>
        </section>

        <section aria-labelledby="about-dream" className={sectionClass}>
          <h2 id="about-dream" className={h2Class}>
            <Sprout aria-hidden className="h-6 w-6 text-emerald-600" />
            Our Dream: A Regenerative Farm Sanctuary
          </h2>
          <p className={bodyClass}>
            We dream of a network of regenerative, healing farm sanctuaries: places where rescued farm animals can live
            out their lives in peace, and where the land they live on is looked after so that it can recover and thrive
            as well.
          </p>
          <p className={bodyClass}>
            The first of these sanctuaries is planned in Northeast Ohio, and we are starting it together with our
            partner sanctuary organisation.
          </p>
        </section>

        <section aria-labelledby="about-benefits" className={sectionClass}>
          <h2 id="about-benefits" className={h2Class}>
            <Leaf aria-hidden className="h-6 w-6 text-emerald-600" />
            Why Use {PRODUCT_NAME}
          </h2>
          <ul className="mt-5 grid gap-5 sm:grid-cols-2">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
                  <Icon aria-hidden className="h-5 w-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-gray-900">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-gray-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to="/map" className={primaryButtonClass}>
              Explore the map
            </Link>
            <Link to="/addmysanctuary" className={secondaryButtonClass}>
              Add your sanctuary or rescue
            </Link>
          </div>
        </section>

        <section id="partner" aria-labelledby="about-partner" className={sectionClass}>
          <h2 id="about-partner" className={h2Class}>
            <Tractor aria-hidden className="h-6 w-6 text-emerald-600" />
            Our Partner
          </h2>
          <p className="mt-3 text-lg font-medium text-gray-900">{config.partnerName}</p>
          <p className={bodyClass}>
            We are planning our first regenerative farm sanctuary, in Northeast Ohio, together with this partner
            sanctuary organisation.
          </p>
          {partnerLink ? (
            <a href={partnerLink} {...externalLinkProps} className={`${secondaryButtonClass} mt-5`}>
              Visit {config.partnerName}
              <ExternalLink aria-hidden className="h-4 w-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <p className="mt-3 text-sm text-gray-500">
              A link to our partner's website will appear here once the site operator has added it.
            </p>
          )}
        </section>

        <section
          id="support-us"
          aria-labelledby="about-support"
          className="scroll-mt-24 rounded-xl border border-emerald-100 bg-emerald-50 p-5 sm:p-8"
        >
          <h2 id="about-support" className={h2Class}>
            <HandHeart aria-hidden className="h-6 w-6 text-emerald-600" />
            Support Our Mission
          </h2>
          <p className={bodyClass}>
            Your donation helps bring the first regenerative farm sanctuary to life. You can give once or set up a
            recurring gift, and donations are tax-deductible.
          </p>
          <p className={bodyClass}>
            Donations are made on an external fundraising page, not inside {PRODUCT_NAME} itself. The address of that
            page is configured by the operator of this site.
          </p>
          {supportLink ? (
            <a href={supportLink} {...externalLinkProps} className={`${primaryButtonClass} mt-5`}>
              Donate now
              <ExternalLink aria-hidden className="h-4 w-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <p className="mt-4 rounded-lg border border-emerald-200 bg-white p-4 text-sm text-gray-700">
              The fundraising page has not been configured for this site yet. Please check back soon, or{' '}
              <Link to="/contact" className={textLinkClass}>
                contact us
              </Link>{' '}
              to ask how you can help.
            </p>
          )}
        </section>

        <section aria-labelledby="about-data-sources" className={sectionClass}>
          <h2 id="about-data-sources" className={h2Class}>
            <Database aria-hidden className="h-6 w-6 text-emerald-600" />
            Data sources
          </h2>
          <p className={bodyClass}>Locations and maps in {PRODUCT_NAME} are built with open data. Our thanks to:</p>
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-gray-700">
            <li>
              <a href="https://www.geonames.org/" {...externalLinkProps} className={textLinkClass}>
                GeoNames
              </a>{' '}
              (geonames.org) for town and city coordinates, used under the{' '}
              <a href="https://creativecommons.org/licenses/by/4.0/" {...externalLinkProps} className={textLinkClass}>
                Creative Commons Attribution 4.0 (CC BY 4.0)
              </a>{' '}
              licence.
            </li>
            <li>
              The{' '}
              <a
                href="https://www.census.gov/programs-surveys/geography/guidance/geo-areas/zctas.html"
                {...externalLinkProps}
                className={textLinkClass}
              >
                US Census Bureau's ZIP Code Tabulation Areas
              </a>{' '}
              for ZIP code locations.
            </li>
            <li>
              Map tiles ©{' '}
              <a href="https://www.openstreetmap.org/copyright" {...externalLinkProps} className={textLinkClass}>
                OpenStreetMap contributors
              </a>
              .
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
