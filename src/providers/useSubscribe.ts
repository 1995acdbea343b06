import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { DataProviderContext } from 'react-admin';
import type { LiveCallback } from './liveEvents';

/** A data provider with react-admin's realtime methods (dataProvider.ts has them). */
interface Realtime {
  subscribe(topic: string, callback: LiveCallback): Promise<unknown>;
  unsubscribe(topic: string, callback: LiveCallback): Promise<unknown>;
}
const isRealtime = (provider: unknown): provider is Realtime => typeof (provider as Partial<Realtime> | null)?.subscribe === 'function';

/**
 * react-admin's realtime useSubscribe: the callback hears the topic's events while the component is
 * mounted (no topic: none). The latest callback is called, so a new one does not subscribe again.
 * A data provider without realtime methods (a component test's) leaves the screen without events.
 */
export function useSubscribe(topic: string | undefined, callback: LiveCallback): void {
  const dataProvider = useContext(DataProviderContext);
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!topic || !isRealtime(dataProvider)) return;
    const listener: LiveCallback = (event) => latest.current(event);
    void dataProvider.subscribe(topic, listener);
    return () => void dataProvider.unsubscribe(topic, listener);
  }, [topic, dataProvider]);
}
