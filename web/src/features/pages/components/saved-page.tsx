// /saved: placeholder for the list of saved sanctuaries.
import { Link } from '@tanstack/react-router';
import { Heart } from 'lucide-react';

export function SavedPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Saved Sanctuaries</h1>
      <div className="mt-8 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
        <Heart aria-hidden className="mx-auto h-10 w-10 text-emerald-600" />
        <p className="mt-4 text-lg font-medium text-gray-900">Your saved sanctuaries will appear here.</p>
        <p className="mt-2 text-gray-600">Come back to this page to find the sanctuaries you want to remember.</p>
        <Link
          to="/"
          className="mt-6 inline-flex items-center justify-center rounded-lg bg-emerald-600 px-5 py-2.5 font-medium text-white hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          Discover sanctuaries
        </Link>
      </div>
    </div>
  );
}
