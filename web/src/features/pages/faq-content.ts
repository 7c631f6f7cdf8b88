// The questions and answers shown on /faq, grouped into the five sections the spec names.
import type { LucideIcon } from 'lucide-react';
import { CircleHelp, HandHeart, Info, Smartphone, Tractor } from 'lucide-react';
import {
  CONTACT_REPLY_PROMISE,
  LISTING_FEE_USD_PER_YEAR,
  MAX_REVIEW_PHOTOS,
  PRODUCT_NAME,
  REFUND_WINDOW_DAYS,
  SUBMISSION_REVIEW_PROMISE,
} from '@ss/domain/constants';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqSection {
  title: string;
  icon: LucideIcon;
  items: FaqItem[];
}

export const FAQ_SECTIONS: FaqSection[] = [
  {
    title: 'General FAQs',
    icon: CircleHelp,
    items: [
      {
        question: `What is ${PRODUCT_NAME}?`,
        answer: `${PRODUCT_NAME} is a directory and map of farm-animal sanctuaries and rescues across the United States. It helps you discover places near you, learn what they do, and find ways to visit, volunteer or support them.`,
      },
      {
        question: `Who is ${PRODUCT_NAME} for?`,
        answer:
          'Anyone who cares about animals: travellers planning a visit, people looking for volunteer work, donors, and the simply curious. Sanctuary and rescue owners can also use it to reach people who want to help.',
      },
      {
        question: 'Does it cost anything to use?',
        answer:
          'No. Searching, browsing and reading reviews are free. If you would like to help, you can make an optional one-time or recurring donation, which is tax-deductible.',
      },
      {
        question: 'What kinds of organisations are listed?',
        answer:
          'Only farm-animal sanctuaries and rescues: places that give animals such as cows, pigs, chickens, goats and horses a safe, permanent or temporary home.',
      },
    ],
  },
  {
    title: 'Using the App',
    icon: Smartphone,
    items: [
      {
        question: 'How do I find sanctuaries near me?',
        answer:
          'Use the "Use my current location" button to search around where you are, or type a ZIP code, city, state or sanctuary name into the search box. Results appear on the map and in the list, and you can narrow them by animal type, services and distance.',
      },
      {
        question: 'What will I find on a sanctuary listing?',
        answer:
          'Each listing has the sanctuary\'s contact information and a link to its website. Some listings also include contact or volunteer forms, along with details such as the animals in their care, opening hours, tours and upcoming events.',
      },
      {
        question: 'Can I rate and review sanctuaries?',
        answer: `Yes. Sign in, open a sanctuary's page and choose "Write a Review". You can give a rating from 1 to 5 stars, describe your visit and add up to ${MAX_REVIEW_PHOTOS} photos.`,
      },
      {
        question: 'Does the app work offline?',
        answer:
          'Yes. After your first visit the app keeps what it needs on your device, so you can keep browsing even without a connection. You can also install it from your browser to open it like any other app.',
      },
    ],
  },
  {
    title: 'Volunteering & Donating',
    icon: HandHeart,
    items: [
      {
        question: 'How can I volunteer at a sanctuary?',
        answer:
          'Open the sanctuary\'s listing and use the Volunteer button. Listings that offer volunteer opportunities also describe what kind of help is needed.',
      },
      {
        question: 'How do I donate?',
        answer:
          'Choose "Support Us" in the menu. It takes you to our external fundraising page, where you can give once or set up a recurring donation.',
      },
      {
        question: 'What does my donation support?',
        answer:
          'Donations support our mission of building a network of regenerative, healing farm sanctuaries. The first one is planned in Northeast Ohio together with our partner sanctuary.',
      },
      {
        question: 'Can I donate directly to a sanctuary?',
        answer:
          'Each listing links to the sanctuary\'s own website, which is the best place to find out how to support that sanctuary directly.',
      },
    ],
  },
  {
    title: 'For Sanctuaries',
    icon: Tractor,
    items: [
      {
        question: 'How can my sanctuary or rescue be listed?',
        answer:
          'Apply on the "Add Your Sanctuary or Rescue" page (/addmysanctuary). Some sanctuaries are also featured by our team. Every sanctuary is reviewed for authenticity and for values that put the animals first.',
      },
      {
        question: 'How long does the review take?',
        answer: `Our team reviews each submission within ${SUBMISSION_REVIEW_PROMISE}. Once approved, your sanctuary appears on the map and in the directory.`,
      },
      {
        question: 'Is there a listing fee?',
        answer: `Yes, listing costs $${LISTING_FEE_USD_PER_YEAR} per year. If your sanctuary is not listed, you can request a refund within ${REFUND_WINDOW_DAYS} days of payment; the Terms of Service give the details.`,
      },
      {
        question: 'How do I update my listing?',
        answer:
          'Send us a message through the Contact page and choose the "Listing a sanctuary" category, telling us what should change.',
      },
    ],
  },
  {
    title: `About ${PRODUCT_NAME}`,
    icon: Info,
    items: [
      {
        question: `Why was ${PRODUCT_NAME} created?`,
        answer:
          'To make farm-animal sanctuaries easier to find and to raise awareness and funds for a planned network of healing farm sanctuaries.',
      },
      {
        question: 'Do you track me or sell my data?',
        answer:
          'No. We use no cookies and no third-party tracking, and we do not sell your data. The Privacy Policy explains what we collect and why.',
      },
      {
        question: 'I found incorrect information. What should I do?',
        answer:
          'Please tell us through the Contact page, choosing "Report incorrect information", and include the sanctuary\'s name and what needs correcting.',
      },
      {
        question: 'How quickly will you answer my message?',
        answer: `We aim to reply to messages sent through the Contact page within ${CONTACT_REPLY_PROMISE}.`,
      },
    ],
  },
];
