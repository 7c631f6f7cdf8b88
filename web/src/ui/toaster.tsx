// Renders queued toasts with Radix Toast: swipe right to dismiss (50 px), F8 focuses them, 5 s each.
import * as Toast from '@radix-ui/react-toast';
import { useRouter } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '@ss/domain/constants';
import { useToastStore } from './toast-store';

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const remove = useToastStore((s) => s.remove);
  const router = useRouter();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) {
              dismiss(t.id);
              setTimeout(() => remove(t.id), 200);
            }
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg ${
            t.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-gray-200 bg-white text-gray-900'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description> : null}
            {t.action ? (
              <Toast.Action altText={t.action.label} asChild>
                <button
                  type="button"
                  onClick={() => void router.navigate({ href: t.action!.href })}
                  className={`mt-1 justify-self-start rounded-md border px-3 py-1 text-sm font-semibold ${
                    t.variant === 'destructive' ? 'border-white/70 hover:bg-red-700' : 'border-emerald-600 text-emerald-700 hover:bg-emerald-50'
                  }`}
                >
                  {t.action.label}
                </button>
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close aria-label="Close notification" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X aria-hidden className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        data-snapshot="omit"
        hotkey={[...TOAST_HOTKEY]}
        className="fixed bottom-20 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:bottom-0 sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
