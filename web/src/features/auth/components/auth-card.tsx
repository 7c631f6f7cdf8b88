// The frame shared by the sign-in and sign-up pages.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="mt-6">{children}</div>
        <div className="mt-6 space-y-2 text-center text-sm text-gray-600">
          {footer}
          <p>
            <Link to="/" className="inline-flex min-h-11 items-center text-emerald-700 hover:underline">Back to home</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
