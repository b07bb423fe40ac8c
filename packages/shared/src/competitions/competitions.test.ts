import { describe, expect, it } from 'vitest';
import {
  applicantInfoError,
  applyEnableOf,
  COMPETITIONS_MSG,
  competitionBody,
  registrationCardOf,
  registrationExpired,
  registrationTargetOf,
  teamNameError,
} from './competitions';

const T = 1_000_000;

describe('competition rules', () => {
  it('applyEnable is the apply period, both ends included', () => {
    const c = { applyStartAt: T, applyEndAt: T + 10 };
    expect(applyEnableOf(c, T - 1)).toBe(false);
    expect(applyEnableOf(c, T)).toBe(true);
    expect(applyEnableOf(c, T + 10)).toBe(true);
    expect(applyEnableOf(c, T + 11)).toBe(false);
  });

  it('已失效: the competition ended, or a Draft after the apply period', () => {
    const r = { applyEndAt: T, endAt: T + 100 };
    expect(registrationExpired({ ...r, status: 'Draft' }, T)).toBe(false);
    expect(registrationExpired({ ...r, status: 'Draft' }, T + 1)).toBe(true);
    expect(registrationExpired({ ...r, status: 'Submitted' }, T + 1)).toBe(false);
    expect(registrationExpired({ ...r, status: 'Submitted' }, T + 101)).toBe(true);
  });

  it('card states (spec 4, 6): 报名期 / 报名截止, 未提交, 个人参赛 or the role', () => {
    expect(
      registrationCardOf({ applyEnable: true, status: 'Draft', mode: 'Personal', roleTitle: '队长' }),
    ).toEqual({
      periodBadge: '报名期',
      draftBadge: '未提交',
      roleText: '个人参赛',
    });
    expect(
      registrationCardOf({ applyEnable: false, status: 'Submitted', mode: 'Group', roleTitle: '队员' }),
    ).toEqual({ periodBadge: '报名截止', draftBadge: null, roleText: '队员' });
  });

  it('captains and personal entrants open the apply page, team members the link page', () => {
    expect(registrationTargetOf({ id: '5', competitionId: '9', role: 'Captain' })).toBe(
      '/competition/apply?id=9',
    );
    expect(registrationTargetOf({ id: '5', competitionId: '9', role: 'TeamMember' })).toBe(
      '/competition/link?applyRecordId=5',
    );
  });

  it('applicant info checks in order, with the spec 5 texts', () => {
    const ok = { name: '张三', mobile: '13812345678', email: '', organName: '大学', majorName: '软件' };
    expect(applicantInfoError(ok)).toBeNull();
    expect(applicantInfoError({ ...ok, name: ' ', mobile: '' })).toBe('请填写姓名');
    expect(applicantInfoError({ ...ok, mobile: '' })).toBe('请输入手机号码');
    expect(applicantInfoError({ ...ok, mobile: '1381234567' })).toBe('请输入正确的手机号码');
    expect(applicantInfoError({ ...ok, email: 'x@' })).toBe('请输入正确的邮箱');
    expect(applicantInfoError({ ...ok, organName: '' })).toBe(COMPETITIONS_MSG.organRequired);
    expect(applicantInfoError({ ...ok, majorName: '' })).toBe(COMPETITIONS_MSG.majorRequired);
    expect(teamNameError('')).toBe(COMPETITIONS_MSG.teamNameRequired);
    expect(teamNameError('一'.repeat(21))).toBe(COMPETITIONS_MSG.teamNameTooLong);
    expect(teamNameError('飞跃队')).toBeNull();
  });

  it('the competition form needs a team size in Group mode and ordered times', () => {
    const base = {
      name: 'a',
      organizer: 'b',
      mode: 'Group' as const,
      applyStartAt: 1,
      applyEndAt: 2,
      endAt: 3,
    };
    expect(competitionBody.safeParse(base).error?.issues[0]?.message).toBe(COMPETITIONS_MSG.teamSizeInvalid);
    expect(competitionBody.safeParse({ ...base, maxTeamSize: 3 }).success).toBe(true);
    expect(competitionBody.safeParse({ ...base, maxTeamSize: 3, endAt: 1 }).error?.issues[0]?.message).toBe(
      COMPETITIONS_MSG.endBeforeApplyEnd,
    );
  });
});
