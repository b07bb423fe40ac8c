import { describe, expect, it } from 'vitest';
import { type InternshipCardInput, internshipCardState } from './card-state';
import {
  EXIT_REASONS,
  exitBody,
  exitDescriptionOf,
  exitError,
  exitReasonOfDescription,
  INTERNSHIPS_MSG,
  internshipStatusOf,
  inviteCodeError,
  joinBody,
  occupationError,
  progressPercentText,
  toInternshipUpType,
} from './internships';

const stages = [
  { id: '1', name: '入职培训', isHasPerm: 'Yes', progressPercentage: 0.5 },
  { id: '2', name: '结项答辩', isHasPerm: 'No', progressPercentage: 0 },
] as const;
const card = (status: InternshipCardInput['status'], eliminated: 'Yes' | 'No' = 'No', description = '') =>
  internshipCardState({
    status,
    internshipMembers: [
      { eliminated, eliminatedDescription: description, internshipOccupationName: 'Java开发' },
    ],
    internships: [...stages],
  });

describe('internshipCardState (spec 4, Internship group)', () => {
  it.each([
    ['NotStarted', 'notStarted', '未开始', { kind: 'error', message: INTERNSHIPS_MSG.notStarted }, true],
    ['Underway', 'enter', '进入实习', { kind: 'open', stageId: '1' }, true],
    ['Finished', 'ended', '已结束', null, false],
  ] as const)('%s: the button %s (%s), exit shown %s', (status, kind, label, click, showExit) => {
    const s = card(status);
    expect(s.action).toEqual({ kind, label, click });
    expect(s.showExit).toBe(showExit);
    expect(s.notSuitable).toBeNull();
    expect(s.stages).toHaveLength(2);
    expect(s.occupationName).toBe('Java开发');
  });

  it('locks a stage without permission and says 暂无阶段权限 on click', () => {
    const [open, locked] = card('Underway').stages;
    expect(open).toMatchObject({ locked: false, progressText: '50%', click: { kind: 'open' } });
    expect(locked).toMatchObject({
      locked: true,
      click: { kind: 'error', message: INTERNSHIPS_MSG.noStagePermission },
    });
  });

  it('before the start an open stage says 实习未开始', () => {
    expect(card('NotStarted').stages[0]?.click).toEqual({
      kind: 'error',
      message: INTERNSHIPS_MSG.notStarted,
    });
  });

  it('eliminated: the not-suitable dialog with the description or the fallback, stages hidden', () => {
    const s = card('Underway', 'Yes', '考核未通过');
    expect(s.notSuitable).toEqual({ text: '考核未通过' });
    expect(s.stages).toEqual([]);
    expect(s.action.click).toEqual({ kind: 'notSuitable' });
    expect(card('Underway', 'Yes', ' ').notSuitable?.text).toBe(INTERNSHIPS_MSG.eliminatedFallback);
    expect(card('Finished', 'Yes').showExit).toBe(false);
  });

  it('no stage to enter: 进入实习 says 暂无阶段权限', () => {
    const s = internshipCardState({
      status: 'Underway',
      internshipMembers: [{ eliminated: 'No', eliminatedDescription: '', internshipOccupationName: 'x' }],
      internships: [{ id: '9', name: 'x', isHasPerm: 'No', progressPercentage: 0 }],
    });
    expect(s.action.click).toEqual({ kind: 'error', message: INTERNSHIPS_MSG.noStagePermission });
  });
});

describe('internship rules', () => {
  it('derives the status', () => {
    expect(internshipStatusOf({ startAt: 10, finishedAt: null }, 9)).toBe('NotStarted');
    expect(internshipStatusOf({ startAt: 10, finishedAt: null }, 10)).toBe('Underway');
    expect(internshipStatusOf({ startAt: 10, finishedAt: 5 }, 9)).toBe('Finished');
  });

  it.each([
    ['', INTERNSHIPS_MSG.inviteCodeInvalid],
    ['  abcde  ', INTERNSHIPS_MSG.inviteCodeInvalid],
    ['abcdef', null],
    [' UPLUS2026 ', null],
  ])('invite code %j -> %s', (code, error) => {
    expect(inviteCodeError(code)).toBe(error);
  });

  it.each([
    ['', INTERNSHIPS_MSG.occupationRequired],
    ['岗'.repeat(15), null],
    ['岗'.repeat(16), INTERNSHIPS_MSG.occupationTooLong],
  ])('position %j -> %s', (name, error) => {
    expect(occupationError(name)).toBe(error);
  });

  it('checks exit reasons in order', () => {
    expect(exitError(null, '')).toBe(INTERNSHIPS_MSG.exitReasonRequired);
    expect(exitError('KeepUp', '')).toBeNull();
    expect(exitError('Other', ' ')).toBe(INTERNSHIPS_MSG.exitOtherRequired);
    expect(exitError('Other', '字'.repeat(50))).toBeNull();
    expect(exitError('Other', '字'.repeat(51))).toBe(INTERNSHIPS_MSG.exitOtherTooLong);
    expect(EXIT_REASONS.map((r) => r.title)).toEqual([
      '跟不上企业课程进度',
      '与学校课程安排冲突',
      '岗位与预期不符',
      '参加其他企业的实习计划',
      '已找到线下实习',
      '其他',
    ]);
    for (const r of EXIT_REASONS.slice(0, 5)) {
      expect(exitReasonOfDescription(exitDescriptionOf(r.code, ''))).toBe(r.code);
    }
    expect(exitReasonOfDescription('别的')).toBe('Other');
  });

  it('parses bodies: the code trimmed and case kept', () => {
    expect(joinBody.parse({ inviteCode: ' UPlus2026 ', internshipOccupationName: ' 测试 ' })).toEqual({
      inviteCode: 'UPlus2026',
      internshipOccupationName: '测试',
    });
    expect(exitBody.safeParse({ internshipGroupId: 1, exitedDescription: '岗位与预期不符' }).success).toBe(
      true,
    );
  });

  it('shows progress as a rounded percent and reads upType', () => {
    expect(progressPercentText(0.666)).toBe('67%');
    expect(progressPercentText(1.2)).toBe('100%');
    expect(toInternshipUpType('finished')).toBe('finished');
    expect(toInternshipUpType('x')).toBe('all');
  });
});
