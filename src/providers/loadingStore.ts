/**
 * Counts in-flight API requests so one loading indicator can follow all of them.
 * Shaped for React's useSyncExternalStore(subscribe, isLoading).
 */
type Listener = () => void;

let inFlight = 0;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const loadingStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isLoading(): boolean {
    return inFlight > 0;
  },
  requestStarted(): void {
    inFlight += 1;
    if (inFlight === 1) notify();
  },
  requestFinished(): void {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) notify();
  },
};
