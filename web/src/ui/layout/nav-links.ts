// The header's primary links, shared by the desktop bar and the mobile drawer.
export const NAV_LINKS = [
  { to: '/', label: 'Discover' },
  { to: '/map', label: 'Map' },
  { to: '/about', label: 'About' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
] as const;
