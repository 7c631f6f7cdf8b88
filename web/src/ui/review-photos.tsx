// A review's photo thumbnails; tapping one opens the full photo in a dialog with its alt text and a close button.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';

interface Props {
  /** Full-size photo URLs. */
  photos: readonly string[];
  /** Thumbnail URLs in the same order; the full photo stands in where one is missing. */
  thumbnails?: readonly string[] | undefined;
  /** What the photos belong to, for their alt text (e.g. the review's title). */
  subject: string;
}

export function ReviewPhotos({ photos, thumbnails, subject }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const alt = (i: number) => `Photo ${i + 1} of ${photos.length} from ${subject}`;
  // The server keeps two sizes of each photo (a 320 px thumbnail and a display size of up to 1600 px): the
  // browser picks by the room the picture has and the screen's density.
  const srcSet = (i: number) => (thumbnails?.[i] ? `${thumbnails[i]} 320w, ${photos[i]} 1600w` : undefined);
  return (
    <>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Review photos">
        {photos.map((url, i) => (
          <li key={url}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block overflow-hidden rounded-lg border border-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
              aria-label={`View photo ${i + 1} of ${photos.length}`}
            >
              <img src={thumbnails?.[i] ?? url} srcSet={srcSet(i)} sizes="80px" alt={alt(i)} loading="lazy" className="h-20 w-20 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog.Root open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-4 shadow-xl">
            <Dialog.Title className="pr-10 text-base font-semibold text-gray-900">{open !== null ? alt(open) : ''}</Dialog.Title>
            <Dialog.Description className="sr-only">The full-size photo. Press Escape or the close button to return.</Dialog.Description>
            {open !== null ? (
              <img
                src={photos[open]}
                srcSet={srcSet(open)}
                sizes="(min-width: 48rem) 46rem, calc(100vw - 4rem)"
                alt={alt(open)}
                className="mt-3 max-h-[75vh] w-full rounded-lg object-contain"
              />
            ) : null}
            <Dialog.Close aria-label="Close photo" className="absolute right-3 top-3 rounded-full p-1.5 text-gray-600 hover:bg-gray-100">
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
