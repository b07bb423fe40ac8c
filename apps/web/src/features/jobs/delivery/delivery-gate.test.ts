import { DELIVERY_MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { programButtonsOf } from '../intern-program/program-state';
import {
  deliverStartOf,
  deliveryBodyOf,
  firstChoiceOf,
  gateOf,
  NOT_JOB_SEEKER_MSG,
  resumeChoicesOf,
} from './delivery-gate';

describe('the deliver button (career spec 6)', () => {
  it('sends visitors to sign in and refuses business users and teachers', () => {
    expect(deliverStartOf({ token: null, role: null })).toBe('signIn');
    expect(deliverStartOf({ token: 't', role: 'Business' })).toBe('notJobSeeker');
    expect(deliverStartOf({ token: 't', role: 'Teacher' })).toBe('notJobSeeker');
    expect(deliverStartOf({ token: 't', role: 'Student' })).toBe('checkCompleteness');
    // a graduate who left their school has no role: still a job seeker
    expect(deliverStartOf({ token: 't', role: null })).toBe('checkCompleteness');
    expect(NOT_JOB_SEEKER_MSG).toBe(DELIVERY_MSG.studentsOnly);
  });

  it.each([
    // below 80 % (or 0) with no attachment: the low-completeness prompt
    [{ onlinePercentages: 0, attachedCount: 0, perfected: true }, 'lowCompleteness'],
    [{ onlinePercentages: 79, attachedCount: 0, perfected: true }, 'lowCompleteness'],
    // attachments but not perfected: the perfect-info dialog, whatever the percentage
    [{ onlinePercentages: 0, attachedCount: 1, perfected: false }, 'perfectInfo'],
    [{ onlinePercentages: 100, attachedCount: 2, perfected: false }, 'perfectInfo'],
    // otherwise the chooser
    [{ onlinePercentages: 80, attachedCount: 0, perfected: false }, 'chooser'],
    [{ onlinePercentages: 10, attachedCount: 1, perfected: true }, 'chooser'],
    [{ onlinePercentages: 95, attachedCount: 3, perfected: true }, 'chooser'],
  ] as const)('%o leads to %s', (completeness, gate) => {
    expect(gateOf(completeness)).toBe(gate);
  });

  it('lists the online resume (disabled below 80 %) and each attachment; preselects the first allowed', () => {
    const attached = [
      { id: 7, name: '张三-前端', extension: 'pdf' as const },
      { id: 9, name: '张三-英文', extension: 'docx' as const },
    ];
    const low = resumeChoicesOf({ onlineResumeId: 3, onlinePercentages: 40, attached });
    expect(low.map((c) => [c.resumeType, c.resumeId, c.label])).toEqual([
      ['Online', '3', '在线简历（完善度 40%）'],
      ['Attached', '7', '张三-前端.pdf'],
      ['Attached', '9', '张三-英文.docx'],
    ]);
    expect(low[0]?.disabledReason).toBe('完善度达到80%后可投递');
    expect(firstChoiceOf(low)).toBe('Attached-7');
    const full = resumeChoicesOf({ onlineResumeId: 3, onlinePercentages: 80, attached: [] });
    expect(full[0]?.disabledReason).toBeNull();
    expect(firstChoiceOf(full)).toBe('Online-3');
    expect(
      firstChoiceOf(resumeChoicesOf({ onlineResumeId: 3, onlinePercentages: 0, attached: [] })),
    ).toBeNull();
  });

  it('builds the POST body for a position and for a programme', () => {
    expect(
      deliveryBodyOf({ mode: 'Recruitment', occupationId: '5' }, { resumeType: 'Online', resumeId: '3' }),
    ).toEqual({ campusRecruitMode: 'Recruitment', occupationId: '5', resumeId: '3', resumeType: 'Online' });
    expect(
      deliveryBodyOf(
        { mode: 'InternProgram', internProgramId: '2', internOccupationIds: ['11', '12'] },
        { resumeType: 'Attached', resumeId: '7' },
      ),
    ).toEqual({
      campusRecruitMode: 'InternProgram',
      internProgramId: '2',
      internOccupationIds: ['11', '12'],
      resumeId: '7',
      resumeType: 'Attached',
    });
  });
});

describe('the programme page buttons', () => {
  const open = { deleted: 'No', status: 'NotStarted', record: null, feedBack: 'No' } as const;
  it('applies while open and not applied; cancels while unanswered', () => {
    expect(programButtonsOf(open)).toEqual({
      apply: true,
      cancelApplication: false,
      offline: false,
      finished: false,
    });
    expect(programButtonsOf({ ...open, record: { id: '1' } })).toMatchObject({
      apply: false,
      cancelApplication: true,
    });
    expect(programButtonsOf({ ...open, record: { id: '1' }, feedBack: 'Yes' })).toMatchObject({
      apply: false,
      cancelApplication: false,
    });
  });
  it('offline (deleted) and finished programmes take no applications', () => {
    expect(programButtonsOf({ ...open, deleted: 'Yes' })).toEqual({
      apply: false,
      cancelApplication: false,
      offline: true,
      finished: false,
    });
    expect(programButtonsOf({ ...open, status: 'Finished' })).toMatchObject({ apply: false, finished: true });
    expect(programButtonsOf({ ...open, status: 'Finished', record: { id: '1' } })).toMatchObject({
      cancelApplication: true,
    });
  });
});
