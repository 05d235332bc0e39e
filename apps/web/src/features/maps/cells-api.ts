import { ResultCode } from '@iot/contracts';
import type { CellImportResult, CellOnlineService, CellSettings, CellStats } from '@iot/contracts/maps';
import { ApiError, bearer, HttpMessages, http, reportFailure } from '../../api/http';

export const cellKeys = {
  settings: ['maps', 'cells', 'settings'] as const,
  stats: ['maps', 'cells', 'stats'] as const,
};

/** 系统配置 → 基站定位 (decision 0066). */
export const cellsApi = {
  settings: () => http.get<CellSettings>('/iot/system/maps/cells', { quiet: true }),
  saveSettings: (body: { online: CellOnlineService; key?: string; baseUrl?: string; mnc: number }) =>
    http.put<CellSettings>('/iot/system/maps/cells', body),
  stats: () => http.get<CellStats>('/iot/system/maps/cells/stats', { quiet: true }),
};

/**
 * Uploads a cell export as multipart `file`, reporting the share sent (fetch cannot tell upload
 * progress; XMLHttpRequest can). The server reads rows as they arrive, so the bar is the import's too.
 * Failures are reported like every other call and thrown.
 */
export async function uploadCells(
  file: File,
  onProgress: (percent: number) => void,
): Promise<CellImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const authorization = await bearer();
    return await new Promise<CellImportResult>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/iot/system/maps/cells/import');
      if (authorization) xhr.setRequestHeader('authorization', authorization);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
      };
      xhr.onerror = () => reject(new ApiError(0, HttpMessages.SYSTEM_ERROR));
      xhr.onload = () => {
        if (xhr.status === 502 || xhr.status === 504)
          return reject(new ApiError(0, HttpMessages.MAINTENANCE, null, xhr.status));
        try {
          const answer = JSON.parse(xhr.responseText) as { code: number; message: string; data: unknown };
          if (answer.code === ResultCode.SUCCESS) resolve(answer.data as CellImportResult);
          else
            reject(new ApiError(answer.code, answer.message || HttpMessages.SYSTEM_ERROR, null, xhr.status));
        } catch {
          reject(new ApiError(0, HttpMessages.SYSTEM_ERROR, null, xhr.status));
        }
      };
      xhr.send(form);
    });
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError(0, HttpMessages.SYSTEM_ERROR);
    // A signed-out session is handled as everywhere; any other failure the card shows with 重试.
    if (failure.code === ResultCode.TOKEN_EXPIRED || failure.code === ResultCode.TOKEN_ERROR)
      reportFailure(failure);
    throw failure;
  }
}
