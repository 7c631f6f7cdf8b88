// The catch-all page for paths no route matches.
import { Link, useRouterState } from '@tanstack/react-router';

export function NotFoundPage() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-gray-600">
        There is no page at <code className="rounded bg-gray-100 px-1">{pathname}</code>.
      </p>
      <p className="mt-2 text-sm text-gray-500">
        Developer hint: did you forget to add the page to the router? Routes are declared in <code>web/src/router.tsx</code>.
      </p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-emerald-600 px-4 py-2 font-semibold text-white hover:bg-emerald-700">
        Back to home
      </Link>
    </section>
  );
}
