import {
  type AttachedResume,
  type CampusRecruitMode,
  type CreateDeliveryBody,
  DELIVERY_MIN_PERCENT,
  DELIVERY_MSG,
  type DeliveryGate,
  deliveryGateOf,
  type IdentityType,
  type ResumeType,
} from '@uplus/shared';

/*
 * The pure rules of the deliver button (career spec 6): who may deliver, which dialog the completeness
 * leads to (`deliveryGateOf`, shared with the server's checks), and what the chooser lists.
 */

/** What pressing 投递简历 (or 申请) leads to before the completeness is read. */
export type DeliverStart = 'signIn' | 'notJobSeeker' | 'checkCompleteness';

/** Visitors sign in first; business users and teachers do not deliver (the server says 403 too). */
export const deliverStartOf = (session: {
  token: string | null;
  role: IdentityType | string | null;
}): DeliverStart => {
  if (!session.token) return 'signIn';
  if (session.role === 'Business' || session.role === 'Teacher') return 'notJobSeeker';
  return 'checkCompleteness';
};

/** The text shown to a business user or a teacher who presses deliver. */
export const NOT_JOB_SEEKER_MSG = DELIVERY_MSG.studentsOnly;

/** The gate's dialog (section 6): the low-completeness prompt, the perfect-info dialog, or the chooser. */
export const gateOf = (c: {
  onlinePercentages: number;
  attachedCount: number;
  perfected: boolean;
}): DeliveryGate => deliveryGateOf(c);

/** The profile fields the perfect-info dialog names (the 完善个人信息 fields behind `perfected`). */
export const PROFILE_FIELDS = ['姓名', '性别', '出生日期', '学校', '专业', '学历', '入学时间'] as const;

/** One line of the chooser. */
export type ResumeChoice = {
  key: string;
  resumeType: ResumeType;
  resumeId: string;
  label: string;
  /** why it cannot be chosen, or null */
  disabledReason: string | null;
};

/**
 * The chooser's lines: the online resume (disabled below 80 %, which the server refuses too) and each
 * attachment.
 */
export const resumeChoicesOf = (input: {
  onlineResumeId: string | number | null;
  onlinePercentages: number;
  attached: readonly Pick<AttachedResume, 'id' | 'name' | 'extension'>[];
}): ResumeChoice[] => {
  const lines: ResumeChoice[] = [];
  if (input.onlineResumeId != null)
    lines.push({
      key: `Online-${input.onlineResumeId}`,
      resumeType: 'Online',
      resumeId: String(input.onlineResumeId),
      label: `在线简历（完善度 ${input.onlinePercentages}%）`,
      disabledReason:
        input.onlinePercentages < DELIVERY_MIN_PERCENT ? `完善度达到${DELIVERY_MIN_PERCENT}%后可投递` : null,
    });
  for (const a of input.attached)
    lines.push({
      key: `Attached-${a.id}`,
      resumeType: 'Attached',
      resumeId: String(a.id),
      label: `${a.name}.${a.extension}`,
      disabledReason: null,
    });
  return lines;
};

/** The first line that may be chosen (preselected), or null. */
export const firstChoiceOf = (choices: readonly ResumeChoice[]) =>
  choices.find((c) => !c.disabledReason)?.key ?? null;

/** What a delivery goes to. */
export type DeliveryTarget =
  | { mode: 'Recruitment'; occupationId: string }
  | { mode: 'InternProgram'; internProgramId: string; internOccupationIds: readonly string[] };

/** The POST body for a target and a chosen resume. */
export const deliveryBodyOf = (
  target: DeliveryTarget,
  choice: Pick<ResumeChoice, 'resumeType' | 'resumeId'>,
) =>
  ({
    campusRecruitMode: target.mode satisfies CampusRecruitMode,
    resumeId: choice.resumeId,
    resumeType: choice.resumeType,
    ...(target.mode === 'Recruitment'
      ? { occupationId: target.occupationId }
      : { internProgramId: target.internProgramId, internOccupationIds: [...target.internOccupationIds] }),
  }) as CreateDeliveryBody;
