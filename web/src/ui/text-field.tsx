// A labelled input with its inline error, tied together for assistive technology. Spread a react-hook-form
// register() result into `input`.
import { useId, type ComponentPropsWithRef } from 'react';

const inputClass =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30 disabled:bg-gray-50';

interface Props {
  label: string;
  error?: string | undefined;
  required?: boolean;
  input: ComponentPropsWithRef<'input'> & { name: string };
}

export function TextField({ label, error, required = false, input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex gap-1 text-sm font-medium text-gray-800">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label, so the field's name is the label alone; aria-required says it to assistive tech. */}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        ) : null}
      </div>
      <input
        id={id}
        className={inputClass}
        aria-required={required || undefined}
        aria-invalid={error ? true : false}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
