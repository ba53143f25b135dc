import type { ReactNode } from 'react';

/** The gradient card at the top of money screens: one headline figure and a row of smaller ones. */
export function SummaryCard({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <section className="summary-card">
      <span className="summary-label">{label}</span>
      <strong className="summary-value">{value}</strong>
      {children && <div className="summary-row">{children}</div>}
    </section>
  );
}
