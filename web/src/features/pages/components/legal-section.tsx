// The Terms and the Privacy Policy share their look: sections with a heading each, and one link style.
import type { ReactNode } from 'react';

export const legalLinkClass = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800';

/** One titled section of a legal page, labelled by its heading. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-gray-200 pt-6">
      <h2 id={id} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-gray-700">{children}</div>
    </section>
  );
}
