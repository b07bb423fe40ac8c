import { formatDate } from '@uplus/shared';
import type { KeyboardEvent } from 'react';

/*
 * Light pieces of the internship pages (kept off the courses area's parts, whose pagination and search
 * would weigh on the workbench pages' first load): dates, the list states and a pager of plain buttons.
 */

/** A period as the cards show it: 2026.03.01 - 2026.06.30. */
export const dateRange = (start: number, end: number) =>
  `${formatDate(start, '{y}.{m}.{d}')} - ${formatDate(end, '{y}.{m}.{d}')}`;

export { QueryState, SimplePager } from '../../components/query-state';

/** A thin progress bar (decorative: the percent is said in text beside it). */
export function ProgressBar({ share }: { share: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <span className="internship-progress" aria-hidden>
      <span style={{ width: `${percent}%` }} />
    </span>
  );
}

/** Enter that really means "go": not while an input method is still composing (isComposing, keyCode 229). */
export const isCommitEnter = (e: KeyboardEvent) =>
  e.key === 'Enter' && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== 229;
