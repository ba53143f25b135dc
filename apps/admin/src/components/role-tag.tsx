import type { OperatorRole } from '@c2c/shared';
import { Tag } from 'antd';

const COLORS: Record<OperatorRole, string> = { owner: 'gold', finance: 'blue', support: 'cyan' };

export function RoleTag({ role }: { role: OperatorRole }) {
  return <Tag color={COLORS[role]}>{role}</Tag>;
}
