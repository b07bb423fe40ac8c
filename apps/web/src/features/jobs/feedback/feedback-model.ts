import {
  FEEDBACK_TABS,
  FEEDBACK_UP_TYPES,
  type FeedbackRecord,
  type FeedbackTab,
  type FeedbackUpType,
  INVITATION_STATUS_TITLES,
  type InvitationStatus,
  internProgramBadgeOf,
  JOBS_MSG,
} from '@uplus/shared';

/*
 * The feedback center's rules that are not drawing (spec sections 2, 4): reading the address, the card
 * badges, which buttons an invitation shows, the confirmation texts.
 */

/** upType from the address (occupation when missing or unknown). */
export const toUpType = (value: string | null): FeedbackUpType =>
  FEEDBACK_UP_TYPES.some((u) => u.key === value) ? (value as FeedbackUpType) : 'occupation';

/** downType from the address (Delivery when missing or unknown). */
export const toDownType = (value: string | null): FeedbackTab =>
  FEEDBACK_TABS.some((t) => t.key === value) ? (value as FeedbackTab) : 'Delivery';

/** The mode of a top tab. */
export const modeOf = (upType: FeedbackUpType) =>
  upType === 'internProgram' ? ('InternProgram' as const) : ('Recruitment' as const);

/** The invitation type of a sub tab (the three invitations and 不合适), or undefined. */
export const feedbackTypeOf = (tab: FeedbackTab) =>
  tab === 'Written' || tab === 'Interview' || tab === 'Offer' || tab === 'Inappropriate' ? tab : undefined;

/** Whether the tab answers invitations (accept / reject). */
export const isInvitationTab = (tab: FeedbackTab) =>
  tab === 'Written' || tab === 'Interview' || tab === 'Offer';

/** The card to select: the one the address names if it is on the page, else the first. */
export const selectedIdOf = (rows: readonly { id: string }[], wanted: string | null): string | null =>
  rows.find((r) => r.id === wanted)?.id ?? rows[0]?.id ?? null;

/** The status of the invitation a card shows (the first of the tab's type); a local answer wins. */
export const cardStatusOf = (
  record: FeedbackRecord,
  local: Readonly<Record<string, InvitationStatus>>,
): InvitationStatus | null => {
  const first = record.feedbackRecords[0];
  if (!first || first.type === 'Inappropriate') return null;
  return local[first.id] ?? first.status;
};

/** A card's badge (spec section 4): programmes through internProgramBadgeOf, positions by the answer. */
export const cardBadgeOf = (
  record: FeedbackRecord,
  status: InvitationStatus | null,
): { text: string; greyed: boolean } | null => {
  if (record.internProgram)
    return internProgramBadgeOf({
      invitationStatus: status,
      programStatus: record.internProgram.status,
      deleted: record.internProgram.deleted,
    });
  if (status === 'Accepted' || status === 'Rejected' || status === 'Timeout')
    return { text: INVITATION_STATUS_TITLES[status], greyed: false };
  return null;
};

/** The confirmation before answering, or null for none (accepting a written test or an interview). */
export const answerConfirmOf = (
  type: 'Written' | 'Interview' | 'Offer',
  answer: 'Accepted' | 'Rejected',
): string | null => {
  if (answer === 'Rejected') return type === 'Offer' ? JOBS_MSG.rejectOfferConfirm : JOBS_MSG.rejectConfirm;
  return type === 'Offer' ? JOBS_MSG.acceptOfferConfirm : null;
};

/** Dates of the feedback center: year-month-day hour:minute (spec section 9). */
export const feedbackTimeText = (ms: number | null | undefined) => {
  if (ms == null) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** Internship periods: year年month月 (spec section 9). */
export const monthText = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}年${d.getMonth() + 1}月`;
};
