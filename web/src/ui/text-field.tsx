// The one labelled form field: an input, a text area or a select with its label, an optional hint and its inline
// error, tied together for assistive technology. Spread a react-hook-form register() result (or value/onChange)
// into `input`, `textarea` or `select`.
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

export const fieldControlClass =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30 disabled:bg-gray-50';

interface Common {
  label: string;
  error?: string | undefined;
  required?: boolean;
  /** Shown under the control and read with it (aria-describedby). */
  hint?: ReactNode;
  /** Says "(optional)" after the label, as part of the field's name. */
  optional?: boolean;
}

/** One of `input`, `textarea` or `select` (with its options as children). */
interface Control {
  input?: ComponentPropsWithRef<'input'>;
  textarea?: ComponentPropsWithRef<'textarea'>;
  select?: ComponentPropsWithRef<'select'>;
  children?: ReactNode;
}

export type TextFieldProps = Common & Control;

export function TextField({ label, error, required = false, hint, optional = false, ...control }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : false,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div>
      <div className="flex gap-1 text-sm font-medium text-gray-800">
        <label htmlFor={id}>
          {label}
          {optional ? <span className="font-normal text-gray-500"> (optional)</span> : null}
        </label>
        {/* Outside the label, so the field's name is the label alone; aria-required says it to assistive tech. */}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        ) : null}
      </div>
      {control.input ? <input className={fieldControlClass} {...shared} {...control.input} /> : null}
      {control.textarea ? <textarea className={`${fieldControlClass} resize-y`} {...shared} {...control.textarea} /> : null}
      {control.select ? (
        <select className={fieldControlClass} {...shared} {...control.select}>
          {control.children}
        </select>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
