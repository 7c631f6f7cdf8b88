// A long list put on screen in steps: the first `step` items at once, then `step` more per task until the whole list
// is there. Each step is one small React commit, with a task boundary between steps so the browser can paint and
// answer input; hundreds of lines committed at once were the longest task of /map's first visit (creating their
// DOM). The length only grows: a list that changes (a sync, a new search) keeps the lines already shown, so a line
// with keyboard focus is never taken away from under it.
import { useEffect, useState } from 'react';

/** `grow` false holds the list at what is shown (a list no one can see yet need not be built); true goes on. */
export function useGrowingList<T>(list: readonly T[], step: number, grow = true): readonly T[] {
  const [length, setLength] = useState(step);
  useEffect(() => {
    if (!grow || length >= list.length) return;
    const timer = setTimeout(() => setLength((n) => n + step), 0);
    return () => clearTimeout(timer);
  }, [grow, length, list.length, step]);
  return length >= list.length ? list : list.slice(0, length);
}
