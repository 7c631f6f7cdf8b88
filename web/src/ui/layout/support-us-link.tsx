// The 'Support Us' button: the external fundraising page when configured, our About page otherwise.
import { Heart } from 'lucide-react';
import { config, isExternal } from '../../config';

export function SupportUsLink({ className = '' }: { className?: string }) {
  const external = isExternal(config.supportUrl);
  return (
    <a
      href={config.supportUrl}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className={`inline-flex items-center gap-2 rounded-md bg-amber-500 px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-amber-400 ${className}`}
    >
      <Heart aria-hidden className="h-4 w-4" />
      Support Us
      {external ? <span className="sr-only">(opens in a new tab)</span> : null}
    </a>
  );
}
