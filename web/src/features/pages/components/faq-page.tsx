// /faq: five collapsible sections of questions; each question opens on its own, and closing a section resets it.
import { useState } from 'react';
import * as Accordion from '@radix-ui/react-accordion';
import { Link } from '@tanstack/react-router';
import { ChevronDown, MessageCircleQuestion } from 'lucide-react';
import { CONTACT_REPLY_PROMISE } from '@ss/domain/constants';
import { FAQ_SECTIONS } from '../faq-content';

const sectionValue = (index: number) => `section-${index}`;

export function FaqPage() {
  const [openSections, setOpenSections] = useState<string[]>([]);
  const [openItems, setOpenItems] = useState<Record<string, string[]>>({});

  function changeSections(next: string[]) {
    setOpenSections(next);
    // A collapsed section forgets its open questions, so reopening it shows them all closed.
    setOpenItems((prev) => Object.fromEntries(Object.entries(prev).filter(([section]) => next.includes(section))));
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Frequently Asked Questions</h1>
        <p className="mt-3 text-base text-gray-600">
          Answers to common questions about finding, visiting and supporting farm-animal sanctuaries and rescues.
        </p>
      </header>

      <Accordion.Root type="multiple" value={openSections} onValueChange={changeSections} className="space-y-4">
        {FAQ_SECTIONS.map((section, sectionIndex) => {
          const Icon = section.icon;
          const value = sectionValue(sectionIndex);
          return (
            <Accordion.Item
              key={section.title}
              value={value}
              className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
            >
              <Accordion.Header asChild>
                <h2>
                  <Accordion.Trigger className="group flex w-full items-center gap-3 px-4 py-4 text-left text-lg font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 sm:px-5">
                    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
                      <Icon aria-hidden className="h-5 w-5" />
                    </span>
                    <span className="flex-1">{section.title}</span>
                    <ChevronDown
                      aria-hidden
                      className="h-5 w-5 shrink-0 text-gray-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="border-t border-gray-100 px-4 sm:px-5">
                <Accordion.Root
                  type="multiple"
                  value={openItems[value] ?? []}
                  onValueChange={(items) => setOpenItems((prev) => ({ ...prev, [value]: items }))}
                  className="divide-y divide-gray-100"
                >
                  {section.items.map((item, itemIndex) => (
                    <Accordion.Item key={item.question} value={String(itemIndex)}>
                      <Accordion.Header className="text-base">
                        <Accordion.Trigger className="group flex w-full items-center gap-3 py-4 text-left font-medium text-gray-900 hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600">
                          <span className="flex-1">{item.question}</span>
                          <ChevronDown
                            aria-hidden
                            className="h-4 w-4 shrink-0 text-gray-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
                          />
                        </Accordion.Trigger>
                      </Accordion.Header>
                      <Accordion.Content className="pb-4 leading-relaxed text-gray-700">{item.answer}</Accordion.Content>
                    </Accordion.Item>
                  ))}
                </Accordion.Root>
              </Accordion.Content>
            </Accordion.Item>
          );
        })}
      </Accordion.Root>

      <section
        aria-labelledby="faq-still-have-questions"
        className="mt-10 rounded-xl border border-emerald-100 bg-emerald-50 p-6 text-center sm:p-8"
      >
        <MessageCircleQuestion aria-hidden className="mx-auto h-10 w-10 text-emerald-600" />
        <h2 id="faq-still-have-questions" className="mt-3 text-xl font-semibold text-gray-900">
          Still have questions?
        </h2>
        <p className="mt-2 text-gray-700">
          Can't find what you're looking for? Send us a message and we'll get back to you within {CONTACT_REPLY_PROMISE}.
        </p>
        <Link
          to="/contact"
          className="mt-5 inline-flex items-center justify-center rounded-lg bg-emerald-600 px-5 py-2.5 font-medium text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          Contact Us
        </Link>
      </section>
    </div>
  );
}
