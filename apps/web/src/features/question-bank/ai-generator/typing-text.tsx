import { useEffect, useRef, useState } from 'react';

/** Bounds of the typing speed (spec 9): the pause between two reveals, in ms. */
export const TYPING_MIN_MS = 50;
export const TYPING_MAX_MS = 1000;

export const clampSpeed = (ms: number) => Math.min(TYPING_MAX_MS, Math.max(TYPING_MIN_MS, Math.round(ms)));

/**
 * Text that appears as if typed: every `speed` ms (held to 50..1000) a few more characters show. The step
 * grows with the backlog, so a fast stream never falls far behind. Screen readers get the full text.
 */
export function TypingText({ text, speed = TYPING_MIN_MS }: { text: string; speed?: number }) {
  const [shown, setShown] = useState(0);
  const target = useRef(text.length);
  target.current = text.length;
  const interval = clampSpeed(speed);

  useEffect(() => {
    if (text.length < shown) setShown(0);
  }, [text, shown]);

  useEffect(() => {
    const timer = setInterval(() => {
      setShown((n) => {
        const backlog = target.current - n;
        if (backlog <= 0) return n;
        return n + Math.max(1, Math.ceil(backlog / 8));
      });
    }, interval);
    return () => clearInterval(timer);
  }, [interval]);

  const visible = text.slice(0, shown);
  return (
    <div className="typing-text">
      <span aria-hidden>{visible}</span>
      {shown < text.length && <span className="typing-text__caret" aria-hidden />}
      <span className="sr-only">{text}</span>
    </div>
  );
}
