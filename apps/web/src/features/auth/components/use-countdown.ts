import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline the server set ('Send again in {seconds}'). Counts against the
 * clock rather than by ticks, so a background tab that throttles timers still shows the right number.
 */
export function useCountdown(initialSeconds: number): { remaining: number; restart: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const left = deadline - now;
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [deadline, now]);

  const restart = useCallback((seconds: number) => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  }, []);

  return { remaining: Math.max(0, Math.ceil((deadline - now) / 1000)), restart };
}
