// A sanctuary's first photo, or the default illustration when it has none or the photo fails to load.
// Lazy by default (cards below the fold); `priority` for the profile's hero image, which is the page's largest
// paint and must not wait for layout to decide it is visible.
import { useState } from 'react';
import type { Sanctuary } from '@ss/domain/sanctuary';

export const DEFAULT_SANCTUARY_IMAGE = '/images/sanctuary-default.svg';

/** Listing photos come in two sizes (couchdb/src/listing-management.ts): 480 px for cards, 1600 px for the hero. */
const LISTING_PHOTO = /^\/media\/listing\/[0-9a-f]{32}-\d+$/;

export function SanctuaryImage({
  sanctuary,
  className,
  priority = false,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
}: {
  sanctuary: Pick<Sanctuary, 'name' | 'imageUrls'>;
  className?: string;
  priority?: boolean;
  /** How wide the image is shown, for the browser's choice among the photo's sizes. */
  sizes?: string;
}) {
  const [failed, setFailed] = useState(false);
  const photo = !failed ? sanctuary.imageUrls[0] : undefined;
  const sized = photo && LISTING_PHOTO.test(photo);
  const src = photo ? (sized ? `${photo}/thumb` : photo) : DEFAULT_SANCTUARY_IMAGE;
  return (
    <img
      src={src}
      {...(sized ? { srcSet: `${photo}/thumb 480w, ${photo} 1600w`, sizes } : {})}
      alt={src === DEFAULT_SANCTUARY_IMAGE ? '' : `Photo of ${sanctuary.name}`}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
