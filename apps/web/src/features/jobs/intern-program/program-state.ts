import type { InternProgramDetail } from '@uplus/shared';

/** What the programme page offers (the programme counterpart of `jobDetailButtonsOf`). */
export type ProgramButtons = {
  /** 申请 (pick positions, then the delivery gate) */
  apply: boolean;
  /** 取消申请 (while the company has not answered) */
  cancelApplication: boolean;
  /** 已下线 (deleted Yes) */
  offline: boolean;
  /** 已结束 */
  finished: boolean;
};

/** Applying needs an open programme and no live application; cancelling, an application without feedback. */
export const programButtonsOf = (
  p: Pick<InternProgramDetail, 'deleted' | 'status' | 'record' | 'feedBack'>,
): ProgramButtons => {
  const offline = p.deleted === 'Yes';
  const finished = !offline && p.status === 'Finished';
  const open = !offline && !finished;
  return {
    apply: open && !p.record,
    cancelApplication: !offline && !!p.record && p.feedBack === 'No',
    offline,
    finished,
  };
};

/** The internship period line: 2026年7月 - 2026年9月. */
export const periodText = (start: number, end: number) => {
  const month = (t: number) => {
    const d = new Date(t);
    return `${d.getFullYear()}年${d.getMonth() + 1}月`;
  };
  return `${month(start)} - ${month(end)}`;
};

/** The programme page address. */
export const programDetailPath = (id: string) => `/internprogram/details?id=${encodeURIComponent(id)}`;
