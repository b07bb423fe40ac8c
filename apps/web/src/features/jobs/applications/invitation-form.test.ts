import { APPLICATIONS_MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { emptyInvitation, invitationBody, invitationErrors } from './invitation-form';

const NOW = Date.UTC(2026, 5, 1);
const filled = () => ({
  ...emptyInvitation('Interview'),
  startAt: NOW + 86_400_000,
  contactPerson: '王经理',
  mobile: '13800138000',
});

describe('invitation form rules', () => {
  it('asks for the time, contact and mobile, with the type’s own words', () => {
    expect(invitationErrors(emptyInvitation('Written'), NOW)).toEqual({
      startAt: APPLICATIONS_MSG.startAtRequired.Written,
      contactPerson: APPLICATIONS_MSG.contactRequired,
      mobile: APPLICATIONS_MSG.mobileRequired,
    });
    expect(invitationErrors(emptyInvitation('Offer'), NOW).startAt).toBe('请选择入职时间');
    expect(invitationErrors(filled(), NOW)).toEqual({});
  });

  it('checks mobile, lengths and the deadline', () => {
    expect(invitationErrors({ ...filled(), mobile: '12345678901' }, NOW).mobile).toBe(
      APPLICATIONS_MSG.mobileInvalid,
    );
    expect(invitationErrors({ ...filled(), contactPerson: '王'.repeat(21) }, NOW).contactPerson).toBe(
      APPLICATIONS_MSG.contactTooLong,
    );
    expect(
      invitationErrors({ ...filled(), contactPerson: '王'.repeat(20) }, NOW).contactPerson,
    ).toBeUndefined();
    expect(invitationErrors({ ...filled(), place: '地'.repeat(101) }, NOW).place).toBe(
      APPLICATIONS_MSG.placeTooLong,
    );
    expect(invitationErrors({ ...filled(), notice: '注'.repeat(501) }, NOW).notice).toBe(
      APPLICATIONS_MSG.noticeTooLong,
    );
    expect(invitationErrors({ ...filled(), respondBy: NOW - 1 }, NOW).respondBy).toBe(
      APPLICATIONS_MSG.respondByPast,
    );
    expect(invitationErrors({ ...filled(), respondBy: NOW + 1 }, NOW).respondBy).toBeUndefined();
  });

  it('sends offer fields only with offers and limits them', () => {
    const interview = { ...filled(), offerDescription: '不该发送' };
    expect(invitationBody(interview)).not.toHaveProperty('offerDescription');
    const offer = { ...filled(), type: 'Offer' as const, offerDescription: '说'.repeat(1001) };
    expect(invitationErrors(offer, NOW).offerDescription).toBe(APPLICATIONS_MSG.offerDescriptionTooLong);
    const files = Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      name: `${i}.pdf`,
      contentType: 'application/pdf',
      size: 1,
      url: '',
    }));
    expect(invitationErrors({ ...offer, offerDescription: '', materials: files }, NOW).materialFileIds).toBe(
      APPLICATIONS_MSG.tooManyMaterials,
    );
    expect(
      invitationBody({ ...offer, materials: files.slice(0, 2), internOccupationIds: ['7'] }),
    ).toMatchObject({
      materialFileIds: [1, 2],
      internOccupationIds: ['7'],
    });
  });
});
