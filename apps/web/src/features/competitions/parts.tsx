import { TrophyOutlined } from '@ant-design/icons';
import { formatDate } from '@uplus/shared';
import './competitions.css';

export { QueryState, SimplePager as Pager } from '../../components/query-state';

/** A competition's cover, or a placeholder. */
export function Cover({ url, className }: { url: string; className: string }) {
  return url ? (
    <img className={className} src={url} alt="" loading="lazy" />
  ) : (
    <div className={className} aria-hidden>
      <TrophyOutlined />
    </div>
  );
}

/** `2026.03.01 09:00`. */
export const timeText = (ms: number) => formatDate(ms, '{y}.{m}.{d} {h}:{i}');

/** `2026.03.01 09:00 - 2026.03.31 18:00`. */
export const periodText = (start: number, end: number) => `${timeText(start)} - ${timeText(end)}`;

/** A page number from the address (1 when absent or wrong). */
export const pageFrom = (value: string | null) => Math.max(1, Number.parseInt(value ?? '1', 10) || 1);

/** The Enter that ends an input method's composition is never a submit. */
export const stopComposingEnter = (e: {
  key: string;
  nativeEvent: KeyboardEvent;
  preventDefault: () => void;
}) => {
  if (e.key === 'Enter' && (e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229)) e.preventDefault();
};
