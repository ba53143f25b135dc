import type { ReactNode } from 'react';

/** A labelled form row on the dark card; the input (antd-mobile Input, code button, ...) is the child. */
export function Field({
  label,
  children,
  extra,
  readOnly = false,
}: {
  label: string;
  children: ReactNode;
  extra?: ReactNode;
  /** A value shown, not asked for: drawn as text, not as an input box. */
  readOnly?: boolean;
}) {
  return (
    <div className={readOnly ? 'field field-readonly' : 'field'}>
      <span className="field-label">{label}</span>
      <div className="field-control">
        <div className="field-input">{children}</div>
        {extra}
      </div>
    </div>
  );
}
