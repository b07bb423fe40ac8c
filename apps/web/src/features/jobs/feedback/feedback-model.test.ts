import {
  type FeedbackRecord,
  feedbackTabQueryOf,
  feedbackTabUnreadOf,
  feedbackUpTypeDotOf,
  internOfferStepOf,
  NO_UNREAD,
  previewModeOf,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import {
  answerConfirmOf,
  cardBadgeOf,
  cardStatusOf,
  selectedIdOf,
  toDownType,
  toUpType,
} from './feedback-model';

const record = (
  over: Partial<FeedbackRecord> = {},
  status: FeedbackRecord['feedbackRecords'][0]['status'] = 'ToBeProcessed',
) =>
  ({
    id: '1',
    internProgram: null,
    feedbackRecords: [{ id: '9', type: 'Offer', status }],
    ...over,
  }) as FeedbackRecord;

describe('feedback center rules', () => {
  it('reads the address, defaulting to 职位 / 已投递', () => {
    expect(toUpType('internProgram')).toBe('internProgram');
    expect(toUpType('x')).toBe('occupation');
    expect(toDownType('Offer')).toBe('Offer');
    expect(toDownType(null)).toBe('Delivery');
  });

  it('asks each tab’s list as the spec says', () => {
    expect(feedbackTabQueryOf('Viewed', 'Recruitment', 1)).toMatchObject({
      viewed: 'Yes',
      sort: 'viewedAt',
      order: 'DESC',
    });
    expect(feedbackTabQueryOf('Written', 'InternProgram', 2)).toMatchObject({
      writtenStatus: 'Yes',
      type: 'Written',
      pageNumber: 2,
      pageSize: 15,
      campusRecruitMode: 'InternProgram',
    });
    expect(feedbackTabQueryOf('Inappropriate', 'Recruitment', 1)).toMatchObject({
      inappropriateStatus: 'Yes',
    });
    expect(feedbackTabQueryOf('Delivery', 'Recruitment', 1)).not.toHaveProperty('type');
  });

  it('badges 笔试 面试 录用 only, and a dot per top tab when its sum is above 0', () => {
    const c = { ...NO_UNREAD, written: 2, internOffer: 1 };
    expect(feedbackTabUnreadOf('Written', 'Recruitment', c)).toBe(2);
    expect(feedbackTabUnreadOf('Offer', 'InternProgram', c)).toBe(1);
    expect(feedbackTabUnreadOf('Viewed', 'Recruitment', c)).toBe(0);
    expect(feedbackUpTypeDotOf('Recruitment', c)).toBe(true);
    expect(feedbackUpTypeDotOf('InternProgram', { ...NO_UNREAD })).toBe(false);
  });

  it('selects the card the address names, else the first', () => {
    const rows = [{ id: '1' }, { id: '2' }];
    expect(selectedIdOf(rows, '2')).toBe('2');
    expect(selectedIdOf(rows, '7')).toBe('1');
    expect(selectedIdOf([], '7')).toBeNull();
  });

  it('card badges: 已接受 已拒绝 超时未处理; programmes 已结束 and greyed 已下线; a local answer wins', () => {
    expect(cardBadgeOf(record(), cardStatusOf(record(), {}))).toBeNull();
    expect(cardBadgeOf(record(), cardStatusOf(record(), { '9': 'Accepted' }))?.text).toBe('已接受');
    expect(cardBadgeOf(record({}, 'Rejected'), 'Rejected')?.text).toBe('已拒绝');
    expect(cardBadgeOf(record({}, 'Timeout'), 'Timeout')?.text).toBe('超时未处理');
    const programme = (status: string, deleted: 'Yes' | 'No') =>
      record({
        internProgram: {
          id: '3',
          name: 'p',
          status,
          deleted,
          internshipStartTimestamp: 0,
          internshipEndTimestamp: 0,
        },
      });
    expect(cardBadgeOf(programme('Finished', 'No'), 'ToBeProcessed')).toEqual({
      text: '已结束',
      greyed: false,
    });
    expect(cardBadgeOf(programme('Underway', 'Yes'), 'Accepted')).toEqual({ text: '已下线', greyed: true });
  });

  it('confirms rejections and offer acceptance with the spec’s texts', () => {
    expect(answerConfirmOf('Interview', 'Rejected')).toBe('确定拒绝邀请吗？');
    expect(answerConfirmOf('Offer', 'Rejected')).toBe('确定拒绝入职邀请吗？');
    expect(answerConfirmOf('Offer', 'Accepted')).toBe('确定接受入职邀请吗？');
    expect(answerConfirmOf('Written', 'Accepted')).toBeNull();
  });

  it('internship offer steps and preview modes', () => {
    expect(internOfferStepOf({ joinFlag: true, joinCount: 1 })).toBe('accept');
    expect(internOfferStepOf({ joinFlag: false, joinCount: 0 })).toBe('confirmJoin');
    expect(internOfferStepOf({ joinFlag: false, joinCount: 1 })).toBe('quitFirst');
    expect(previewModeOf('JPG')).toBe('image');
    expect(previewModeOf('pdf')).toBe('pdf');
    expect(previewModeOf('docx')).toBe('unsupported');
  });
});
