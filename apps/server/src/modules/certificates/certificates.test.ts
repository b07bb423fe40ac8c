import { CERTIFICATES_MSG, FILES_MSG, type IssuedCertificate, type UploadedFile } from '@uplus/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  companyMembers,
  internshipCertificates,
  internshipGroups,
  internshipMembers,
  memberProfiles,
  schoolCatalog,
} from '../../db/schema';
import type { App } from '../../http/context';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildUser, tokenFor, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { drawSealPng, pngSize } from './seal-image';

const C = '/api/ourea/internship_certificates';
const DAY = 86_400_000;
const START = new Date(Date.UTC(2026, 2, 1));
const END = new Date(Date.UTC(2026, 5, 30));

type Ctx = { db: Db; app: App };
type Client = ReturnType<typeof asUser>;

const BOUNDARY = '----uplus-certificates-test';
/** Uploads `bytes` for `purpose` as the client's user. */
const upload = async (t: Ctx, token: string, purpose: string, bytes: Buffer = drawSealPng(64)) => {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="seal.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/files/upload?purpose=${purpose}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-access-token': token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UploadedFile;
};

/** A signed-in user (no organisation needed: the company decides). */
const signedIn = async (t: Ctx, name: string) => {
  const user = await buildUser(t.db, { name });
  const { token } = await tokenFor(t.db, user.id);
  return { user, token, api: asUser(t.app, token) };
};

/** A business user acting for a new company. */
const businessWithCompany = async (t: Ctx, companyName = unique('测试科技有限公司')) => {
  const me = await signedIn(t, '张经理');
  const company = await createCompany({ db: t.db, userId: me.user.id, name: companyName });
  return { ...me, company };
};

const group = async (
  t: Ctx,
  companyId: number,
  organiserId: number,
  finished: boolean,
  name = '2026 春季实习',
) => {
  const [row] = await t.db
    .insert(internshipGroups)
    .values({
      companyId,
      organiserId,
      name,
      startAt: START,
      endAt: END,
      finishedAt: finished ? new Date(END.getTime() + DAY) : null,
    })
    .returning();
  if (!row) throw new Error('no group');
  return row;
};

const memberOf = async (t: Ctx, groupId: number, userId: number, eliminated = false) => {
  const [row] = await t.db
    .insert(internshipMembers)
    .values({ groupId, userId, occupationName: 'Java 开发', eliminated })
    .returning();
  if (!row) throw new Error('no member');
  return row;
};

/** A student with a profile (name and school). */
const student = async (t: Ctx, name = '王小明') => {
  const me = await signedIn(t, '账号名');
  const schoolCode = unique('S');
  await t.db.insert(schoolCatalog).values({ code: schoolCode, name: '优加示范大学' });
  await t.db.insert(memberProfiles).values({ userId: me.user.id, name, schoolCode });
  return { ...me, schoolCode };
};

/** A company with a finished group, a student member in it and a seal its business user uploaded. */
const scene = async (t: Ctx) => {
  const biz = await businessWithCompany(t);
  const stu = await student(t);
  const finished = await group(t, biz.company.id, biz.user.id, true);
  const member = await memberOf(t, finished.id, stu.user.id);
  const seal = await upload(t, biz.token, 'seal', drawSealPng(96));
  return { biz, stu, finished, member, seal };
};

const issueBody = (memberId: number, sealId: number, over: object = {}) => ({
  memberId: String(memberId),
  type: 'Internship',
  subject: 'Java 开发',
  comment: '工作认真负责，\n团队协作良好。',
  officialSealFileId: String(sealId),
  ...over,
});

const expectError = (
  res: { statusCode: number; json: () => { message: string } },
  status: number,
  message: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
};

const issueOk = async (api: Client, body: object) => {
  const res = await api.post(C, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as IssuedCertificate;
};

describe.each(testDrivers())('certificates (%s)', (driver) => {
  const t = useTestApp(driver);
  afterEach(() => t.clock.reset());

  it('issues an Internship certificate that the student lists with the seal as a signed address', async () => {
    const { biz, stu, member, seal } = await scene(t);
    const issued = await issueOk(biz.api, issueBody(member.id, seal.id));
    expect(issued).toMatchObject({ type: 'Internship', memberName: '王小明', revokedAt: null });
    expect(issued.verifyCode).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const mine = await stu.api.get(`${C}/mine?pageNumber=1&pageSize=10`);
    expect(mine.statusCode, mine.body).toBe(200);
    const { rows, total } = mine.json().data;
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      id: issued.id,
      type: 'Internship',
      memberName: '王小明',
      subject: 'Java 开发',
      companyName: biz.company.name,
      schoolName: '优加示范大学',
      internshipGroupName: '2026 春季实习',
      internshipStartTimestamp: START.getTime(),
      internshipEndTimestamp: END.getTime(),
      comment: '工作认真负责，\n团队协作良好。',
      customCertificateUrl: '',
      verifyCode: issued.verifyCode,
    });
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'id',
        'type',
        'memberName',
        'subject',
        'companyName',
        'officialSealPath',
        'createAt',
        'schoolName',
        'internshipStartTimestamp',
        'internshipEndTimestamp',
        'comment',
        'customCertificateUrl',
        'internshipGroupName',
        'verifyCode',
      ].sort(),
    );
    const image = await t.app.inject({ method: 'GET', url: rows[0].officialSealPath });
    expect(image.statusCode).toBe(200);
    expect(pngSize(image.rawPayload)).toEqual({ width: 96, height: 96 });
  });

  it('copies what it says at issue: later profile and group changes do not change it', async () => {
    const { biz, stu, finished, member, seal } = await scene(t);
    await issueOk(biz.api, issueBody(member.id, seal.id));
    await t.db.update(memberProfiles).set({ name: '王大明' }).where(eq(memberProfiles.userId, stu.user.id));
    await t.db.update(schoolCatalog).set({ name: '改名大学' }).where(eq(schoolCatalog.code, stu.schoolCode));
    await t.db.update(internshipGroups).set({ name: '改名计划' }).where(eq(internshipGroups.id, finished.id));
    const [row] = (await stu.api.get(`${C}/mine`)).json().data.rows;
    expect(row).toMatchObject({
      memberName: '王小明',
      schoolName: '优加示范大学',
      internshipGroupName: '2026 春季实习',
    });
  });

  it('Graduation and Internship need a finished group and a member who was not eliminated', async () => {
    const { biz, stu, seal } = await scene(t);
    const underway = await group(t, biz.company.id, biz.user.id, false, '进行中的计划');
    const current = await memberOf(t, underway.id, stu.user.id);
    for (const type of ['Graduation', 'Internship']) {
      expectError(
        await biz.api.post(C, issueBody(current.id, seal.id, { type })),
        400,
        CERTIFICATES_MSG.groupNotFinished,
      );
    }
    const other = await student(t, '李四');
    const done = await group(t, biz.company.id, biz.user.id, true);
    const out = await memberOf(t, done.id, other.user.id, true);
    expectError(
      await biz.api.post(C, issueBody(out.id, seal.id, { type: 'Graduation' })),
      400,
      CERTIFICATES_MSG.memberEliminated,
    );
    // a Customized certificate is the company's own document: allowed in a group still under way
    const image = await upload(t, biz.token, 'certificate');
    const custom = await issueOk(biz.api, {
      memberId: current.id,
      type: 'Customized',
      customFileId: image.id,
    });
    expect(custom.type).toBe('Customized');
    const rows = (await stu.api.get(`${C}/mine`)).json().data.rows;
    expect(rows[0]).toMatchObject({ type: 'Customized', officialSealPath: '' });
    expect(rows[0].customCertificateUrl).toMatch(/^\/api\/files\/\d+\/content\?/);
  });

  it('checks the form: seal, custom image, subject, comment length, type, member', async () => {
    const { biz, member, seal } = await scene(t);
    expectError(
      await biz.api.post(C, issueBody(member.id, seal.id, { officialSealFileId: null })),
      400,
      CERTIFICATES_MSG.sealRequired,
    );
    expectError(
      await biz.api.post(C, { memberId: member.id, type: 'Customized' }),
      400,
      CERTIFICATES_MSG.customRequired,
    );
    expectError(
      await biz.api.post(C, issueBody(member.id, seal.id, { subject: ' ' })),
      400,
      CERTIFICATES_MSG.subjectRequired,
    );
    expectError(
      await biz.api.post(C, issueBody(member.id, seal.id, { subject: '长'.repeat(51) })),
      400,
      CERTIFICATES_MSG.subjectTooLong,
    );
    expectError(
      await biz.api.post(C, issueBody(member.id, seal.id, { comment: '好'.repeat(501) })),
      400,
      CERTIFICATES_MSG.commentTooLong,
    );
    await issueOk(biz.api, issueBody(member.id, seal.id, { comment: '好'.repeat(500) }));
    expectError(
      await biz.api.post(C, issueBody(member.id, seal.id, { type: 'Honor' })),
      400,
      CERTIFICATES_MSG.typeRequired,
    );
    expectError(await biz.api.post(C, issueBody(0, seal.id)), 400, CERTIFICATES_MSG.memberRequired);
    expectError(await biz.api.post(C, issueBody(99_999_999, seal.id)), 404, CERTIFICATES_MSG.memberNotFound);
  });

  it('refuses anyone not acting for a company, another company’s members, and files not theirs', async () => {
    const { biz, stu, member, seal } = await scene(t);
    // a student (or a business user without a company) may not issue, list, revoke or read a seal
    for (const who of [stu, await signedIn(t, '无企业')]) {
      expectError(await who.api.post(C, issueBody(member.id, seal.id)), 403, CERTIFICATES_MSG.noCompany);
      expectError(await who.api.get(`${C}/issued`), 403, CERTIFICATES_MSG.noCompany);
      expectError(await who.api.get(`${C}/last_seal`), 403, CERTIFICATES_MSG.noCompany);
      expectError(await who.api.post(`${C}/1/revoke`), 403, CERTIFICATES_MSG.noCompany);
    }
    // another company: the member is not theirs (404), even with their own seal
    const rival = await businessWithCompany(t);
    const rivalSeal = await upload(t, rival.token, 'seal');
    expectError(
      await rival.api.post(C, issueBody(member.id, rivalSeal.id)),
      404,
      CERTIFICATES_MSG.memberNotFound,
    );
    // our company with the rival's seal, a seal uploaded as another purpose, or no such file: 400
    expectError(await biz.api.post(C, issueBody(member.id, rivalSeal.id)), 400, FILES_MSG.notUsable);
    const poster = await upload(t, biz.token, 'poster');
    expectError(await biz.api.post(C, issueBody(member.id, poster.id)), 400, FILES_MSG.notUsable);
    expectError(await biz.api.post(C, issueBody(member.id, 99_999_999)), 400, FILES_MSG.notUsable);
    const rivalImage = await upload(t, rival.token, 'certificate');
    expectError(
      await biz.api.post(C, { memberId: member.id, type: 'Customized', customFileId: rivalImage.id }),
      400,
      FILES_MSG.notUsable,
    );
    // the rival neither lists nor revokes our certificate, nor sees our seal
    const issued = await issueOk(biz.api, issueBody(member.id, seal.id));
    expect((await rival.api.get(`${C}/issued`)).json().data).toEqual({ rows: [], total: 0 });
    expectError(await rival.api.post(`${C}/${issued.id}/revoke`), 404, CERTIFICATES_MSG.certificateNotFound);
    expect((await rival.api.get(`${C}/last_seal`)).json().data).toBeNull();
    // another student does not see it among theirs
    const other = await student(t, '赵六');
    expect((await other.api.get(`${C}/mine`)).json().data).toEqual({ rows: [], total: 0 });
    // signed out: 401 on everything but verification
    expect((await t.app.inject({ method: 'GET', url: `${C}/mine` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: C, payload: {} })).statusCode).toBe(401);
  });

  it('revokes: gone from mine, revoked at the address, once only; the list marks it', async () => {
    const { biz, stu, member, seal } = await scene(t);
    const issued = await issueOk(biz.api, issueBody(member.id, seal.id));
    const before = await t.app.inject({ method: 'GET', url: `${C}/verify/${issued.verifyCode}` });
    expect(before.json().data).toMatchObject({ genuine: true, revokedAt: null });

    t.clock.advance(3_600_000); // within the tokens' 24 h
    const revoked = await biz.api.post(`${C}/${issued.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revokedAt).toBeGreaterThan(issued.createAt);
    expect((await stu.api.get(`${C}/mine`)).json().data).toEqual({ rows: [], total: 0 });
    const after = await t.app.inject({ method: 'GET', url: `${C}/verify/${issued.verifyCode}` });
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ genuine: false, revokedAt: revoked.json().data.revokedAt });
    expectError(await biz.api.post(`${C}/${issued.id}/revoke`), 400, CERTIFICATES_MSG.alreadyRevoked);
    expectError(await biz.api.post(`${C}/99999999/revoke`), 404, CERTIFICATES_MSG.certificateNotFound);
    expectError(await biz.api.post(`${C}/abc/revoke`), 400, CERTIFICATES_MSG.idInvalid);
    const list = (await biz.api.get(`${C}/issued`)).json().data;
    expect(list.rows[0]).toMatchObject({
      id: issued.id,
      revokedAt: revoked.json().data.revokedAt,
      issuerName: '张经理',
    });
  });

  it('verifies without sign-in: genuine with a masked name; an unknown code says only 证书不存在或已失效', async () => {
    const { biz, member, seal } = await scene(t);
    const issued = await issueOk(
      biz.api,
      issueBody(member.id, seal.id, { type: 'Graduation', subject: '软件开发' }),
    );
    const res = await t.app.inject({ method: 'GET', url: `${C}/verify/${issued.verifyCode}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      genuine: true,
      revokedAt: null,
      type: 'Graduation',
      memberName: '王*明',
      companyName: biz.company.name,
      subject: '软件开发',
      issuedAt: issued.createAt,
      period: { start: START.getTime(), end: END.getTime() },
    });
    for (const code of ['nope', issued.verifyCode.slice(1), `${issued.verifyCode}x`, '%E4%B8%AD']) {
      expectError(
        await t.app.inject({ method: 'GET', url: `${C}/verify/${code}` }),
        404,
        CERTIFICATES_MSG.notFound,
      );
    }
  });

  it('lists the company’s certificates by group, paginated; the last seal is offered to colleagues', async () => {
    const { biz, stu, finished, member, seal } = await scene(t);
    const second = await group(t, biz.company.id, biz.user.id, true, '第二期');
    const other = await memberOf(t, second.id, stu.user.id);
    await issueOk(biz.api, issueBody(member.id, seal.id));
    await issueOk(biz.api, issueBody(member.id, seal.id, { type: 'Graduation' }));
    await issueOk(biz.api, issueBody(other.id, seal.id));
    const all = (await biz.api.get(`${C}/issued?pageNumber=1&pageSize=2`)).json().data;
    expect(all.total).toBe(3);
    expect(all.rows).toHaveLength(2);
    const byGroup = (await biz.api.get(`${C}/issued?groupId=${finished.id}`)).json().data;
    expect(byGroup.total).toBe(2);
    expect(byGroup.rows.every((r: IssuedCertificate) => r.groupId === String(finished.id))).toBe(true);
    expect((await stu.api.get(`${C}/mine?pageSize=1`)).json().data.total).toBe(3);
    expectError(await biz.api.get(`${C}/issued?groupId=x`), 400, CERTIFICATES_MSG.groupRequired);
    expect((await biz.api.get(`${C}/issued?pageSize=101`)).statusCode).toBe(400);

    // a colleague of the same company is offered the seal and may use it though they did not upload it
    const colleague = await signedIn(t, '同事');
    await t.db.insert(companyMembers).values({ companyId: biz.company.id, userId: colleague.user.id });
    const last = (await colleague.api.get(`${C}/last_seal`)).json().data as UploadedFile;
    expect(last).toMatchObject({ id: seal.id, contentType: 'image/png' });
    await issueOk(colleague.api, issueBody(member.id, last.id));
    const rows = await t.db
      .select()
      .from(internshipCertificates)
      .where(eq(internshipCertificates.companyId, biz.company.id));
    expect(new Set(rows.map((r) => r.verifyCode)).size).toBe(rows.length);
  });
});
