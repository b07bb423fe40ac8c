import { describe, expect, it } from 'vitest';
import { CERTIFICATES_MSG, certificateDate, issueCertificateBody, maskName } from './certificates';

describe('maskName', () => {
  it.each([
    ['王小明', '王*明'],
    ['李四', '李*'],
    ['欧阳小锋', '欧**锋'],
    ['王', '王'],
    ['', ''],
    [' 赵雨涵 ', '赵*涵'],
  ])('%s -> %s', (name, masked) => expect(maskName(name)).toBe(masked));
});

describe('certificateDate', () => {
  it('is the date in Beijing time', () => {
    expect(certificateDate(Date.UTC(2026, 5, 30, 16, 30))).toBe('2026年7月1日');
    expect(certificateDate(null)).toBe('');
  });
});

describe('issueCertificateBody', () => {
  const base = { memberId: 7, type: 'Internship', subject: 'Java 开发实习', officialSealFileId: '3' };
  const message = (input: object) => {
    const parsed = issueCertificateBody.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('accepts a seal certificate and keeps comment lines', () => {
    const parsed = issueCertificateBody.parse({ ...base, comment: ' 表现优秀\r\n认真负责 ' });
    expect(parsed).toMatchObject({ memberId: '7', officialSealFileId: '3', comment: '表现优秀\n认真负责' });
  });
  it('needs a seal for Graduation and Internship', () => {
    expect(message({ ...base, officialSealFileId: null })).toBe(CERTIFICATES_MSG.sealRequired);
    expect(message({ ...base, type: 'Graduation', officialSealFileId: undefined })).toBe(
      CERTIFICATES_MSG.sealRequired,
    );
  });
  it('needs the image for Customized', () => {
    expect(message({ memberId: 1, type: 'Customized' })).toBe(CERTIFICATES_MSG.customRequired);
    expect(message({ memberId: 1, type: 'Customized', customFileId: 9 })).toBeNull();
  });
  it('limits the comment to 500 and the subject to 50', () => {
    expect(message({ ...base, comment: '好'.repeat(500) })).toBeNull();
    expect(message({ ...base, comment: '好'.repeat(501) })).toBe(CERTIFICATES_MSG.commentTooLong);
    expect(message({ ...base, subject: '好'.repeat(51) })).toBe(CERTIFICATES_MSG.subjectTooLong);
    expect(message({ ...base, subject: '  ' })).toBe(CERTIFICATES_MSG.subjectRequired);
  });
  it('rejects a bad type or member', () => {
    expect(message({ ...base, type: 'Other' })).toBe(CERTIFICATES_MSG.typeRequired);
    expect(message({ ...base, memberId: 'x' })).toBe(CERTIFICATES_MSG.memberRequired);
  });
});
