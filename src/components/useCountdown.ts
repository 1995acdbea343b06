import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a deadline, ticking each second; `restart` starts again from the full duration. */
export function useCountdown(durationSeconds: number): { secondsLeft: number; restart: () => void } {
  const [deadline, setDeadline] = useState(() => Date.now() + durationSeconds * 1000);
  const secondsUntil = useCallback((end: number) => Math.max(0, Math.ceil((end - Date.now()) / 1000)), []);
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(deadline));

  useEffect(() => {
    setSecondsLeft(secondsUntil(deadline));
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, secondsUntil]);

  const restart = useCallback(() => setDeadline(Date.now() + durationSeconds * 1000), [durationSeconds]);
  return { secondsLeft, restart };
}
