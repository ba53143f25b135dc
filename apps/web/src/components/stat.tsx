import type { ReactNode } from 'react';

/** One figure of a summary card. `value` null means the figure has no source yet and shows a dash. */
export function Stat({ label, value, unit }: { label: string; value: ReactNode | null; unit?: string }) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <strong className="stat-value">
        {value ?? '--'}
        {value !== null && unit && <small> {unit}</small>}
      </strong>
    </div>
  );
}
