import { API } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { api, download } from '../../lib/api';
import { usePagedQuery } from '../../lib/paging';
import { queryKeys } from '../../lib/queries';
import { saveFile } from '../../lib/save-file';

export function usePropertyTongji() {
  return useQuery({
    queryKey: queryKeys.propertyTongji,
    queryFn: () => api(API.propertyTongji, {}, { catch: true }),
  });
}

export function useAssetLogTongji() {
  return useQuery({
    queryKey: queryKeys.assetLogTongji,
    queryFn: () => api(API.assetLogTongji, {}, { catch: true }),
  });
}

export const useAssetLog = () => usePagedQuery(queryKeys.assetLog, API.assetLogList);

/** The whole log as a CSV file, saved as a download named by today's date. */
export async function exportAssetLog(): Promise<void> {
  const file = await download(API.assetLogExport, {}, { catch: true });
  saveFile(file, `asset-log-${new Date().toISOString().slice(0, 10)}.csv`);
}
