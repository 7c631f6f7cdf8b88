// The review form on a sanctuary's page: stars (default 5), title, comment (submit disabled while blank), visit
// date and up to five photos with previews and remove buttons. Submitting saves the review on this device (it is
// published when online), then resets the form (rating 5, empty fields, no photos) and closes it.
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ALLOWED_PHOTO_TYPES, MAX_REVIEW_PHOTOS } from '@ss/domain/constants';
import { MAX_REVIEW_COMMENT_LENGTH, MAX_REVIEW_TITLE_LENGTH, REVIEW_MESSAGES } from '@ss/domain/review-command';
import { reviewFormSchema, type ReviewFormInput, type ReviewFormValues } from '@ss/domain/review-command-schema';
import { submitReview } from '../../../data/submit-review';
import { errorMessage } from '../../../lib/api';
import { primaryButton, secondaryButton } from '../../../ui/button-styles';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { addPhotos } from '../photo-selection';
import { StarRatingInput } from './star-rating-input';

const DEFAULTS: ReviewFormInput = { rating: 5, title: '', comment: '', visitDate: '' };

interface Photo {
  key: number;
  file: File;
  /** An object URL for the preview, revoked when the photo leaves the form. */
  url: string;
}

interface Props {
  userId: string;
  sanctuaryId: string;
  /** Called after a successful submit (the form has been reset): close it. */
  onSubmitted: () => void;
}

const listNames = (files: readonly File[]) => files.map((f) => f.name || 'A file').join(', ');
const today = () => new Date().toLocaleDateString('en-CA');

export function ReviewForm({ userId, sanctuaryId, onSubmitted }: Props) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({ resolver: zodResolver(reviewFormSchema), defaultValues: DEFAULTS });
  const [photos, setPhotos] = useState<Photo[]>([]);
  const nextKey = useRef(0);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  const ids = { comment: useId(), hint: useId(), commentError: useId() };

  // Previews outlive nothing: revoke whatever is left when the form goes away.
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const commentBlank = (watch('comment') ?? '').trim() === '';

  const onFiles = (list: FileList | null) => {
    const incoming = list ? Array.from(list) : [];
    if (!incoming.length) return;
    const result = addPhotos(
      photos.map((p) => p.file),
      incoming,
    );
    if (result.tooMany) {
      toast({ title: REVIEW_MESSAGES.tooManyTitle, description: REVIEW_MESSAGES.tooManyText, variant: 'destructive' });
      return;
    }
    if (result.wrongType.length) {
      toast({ title: 'Unsupported photo', description: `${listNames(result.wrongType)}: only JPEG, PNG and WebP photos can be added.`, variant: 'destructive' });
    }
    if (result.tooLarge.length) {
      toast({ title: 'Photo too large', description: `${listNames(result.tooLarge)}: each photo can be at most 5MB.`, variant: 'destructive' });
    }
    const added = result.photos.slice(photos.length).map((file) => ({ key: nextKey.current++, file, url: URL.createObjectURL(file) }));
    if (added.length) setPhotos([...photos, ...added]);
  };

  const removePhoto = (key: number) => {
    const gone = photos.find((p) => p.key === key);
    if (gone) URL.revokeObjectURL(gone.url);
    setPhotos(photos.filter((p) => p.key !== key));
  };

  const clear = () => {
    reset(DEFAULTS);
    photos.forEach((p) => URL.revokeObjectURL(p.url));
    setPhotos([]);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submitReview({ userId, sanctuaryId, ...values, photos: photos.map((p) => p.file) });
    } catch (err) {
      toast({ title: REVIEW_MESSAGES.failureTitle, description: errorMessage(err, REVIEW_MESSAGES.failureFallback), variant: 'destructive' });
      return;
    }
    clear();
    onSubmitted();
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Write a review" className="mt-4 grid gap-4 rounded-xl border border-gray-200 bg-white p-4">
      <Controller
        control={control}
        name="rating"
        render={({ field }) => <StarRatingInput name={field.name} value={Number(field.value)} onChange={field.onChange} />}
      />
      <TextField label="Title" error={errors.title?.message} input={{ type: 'text', maxLength: MAX_REVIEW_TITLE_LENGTH, ...register('title') }} />
      <div>
        <div className="flex gap-1 text-sm font-medium text-gray-800">
          <label htmlFor={ids.comment}>Comment</label>
          <span aria-hidden="true" className="text-red-600">*</span>
        </div>
        <textarea
          id={ids.comment}
          rows={5}
          maxLength={MAX_REVIEW_COMMENT_LENGTH}
          aria-required
          aria-invalid={errors.comment ? true : false}
          aria-describedby={errors.comment ? ids.commentError : undefined}
          placeholder="What was your visit like?"
          className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30"
          {...register('comment')}
        />
        {errors.comment ? <p id={ids.commentError} className="mt-1 text-sm text-red-600">{errors.comment.message}</p> : null}
      </div>
      <TextField label="Visit Date" error={errors.visitDate?.message} input={{ type: 'date', max: today(), ...register('visitDate') }} />

      <div>
        <p className="text-sm font-medium text-gray-800">Photos</p>
        <p id={ids.hint} className="text-sm text-gray-500">{REVIEW_MESSAGES.photoHint}</p>
        <label className={`${secondaryButton} mt-2 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600 ${photos.length >= MAX_REVIEW_PHOTOS ? 'pointer-events-none opacity-60' : ''}`}>
          <ImagePlus aria-hidden className="h-4 w-4" /> Add photos
          <input
            type="file"
            aria-label="Photos"
            multiple
            accept={ALLOWED_PHOTO_TYPES.join(',')}
            aria-describedby={ids.hint}
            className="sr-only"
            onChange={(e) => {
              onFiles(e.target.files);
              // The same file can be chosen again after it was removed.
              e.target.value = '';
            }}
          />
        </label>
        {photos.length ? (
          <ul aria-label="Selected photos" className="mt-3 flex flex-wrap gap-3">
            {photos.map((p) => (
              <li key={p.key} className="relative">
                <img src={p.url} alt={`Preview of ${p.file.name}`} className="h-24 w-24 rounded-lg border border-gray-200 object-cover" />
                <button
                  type="button"
                  onClick={() => removePhoto(p.key)}
                  aria-label={`Remove ${p.file.name}`}
                  className="absolute -right-2 -top-2 rounded-full bg-white p-1 text-gray-700 shadow ring-1 ring-gray-300 hover:bg-red-50 hover:text-red-700"
                >
                  <X aria-hidden className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="flex justify-end">
        <button type="submit" disabled={commentBlank || isSubmitting} className={primaryButton}>
          {isSubmitting ? 'Submitting...' : 'Submit Review'}
        </button>
      </div>
    </form>
  );
}
