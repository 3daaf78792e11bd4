import { argentinaToday, dataExportFileName } from '@cym/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, privateFile } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

export type DataExport = components['schemas']['DataExportDto'];

export const DATA_EXPORTS_LOAD_FAILED = 'No pudimos cargar tus pedidos de datos.';
export const DATA_EXPORT_REQUEST_FAILED = 'No pudimos pedir tus datos. Probá de nuevo.';
export const DATA_EXPORT_DOWNLOAD_FAILED = 'No pudimos descargar tus datos. Probá de nuevo.';

/** While one is in preparation the list is asked again this often, so 'Descargar' shows by itself. */
const PREPARING_POLL_MS = 10_000;

export const dataExportKeys = {
  mine: ['account', 'data-exports'] as const,
};

/** The person's requests, newest first. */
export const myDataExportsQuery = queryOptions({
  queryKey: dataExportKeys.mine,
  queryFn: () => dataOf(api.GET('/api/account/data-exports'), DATA_EXPORTS_LOAD_FAILED),
  refetchInterval: (query) =>
    query.state.data?.some((item) => item.status === 'requested') ? PREPARING_POLL_MS : false,
});

export function useMyDataExports() {
  return useQuery(myDataExportsQuery);
}

export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/account/data-exports'), DATA_EXPORT_REQUEST_FAILED),
    onSettled: () => client.invalidateQueries({ queryKey: dataExportKeys.mine }),
  });
}

/** A ready export that can still be downloaded. */
export const downloadable = (item: DataExport): item is DataExport & { file_url: string; ready_at: string } =>
  item.status === 'ready' && !item.expired && item.file_url !== null && item.ready_at !== null;

/**
 * Saves the ZIP: its bytes are read with the session's token (the address alone opens nothing)
 * and handed to the browser as a download under the name the server gives it.
 */
export async function downloadDataExport(item: DataExport & { file_url: string; ready_at: string }): Promise<void> {
  const file = await privateFile(item.file_url, DATA_EXPORT_DOWNLOAD_FAILED);
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = dataExportFileName(argentinaToday(new Date(item.ready_at)));
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
