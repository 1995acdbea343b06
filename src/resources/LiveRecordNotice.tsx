import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useResourceContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatDateTime, runtimeTimeZone } from '../shared/date-time';
import type { LiveEvent } from '../providers/liveEvents';
import { useSubscribe } from '../providers/useSubscribe';

const MESSAGE_ID = 'live-record-notice';

/**
 * An open record told that someone else changed or deleted it (GET /api/events). A show page reads
 * it again at once; an edit form is not overwritten: it says who and when, and Review reads the
 * record again into the form (the person's unsaved values give way to it).
 */
export function LiveRecordNotice({ editing, ...props }: { editing: boolean; resource?: string }) {
  const resource = useResourceContext(props);
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [event, setEvent] = useState<LiveEvent>();
  const reread = () => queryClient.invalidateQueries({ queryKey: [resource, 'getOne', { id: String(id) }] });
  useSubscribe(resource && id ? `resource/${resource}/${id}` : undefined, (heard) => {
    if (editing || heard.type === 'deleted') setEvent(heard);
    else void reread();
  });
  if (!event) return null;
  const time = formatDateTime(event.date, runtimeTimeZone()).slice(11);
  const deleted = event.type === 'deleted';
  const review = () => {
    setEvent(undefined);
    void reread();
  };
  return (
    <Alert
      severity={deleted ? 'warning' : 'info'}
      role="status"
      sx={{ mb: 2 }}
      action={
        deleted ? undefined : (
          <Button color="inherit" size="small" onClick={review} aria-describedby={MESSAGE_ID}>
            {translate('console.live.review')}
          </Button>
        )
      }
    >
      <span id={MESSAGE_ID}>{translate(deleted ? 'console.live.deleted' : 'console.live.changed', { name: event.payload.by, time })}</span>
    </Alert>
  );
}
