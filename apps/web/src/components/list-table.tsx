import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

/** Column headers of a list plus its body; with no rows yet it shows the empty state under the headers. */
export function ListTable({ columns, empty, children }: { columns: string[]; empty: string; children?: ReactNode }) {
  return (
    <div className="list-table">
      <div className="list-head" style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}>
        {columns.map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
      {children ?? <EmptyState text={empty} />}
    </div>
  );
}
