// A sanctuary's first photo, or the default illustration when it has none or the photo fails to load.
// Lazy by default (cards below the fold); `priority` for the profile's hero image, which is the page's largest
// paint and must not wait for layout to decide it is visible.
import { useState } from 'react';
import type { Sanctuary } from '@ss/domain/sanctuary';

export const DEFAULT_SANCTUARY_IMAGE = '/images/sanctuary-default.svg';

export function SanctuaryImage({
  sanctuary,
  className,
  priority = false,
}: {
  sanctuary: Pick<Sanctuary, 'name' | 'imageUrls'>;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const src = !failed && sanctuary.imageUrls[0] ? sanctuary.imageUrls[0] : DEFAULT_SANCTUARY_IMAGE;
  return (
    <img
      src={src}
      alt={src === DEFAULT_SANCTUARY_IMAGE ? '' : `Photo of ${sanctuary.name}`}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
