import type { UploadHistory } from '../../shared';
import { ApiError, isEnvelope } from '../../providers/apiError';
import { API_BASE, renewSession } from '../../providers/httpClient';
import { readAccessToken } from '../../providers/storedSession';

function post(datasetId: number, file: File, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // The server needs datasetId before the file's bytes arrive.
    form.append('datasetId', String(datasetId));
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/uploads`);
    const token = readAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Network Error' }));
    xhr.send(form);
  });
}

/**
 * Sends the file with XMLHttpRequest, which (unlike fetch) reports upload progress. An expired
 * access token is renewed once and the file sent again.
 */
export async function sendFile(datasetId: number, file: File, onProgress: (fraction: number) => void): Promise<UploadHistory> {
  for (let attempt = 0; ; attempt += 1) {
    const { status, body } = await post(datasetId, file, onProgress);
    if (status === 200 && isEnvelope(body)) return body.data as UploadHistory;
    if (status === 401 && attempt === 0 && isEnvelope(body) && body.result === 'TOKEN_UNAUTHORIZED' && (await renewSession())) continue;
    throw isEnvelope(body)
      ? new ApiError({ status, result: body.result, resultMessage: body.resultMessage, data: body.data })
      : new ApiError({ status, code: 'ERR_BAD_RESPONSE', message: `Request failed with status code ${status}` });
  }
}
