import { CERTIFICATES_MSG } from '@uplus/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { pngSize } from '../modules/certificates/seal-image';
import { createFileStore } from '../storage';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { asUser, tokenFor } from '../test/factories';
import { seedIfNeeded } from './index';

const C = '/api/ourea/internship_certificates';

describe.each(testDrivers())('demo certificates on %s', (driver) => {
  const t = useTestApp(driver);

  it('student02 holds an Internship certificate from business01’s company with a real seal image', async () => {
    // the app's own store (the test configuration's directory), so the app serves what the seed stored
    const storage = createFileStore(testConfig().storage);
    expect(await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage })).toEqual({
      demoSeeded: true,
    });
    const [student02] = await t.db.select().from(users).where(eq(users.username, 'student02'));
    if (!student02) throw new Error('no student02');
    const { token } = await tokenFor(t.db, student02.id);
    const mine = (await asUser(t.app, token).get(`${C}/mine`)).json().data;
    expect(mine.total).toBe(1);
    const [certificate] = mine.rows;
    expect(certificate).toMatchObject({
      type: 'Internship',
      memberName: '赵雨涵',
      schoolName: '优加示范大学',
      internshipGroupName: '2025秋季测试开发实习计划',
      companyName: '优加信息技术有限公司',
      subject: '软件测试开发',
    });
    expect(certificate.comment.split('\n')).toHaveLength(2);
    const seal = await t.app.inject({ method: 'GET', url: certificate.officialSealPath });
    expect(seal.statusCode).toBe(200);
    expect(pngSize(seal.rawPayload)).toEqual({ width: 320, height: 320 });
    const verify = await t.app.inject({ method: 'GET', url: `${C}/verify/${certificate.verifyCode}` });
    expect(verify.json().data).toMatchObject({ genuine: true, memberName: '赵*涵' });
    expect(CERTIFICATES_MSG.genuine).toBe('证书真实有效');
  });
});
