import { RECHARGE_STATUSES, type ReviewStatus } from '@c2c/shared';
import { Button, Flex, Input, Select } from 'antd';

export type StatusFilter = ReviewStatus | 'all';

const LABELS: Record<StatusFilter, string> = {
  auditing: 'Auditing',
  completed: 'Completed',
  rejected: 'Rejected',
  all: 'All statuses',
};
const OPTIONS = [...RECHARGE_STATUSES, 'all' as const].map((value) => ({ value, label: LABELS[value] }));

/** The toolbar of a review queue: which status to show, an e-mail search and a manual refresh. */
export function ReviewFilters({
  status,
  onStatusChange,
  onSearch,
  onRefresh,
  refreshing,
}: {
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  onSearch: (keyword: string) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <Flex justify="space-between" align="center" gap={16} wrap>
      <Flex gap={8} wrap>
        <Select<StatusFilter>
          aria-label="Status"
          value={status}
          onChange={onStatusChange}
          options={OPTIONS}
          style={{ width: 160 }}
        />
        <Input.Search
          aria-label="Search by user e-mail"
          placeholder="User e-mail"
          allowClear
          enterButton="Search"
          onSearch={(value) => onSearch(value.trim())}
          style={{ width: 340 }}
        />
      </Flex>
      <Button onClick={onRefresh} loading={refreshing}>
        Refresh
      </Button>
    </Flex>
  );
}
