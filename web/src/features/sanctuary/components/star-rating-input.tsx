// Choosing 1 to 5 stars: a radio group (arrow keys move between the stars), each star named for assistive tech.
import { Star } from 'lucide-react';
import { useId } from 'react';

interface Props {
  value: number;
  onChange: (rating: number) => void;
  name: string;
}

export function StarRatingInput({ value, onChange, name }: Props) {
  const legendId = useId();
  return (
    <fieldset>
      <legend id={legendId} className="text-sm font-medium text-gray-800">Rating</legend>
      <div role="radiogroup" aria-labelledby={legendId} className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={n === 1 ? '1 star' : `${n} stars`}
              className="sr-only"
            />
            <Star aria-hidden className={`h-7 w-7 ${n <= value ? 'fill-amber-400 text-amber-400' : 'text-gray-300'}`} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
