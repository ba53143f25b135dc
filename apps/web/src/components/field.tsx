import type { ReactNode } from 'react';

interface Props {
  label: string;
  children: ReactNode;
  extra?: ReactNode;
  /** the request field this row edits: a form finds the row by it to scroll a refused field into view */
  name?: string;
  /** why the value was refused: the row is marked and the message shown under it */
  error?: string;
  /** a short help line under the input, replaced by the error when there is one */
  note?: string;
  /** A value shown, not asked for: drawn as text, not as an input box. */
  readOnly?: boolean;
}

/** A labelled form row on the dark card; the input (antd-mobile Input, code button, ...) is the child. */
export function Field({ label, children, extra, name, error, note, readOnly = false }: Props) {
  const className = ['field', error && 'field-invalid', readOnly && 'field-readonly'].filter(Boolean).join(' ');
  return (
    <div className={className} data-field={name}>
      <span className="field-label">{label}</span>
      <div className="field-control">
        <div className="field-input">{children}</div>
        {extra}
      </div>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : (
        note && <span className="field-note">{note}</span>
      )}
    </div>
  );
}
