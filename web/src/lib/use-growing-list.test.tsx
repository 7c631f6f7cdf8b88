// @vitest-environment jsdom
// A long list put on screen a step at a time: never more than one step added per task, all of it in the end, and a
// list that changes keeps the lines already shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useGrowingList } from './use-growing-list';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Runs the next pending task (one timer) and React's work after it. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

describe('useGrowingList', () => {
  it('shows the first step at once, then one more step per task until the whole list is there', () => {
    const list = numbers(120);
    const { result } = renderHook(() => useGrowingList(list, 50));
    expect(result.current).toEqual(numbers(50));
    nextTask();
    expect(result.current).toEqual(numbers(100));
    nextTask();
    expect(result.current).toBe(list);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers a short list as it is, with no task scheduled', () => {
    const list = numbers(12);
    const { result } = renderHook(() => useGrowingList(list, 50));
    expect(result.current).toBe(list);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the lines already shown when the list changes, and grows the new list from there', () => {
    const { result, rerender } = renderHook(({ list }) => useGrowingList(list, 50), { initialProps: { list: numbers(200) } });
    nextTask();
    expect(result.current).toHaveLength(100);
    // A sync adds lines: the hundred shown stay (a focused line is not taken away), the rest follow a step at a time.
    rerender({ list: numbers(260) });
    expect(result.current).toHaveLength(100);
    nextTask();
    expect(result.current).toHaveLength(150);
    // A narrower search: all of it at once, no task left.
    const narrow = numbers(30);
    rerender({ list: narrow });
    expect(result.current).toBe(narrow);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds at what is shown while told not to grow, and goes on when told to', () => {
    const list = numbers(120);
    const { result, rerender } = renderHook(({ grow }) => useGrowingList(list, 50, grow), { initialProps: { grow: false } });
    expect(result.current).toEqual(numbers(50));
    expect(vi.getTimerCount()).toBe(0);
    rerender({ grow: true });
    nextTask();
    expect(result.current).toEqual(numbers(100));
    // Held again: what is shown stays.
    rerender({ grow: false });
    expect(result.current).toEqual(numbers(100));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('schedules nothing more once unmounted', () => {
    const { unmount } = renderHook(() => useGrowingList(numbers(500), 50));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
