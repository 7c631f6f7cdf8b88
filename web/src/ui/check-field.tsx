// One checkbox or radio button with its label beside it: the whole row is the target (44 px tall, for fingers).
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type CheckFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & {
  label: ReactNode;
  type?: 'checkbox' | 'radio';
  /** Classes for the row (the label), e.g. spacing in a particular layout. */
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

export function CheckField({ label, type = 'checkbox', className = '', ...input }: CheckFieldProps) {
  return (
    <label className={`flex min-h-11 items-center gap-2 text-sm ${className}`}>
      <input type={type} className="h-5 w-5 shrink-0 accent-emerald-600" {...input} />
      {label}
    </label>
  );
}
