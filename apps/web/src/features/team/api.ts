import { API, type Page, type TeamLevel, type TeamMember } from '@c2c/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { PAGE_SIZE } from '../../lib/paging';

const teamKeys = {
  tongji: ['team', 'tongji'],
  list: (level: TeamLevel | null) => ['team', 'list', level ?? 'all'],
  invite: ['invite', 'detail'],
} as const;

// A team grows by other people's sign-ups, which send no live event: the team screens read it again whenever they open.
export function useTeamTongji() {
  return useQuery({
    queryKey: teamKeys.tongji,
    refetchOnMount: 'always',
    queryFn: () => api(API.teamTongji, {}, { catch: true }),
  });
}

/** Team members of one level (or all three when `level` is null), newest first, page by page. */
export function useTeamList(level: TeamLevel | null) {
  return useInfiniteQuery({
    queryKey: teamKeys.list(level),
    refetchOnMount: 'always',
    queryFn: ({ pageParam }) =>
      api(API.teamList, { page: pageParam, page_size: PAGE_SIZE, ...(level ? { level } : {}) }, { catch: true }) as Promise<
        Page<TeamMember>
      >,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    select: (data) => data.pages.flatMap((p) => p.list),
  });
}

/** The invitation code and the sign-up address that fills it in, as the server builds it. */
export function useInviteDetail() {
  return useQuery({ queryKey: teamKeys.invite, queryFn: () => api(API.inviteDetail, {}, { catch: true }) });
}
