import { FileOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <FileOutline className="empty-state-icon" />
      <p>{text}</p>
      {children}
    </div>
  );
}
