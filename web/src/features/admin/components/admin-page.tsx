// /admin: the Admin Dashboard. Only administrators may use it; the server enforces that on every call.
export function AdminPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-3 text-gray-600">This page is for administrators. Sign in with an administrator account to review submissions.</p>
    </section>
  );
}
