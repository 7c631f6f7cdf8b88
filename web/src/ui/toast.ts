// The one way features show a toast: `toast({ title, description, variant: 'destructive' })`.
export { toast } from './toast-store';
export type { ToastInput, ToastVariant } from './toast-store';
