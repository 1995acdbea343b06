import { useEffect, useState } from 'react';
import type { UploadHistory, UploadProgress } from '../../shared';
import { useApiRead } from '../../components/useApi';

const POLL_MS = 400;
const settled = (upload: UploadHistory) => upload.status !== 'PARSING' && upload.status !== 'COMMITTING';

type Observation = { running: true; progress: UploadProgress } | { running: false; upload: UploadHistory };

/**
 * Follows an upload while the server parses or writes it: the in-memory progress first (it
 * answers even while a commit holds the database), then the upload itself once it has settled.
 * Polled by react-query's refetchInterval, as the collect board is; a failure stops the polling.
 */
export function useUploadWatch(initial: UploadHistory | undefined) {
  const [upload, setUpload] = useState(initial);
  const [progress, setProgress] = useState<UploadProgress | null>(initial?.progress ?? null);
  const watching = initial !== undefined && !settled(initial);
  const { data: seen, error } = useApiRead<Observation>(
    // The status is part of the key: a commit answers the same upload, now COMMITTING, to follow anew.
    ['uploads', initial?.id, 'watch', initial?.status],
    async (api) => {
      const live = (await api.getUploadProgress(initial!.id)).data;
      if (live.running) return { data: { running: true, progress: { phase: live.phase, done: live.done, total: live.total } } };
      return { data: { running: false, upload: (await api.getUpload(initial!.id)).data } };
    },
    {
      enabled: watching,
      refetchInterval: ({ state }) => (state.status === 'error' || (state.data && !state.data.running && settled(state.data.upload)) ? false : POLL_MS),
      retry: false,
      gcTime: 0,
    },
  );
  useEffect(() => {
    setUpload(initial);
    setProgress(initial?.progress ?? null);
  }, [initial]);
  useEffect(() => {
    if (!seen) return;
    if (seen.running) return setProgress(seen.progress);
    setUpload(seen.upload);
    if (settled(seen.upload)) setProgress(null);
  }, [seen]);
  return { upload, progress, error: watching && error ? error.message : undefined };
}
