import type { ReactNode } from 'react';

/** A labelled form row on the dark card; the input (antd-mobile Input, code button, ...) is the child. */
export function Field({ label, children, extra }: { label: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <div className="field-control">
        <div className="field-input">{children}</div>
        {extra}
      </div>
    </div>
  );
}
