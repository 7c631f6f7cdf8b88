// A bottom sheet over the map on phones, as map apps have one: a handle that peeks with a summary, then half and
// full height. Drag the handle, tap it (Enter or Space) to step up, or use the arrow keys; the content scrolls
// inside. Written here rather than taken from a library: the small React one (vaul) is no longer maintained and
// the maintained one needs an animation library several times the size of this file.
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

export type SheetSnap = 'peek' | 'half' | 'full';
const ORDER: SheetSnap[] = ['peek', 'half', 'full'];

interface Props {
  snap: SheetSnap;
  onSnapChange: (snap: SheetSnap) => void;
  /** The region's accessible name. */
  label: string;
  /** What the handle says while peeking (the result count). */
  summary: ReactNode;
  /** Shown under the handle at every height (the selected place). */
  header?: ReactNode;
  children: ReactNode;
}

/** The sheet's height while it peeks with its summary (measured at 390 px wide: 46 px), for what it covers. */
export const SHEET_PEEK_HEIGHT = 46;

export function BottomSheet({ snap, onSnapChange, label, summary, header, children }: Props) {
  const sheet = useRef<HTMLElement>(null);
  const drag = useRef<{ startY: number; startHeight: number; moved: boolean } | null>(null);
  /** Set when a drag has just ended: the click that follows it is not a tap. */
  const dragged = useRef(false);
  const step = (by: 1 | -1) => onSnapChange(ORDER[Math.min(ORDER.length - 1, Math.max(0, ORDER.indexOf(snap) + by))]!);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (!sheet.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startY: e.clientY, startHeight: sheet.current.getBoundingClientRect().height, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || !sheet.current) return;
    const dy = e.clientY - d.startY;
    if (Math.abs(dy) > 6) d.moved = true;
    if (d.moved) {
      sheet.current.style.transition = 'none';
      sheet.current.style.height = `${Math.max(56, d.startHeight - dy)}px`;
    }
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    const el = sheet.current;
    if (!d || !el || !d.moved) return;
    dragged.current = true;
    // Settle on the nearest height: a third of the parent or less peeks, two thirds or more is full.
    const share = el.getBoundingClientRect().height / (el.parentElement?.getBoundingClientRect().height || 1);
    el.style.transition = '';
    el.style.height = '';
    onSnapChange(share < 0.33 ? 'peek' : share < 0.75 ? 'half' : 'full');
    e.preventDefault();
  };
  const onClick = () => {
    // A drag ends with a click too; only a tap (or Enter, Space) steps.
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    onSnapChange(snap === 'full' ? 'peek' : ORDER[ORDER.indexOf(snap) + 1]!);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowUp') step(1);
    else if (e.key === 'ArrowDown') step(-1);
    else return;
    e.preventDefault();
  };

  const height = snap === 'full' ? 'h-full' : snap === 'half' ? 'h-1/2' : '';
  return (
    <section
      ref={sheet}
      aria-label={label}
      className={`absolute inset-x-0 bottom-0 z-[600] flex max-h-full flex-col rounded-t-2xl bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.18)] transition-[height] duration-200 motion-reduce:transition-none ${height}`}
    >
      <button
        type="button"
        aria-expanded={snap !== 'peek'}
        aria-keyshortcuts="ArrowUp ArrowDown"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onClick={onClick}
        onKeyDown={onKeyDown}
        className="flex min-h-11 w-full touch-none flex-col items-center gap-1 px-4 pb-2 pt-2 text-sm font-medium text-gray-800"
      >
        <span aria-hidden className="h-1.5 w-10 rounded-full bg-gray-300" />
        <span>{summary}</span>
        <span className="sr-only">{snap === 'full' ? 'Collapse the list' : 'Show more of the list'}</span>
      </button>
      {header}
      <div className="min-h-0 flex-1 overflow-y-auto" hidden={snap === 'peek'}>
        {children}
      </div>
    </section>
  );
}
