import type { ReviewStatus } from '@c2c/shared';
import { Tag } from 'antd';

const LOOK: Record<ReviewStatus, { color: string; label: string }> = {
  auditing: { color: 'orange', label: 'Auditing' },
  completed: { color: 'green', label: 'Completed' },
  rejected: { color: 'red', label: 'Rejected' },
};

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  const { color, label } = LOOK[status];
  return <Tag color={color}>{label}</Tag>;
}
