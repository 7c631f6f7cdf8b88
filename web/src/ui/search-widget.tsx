// The spec's search widget: a place box, Search, and 'Use my current location'. Enter searches; the text is
// trimmed; Search is disabled while loading or when the text is blank. Enter pressed while loading (the directory
// still being read on a cold start) is not lost: that search runs once loading ends, unless the text changes first.
import { LocateFixed, Search } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { takeEarlySearch } from '../lib/early-input';
import { MESSAGES } from '@ss/domain/constants';
import { useGeolocation } from '../lib/use-geolocation';
import { toast } from './toast';

export interface SearchRequest {
  query: string;
  latitude?: number;
  longitude?: number;
}

interface Props {
  initialQuery?: string;
  onSearch: (request: SearchRequest) => void;
  busy?: boolean;
  /** hero: the home page's; compact: stacked on phones, a row from sm; bar: one row of a box and two icon buttons (the phone map). */
  variant?: 'hero' | 'compact' | 'bar';
}

export function SearchWidget({ initialQuery = '', onSearch, busy = false, variant = 'compact' }: Props) {
  const [text, setText] = useState(initialQuery);
  const box = useRef<HTMLInputElement>(null);
  // The home page's box takes over from the one in the page's HTML (web/src/lib/early-input.ts): what was typed
  // there, focus, and a search asked for before the app was ready.
  useLayoutEffect(() => {
    if (variant !== 'hero') return;
    const early = takeEarlySearch();
    if (!early) return;
    if (early.text) setText(early.text);
    if (early.focused) box.current?.focus();
    if (early.submitted && early.text.trim()) onSearch({ query: early.text.trim() });
    // Once, when the box first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const locating = useGeolocation((s) => s.isLoading);
  const locate = useGeolocation((s) => s.locate);
  const trimmed = text.trim();
  const loading = busy || locating;
  const [waiting, setWaiting] = useState<string | null>(null);
  useEffect(() => {
    if (waiting === null || busy) return;
    setWaiting(null);
    onSearch({ query: waiting });
  }, [waiting, busy, onSearch]);
  const edit = (next: string) => {
    setText(next);
    setWaiting(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || locating) return;
    if (busy) setWaiting(trimmed);
    else onSearch({ query: trimmed });
  };
  // With Search disabled the browser does not submit the form on Enter: the box asks for the search itself.
  const enterWhileLoading = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || !busy || locating || !trimmed || (e.target as HTMLElement).tagName !== 'INPUT') return;
    e.preventDefault();
    setWaiting(trimmed);
  };

  const locateAndSearch = async () => {
    setWaiting(null);
    const position = await locate();
    if (position) {
      setText('');
      onSearch({ query: '', ...position });
    } else {
      const error = useGeolocation.getState().error;
      toast({ title: MESSAGES.locationErrorTitle, description: error ?? MESSAGES.locationErrorFallback, variant: 'destructive' });
    }
  };

  const hero = variant === 'hero';
  if (variant === 'bar') {
    return (
      <form role="search" aria-label="Find sanctuaries" onSubmit={submit} onKeyDown={enterWhileLoading} className="flex w-full items-center gap-2">
        <PlaceBox text={text} onChange={edit} placeholder="City, state, or ZIP code" className="min-w-0" padding="py-2.5" />
        <button type="submit" disabled={!trimmed || loading} aria-label="Search" className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md bg-emerald-600 text-white disabled:opacity-50">
          <Search aria-hidden className="h-5 w-5" />
        </button>
        <button
          type="button"
          onClick={() => void locateAndSearch()}
          disabled={loading}
          aria-label={locating ? 'Locating…' : 'Use my current location'}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md border border-emerald-600 text-emerald-700 disabled:opacity-50"
        >
          <LocateFixed aria-hidden className={`h-5 w-5 ${locating ? 'animate-pulse' : ''}`} />
        </button>
      </form>
    );
  }
  return (
    <form role="search" aria-label="Find sanctuaries" onSubmit={submit} onKeyDown={enterWhileLoading} className={`flex w-full flex-col gap-2 sm:flex-row ${hero ? 'rounded-xl bg-white p-2 shadow-lg' : ''}`}>
      <PlaceBox text={text} onChange={edit} placeholder="Enter city, state, or ZIP code" padding="py-3" inputRef={box} />
      <button
        type="submit"
        disabled={!trimmed || loading}
        className="rounded-md bg-emerald-600 px-5 py-3 font-semibold text-white hover:bg-emerald-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        Search
      </button>
      <button
        type="button"
        onClick={() => void locateAndSearch()}
        disabled={loading}
        className="inline-flex items-center justify-center gap-2 rounded-md border border-emerald-600 px-4 py-3 font-semibold text-emerald-700 hover:bg-emerald-50 disabled:opacity-50"
      >
        <LocateFixed aria-hidden className={`h-5 w-5 ${locating ? 'animate-pulse' : ''}`} />
        {locating ? 'Locating…' : 'Use my current location'}
      </button>
    </form>
  );
}

/** The place box both layouts share: a search field with its icon and a label for screen readers. */
function PlaceBox({
  text,
  onChange,
  placeholder,
  className = '',
  padding,
  inputRef,
}: {
  text: string;
  onChange: (text: string) => void;
  placeholder: string;
  className?: string;
  padding: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <label className={`relative flex-1 ${className}`}>
      <span className="sr-only">City, state, or ZIP code</span>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-gray-400" />
      <input
        ref={inputRef}
        type="search"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        className={`w-full rounded-md border border-gray-300 ${padding} pl-10 pr-3 text-gray-900 placeholder:text-gray-500 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30`}
      />
    </label>
  );
}
