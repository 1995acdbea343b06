import { useEffect, useState } from 'react';
import type { UploadHistory, UploadProgress } from '../../shared';
import { request } from '../../providers/httpClient';

const POLL_MS = 400;
const settled = (upload: UploadHistory) => upload.status !== 'PARSING' && upload.status !== 'COMMITTING';

/**
 * Follows an upload while the server parses or writes it: the in-memory progress first (it
 * answers even while a commit holds the database), then the upload itself once it has settled.
 */
export function useUploadWatch(initial: UploadHistory | undefined) {
  const [upload, setUpload] = useState(initial);
  const [progress, setProgress] = useState<UploadProgress | null>(initial?.progress ?? null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setUpload(initial);
    setProgress(initial?.progress ?? null);
    setError(undefined);
    if (!initial || settled(initial)) return;
    let stopped = false;
    const poll = async () => {
      try {
        const live = (await request<{ running: boolean } & UploadProgress>(`/uploads/${initial.id}/progress`)).data;
        if (stopped) return;
        if (live.running) setProgress({ phase: live.phase, done: live.done, total: live.total });
        else {
          const current = (await request<UploadHistory>(`/uploads/${initial.id}`)).data;
          if (stopped) return;
          setUpload(current);
          if (settled(current)) return setProgress(null);
        }
      } catch (cause) {
        if (!stopped) setError((cause as Error).message);
        return;
      }
      if (!stopped) setTimeout(poll, POLL_MS);
    };
    const timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [initial]);
  return { upload, progress, error };
}
