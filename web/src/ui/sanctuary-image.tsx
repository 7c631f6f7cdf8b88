// A sanctuary's first photo, or the default illustration when it has none or the photo fails to load.
import { useState } from 'react';
import type { Sanctuary } from '@ss/domain/sanctuary';

export const DEFAULT_SANCTUARY_IMAGE = '/images/sanctuary-default.svg';

export function SanctuaryImage({ sanctuary, className }: { sanctuary: Pick<Sanctuary, 'name' | 'imageUrls'>; className?: string }) {
  const [failed, setFailed] = useState(false);
  const src = !failed && sanctuary.imageUrls[0] ? sanctuary.imageUrls[0] : DEFAULT_SANCTUARY_IMAGE;
  return (
    <img
      src={src}
      alt={src === DEFAULT_SANCTUARY_IMAGE ? '' : `Photo of ${sanctuary.name}`}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
