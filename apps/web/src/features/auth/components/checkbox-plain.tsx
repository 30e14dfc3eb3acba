import { useId, type ReactNode } from 'react';

/** A checkbox outside the validated form values (remember me). */
export function CheckboxFieldPlain({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange(next: boolean): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="auth-check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
