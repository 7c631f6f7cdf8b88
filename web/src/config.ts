// External addresses the product links to. The spec names them but does not give them, so each is
// configuration (VITE_* at build time). DEFAULTS are clearly marked placeholders that stay inside the app.

function fromEnv(name: string): string | undefined {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value && value.trim() ? value.trim() : undefined;
}

export const config = {
  /** The external fundraising page behind 'Support Us'. DEFAULT: our own About page's support section. */
  supportUrl: fromEnv('VITE_SUPPORT_URL') ?? '/about#support-us',
  /** The partner sanctuary organisation's site. DEFAULT: the partner section of our About page. */
  partnerUrl: fromEnv('VITE_PARTNER_URL') ?? '/about#partner',
  partnerName: fromEnv('VITE_PARTNER_NAME') ?? 'Our partner sanctuary',
  /** Where listing fees are paid (issue: submissions). DEFAULT: not configured. */
  paymentUrl: fromEnv('VITE_PAYMENT_URL'),
  /** Support / privacy contact address. DEFAULT: not configured — pages then point to the Contact form. */
  supportEmail: fromEnv('VITE_SUPPORT_EMAIL'),
} as const;

export const isExternal = (url: string) => /^https?:\/\//.test(url);
