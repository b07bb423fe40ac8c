import type { SlideshowItem } from '@uplus/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { coursePathOf } from '../open-class-model';

/** How long a slide stays. */
const SLIDE_MS = 5000;

/**
 * The posters at the top of /openclass/index (promotions/open_course/slideshow): one at a time, moving on
 * every 5 s unless the pointer or focus is on it (or the user prefers less motion), with a dot per slide.
 */
export function Slideshow({ items }: { items: readonly SlideshowItem[] }) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const count = items.length;
  useEffect(() => {
    if (count < 2 || held) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => clearInterval(timer);
  }, [count, held]);
  if (count === 0) return null;
  const current = items[Math.min(index, count - 1)] as SlideshowItem;
  return (
    <section
      className="oc-slides"
      aria-roledescription="carousel"
      aria-label="推荐课程"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      data-testid="slideshow"
    >
      <Link
        to={coursePathOf(current.liveMode, current.id)}
        className="oc-slide"
        aria-roledescription="slide"
        aria-label={`${current.name}（${index + 1}/${count}）`}
        data-testid="slide"
      >
        {current.posterUrl ? (
          <img src={current.posterUrl} alt="" />
        ) : (
          <span className="oc-slide__title">{current.name}</span>
        )}
      </Link>
      {count > 1 && (
        <div className="oc-slides__dots">
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              aria-label={`第${i + 1}张：${item.name}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
