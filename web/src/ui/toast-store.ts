// A tiny queue of toasts. Components call `toast()`; the <Toaster> in the layout renders them.
import { create } from 'zustand';
import { TOAST_LIMIT } from '@ss/domain/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** One optional button that takes the user somewhere in the app (e.g. 'Sign in' to /login). */
  action?: { label: string; href: string };
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) })),
  remove: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast; only the newest TOAST_LIMIT stay on screen. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  useToastStore.setState((s) => ({ toasts: [{ ...input, id, open: true }, ...s.toasts].slice(0, TOAST_LIMIT) }));
  return id;
}
