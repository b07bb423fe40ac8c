import { describe, expect, it } from 'vitest';
import {
  deliveryGateOf,
  internOfferStepOf,
  internProgramBadgeOf,
  invitationStatusOf,
  jobDetailButtonsOf,
  salaryText,
} from './jobs';

describe('jobs rules (career spec sections 4, 6, 9)', () => {
  it('salary: 999 is 面议, otherwise min-max k', () => {
    expect(salaryText(999, 999)).toBe('面议');
    expect(salaryText(8, 999)).toBe('面议');
    expect(salaryText(12, 20)).toBe('12-20k');
    expect(salaryText(0, 5)).toBe('0-5k');
  });

  it('the delivery gate: low completeness without attachments, perfect-info with them, else the chooser', () => {
    expect(deliveryGateOf({ onlinePercentages: 0, attachedCount: 0, perfected: true })).toBe(
      'lowCompleteness',
    );
    expect(deliveryGateOf({ onlinePercentages: 79, attachedCount: 0, perfected: true })).toBe(
      'lowCompleteness',
    );
    expect(deliveryGateOf({ onlinePercentages: 80, attachedCount: 0, perfected: false })).toBe('chooser');
    expect(deliveryGateOf({ onlinePercentages: 10, attachedCount: 1, perfected: false })).toBe('perfectInfo');
    expect(deliveryGateOf({ onlinePercentages: 95, attachedCount: 2, perfected: false })).toBe('perfectInfo');
    expect(deliveryGateOf({ onlinePercentages: 10, attachedCount: 1, perfected: true })).toBe('chooser');
  });

  it('the job detail buttons of section 4', () => {
    const online = { onlined: 'Yes' as const, favorite: false, recordId: null, feedBack: 'No' as const };
    expect(jobDetailButtonsOf(online)).toEqual({
      deliver: true,
      cancelDelivery: false,
      favourite: true,
      cancelFavourite: false,
      offline: false,
    });
    // applied, no feedback: 取消投递; favourited: 取消收藏
    expect(jobDetailButtonsOf({ ...online, recordId: '7', favorite: true })).toEqual({
      deliver: false,
      cancelDelivery: true,
      favourite: false,
      cancelFavourite: true,
      offline: false,
    });
    // the company answered: no cancel
    expect(jobDetailButtonsOf({ ...online, recordId: '7', feedBack: 'Yes' }).cancelDelivery).toBe(false);
    // offline: 职位已下线, no deliver, no favourite (an old favourite can still be cancelled)
    expect(jobDetailButtonsOf({ ...online, onlined: 'No', favorite: true })).toEqual({
      deliver: false,
      cancelDelivery: false,
      favourite: false,
      cancelFavourite: true,
      offline: true,
    });
  });

  it('an invitation still to be processed after its deadline is Timeout; answers stay', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(invitationStatusOf('ToBeProcessed', null, now)).toBe('ToBeProcessed');
    expect(invitationStatusOf('ToBeProcessed', now + 1, now)).toBe('ToBeProcessed');
    expect(invitationStatusOf('ToBeProcessed', now - 1, now)).toBe('Timeout');
    expect(invitationStatusOf('Accepted', now - 1, now)).toBe('Accepted');
    expect(invitationStatusOf('Rejected', now - 1, now)).toBe('Rejected');
  });

  it('an internship offer: already a member proceeds, none asks to confirm, another one: quit first', () => {
    expect(internOfferStepOf({ joinFlag: true, joinCount: 1 })).toBe('accept');
    expect(internOfferStepOf({ joinFlag: false, joinCount: 0 })).toBe('confirmJoin');
    expect(internOfferStepOf({ joinFlag: false, joinCount: 2 })).toBe('quitFirst');
  });

  it('internship programme badges: 已下线 greyed first, then the answer, then 已结束', () => {
    expect(internProgramBadgeOf({ deleted: 'Yes', invitationStatus: 'Accepted' })).toEqual({
      text: '已下线',
      greyed: true,
    });
    expect(internProgramBadgeOf({ invitationStatus: 'Accepted' })?.text).toBe('已接受');
    expect(internProgramBadgeOf({ invitationStatus: 'Rejected' })?.text).toBe('已拒绝');
    expect(internProgramBadgeOf({ invitationStatus: 'Timeout' })?.text).toBe('超时未处理');
    expect(internProgramBadgeOf({ programStatus: 'Finished', deleted: 'No' })?.text).toBe('已结束');
    expect(internProgramBadgeOf({ programStatus: 'Underway' })).toBeNull();
  });
});
