import { DELIVERY_MSG, JOBS_MSG, type ResumeOnline } from '@uplus/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryFeedbacks,
  deliveryOccupations,
  deliveryRecords,
  files,
  internOccupations,
  internshipGroups,
  memberProfiles,
  recruitmentOccupations,
  resumeAttached,
} from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { fillFullResume } from '../resume/resume-preview.test-data';
import { isUniqueViolation, liveDeliveryOf } from './delivery.service';

const O = '/api/ourea';
type Answer = { statusCode: number; body: string; json: () => { message: string; data: unknown } };

describe.each(testDrivers())('delivery records on %s', (driver) => {
  const t = useTestApp(driver);

  const call = (token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${O}${url}`,
      headers: token ? { 'x-access-token': token } : {},
      ...(payload ? { payload } : {}),
    }) as Promise<Answer>;
  const expectAnswer = (res: Answer, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
  };

  let companyId: number;
  let otherCompanyId: number;
  let business: Awaited<ReturnType<typeof buildSignedInMember>>;

  /** A signed-in student; `full`: a resume above 80 % with a complete profile. */
  const student = async (opts: { full?: boolean } = {}) => {
    const m = await buildSignedInMember(t.db);
    if (opts.full) await fillFullResume(t.db, m.user.id);
    const resume = (await call(m.token, 'GET', '/resume_onlines')).json().data as ResumeOnline;
    return { ...m, resumeId: String(resume.id) };
  };
  /** An attachment of `userId` (a file row is enough for a delivery). */
  const attachment = async (userId: number) => {
    const [file] = await t.db
      .insert(files)
      .values({
        storageKey: `test/${unique('resume-')}.pdf`,
        ownerId: userId,
        purpose: 'attachedResume',
        name: '简历.pdf',
        contentType: 'application/pdf',
        size: 100,
      })
      .returning();
    const [row] = await t.db
      .insert(resumeAttached)
      .values({ userId, fileId: file?.id as number, name: '简历', extension: 'pdf' })
      .returning();
    return { id: String(row?.id), fileId: file?.id as number };
  };
  const position = async (opts: { onlined?: 'Yes' | 'No'; company?: number } = {}) => {
    const [row] = await t.db
      .insert(recruitmentOccupations)
      .values({
        companyId: opts.company ?? companyId,
        createdBy: business.user.id,
        name: unique('前端开发工程师'),
        onlined: opts.onlined ?? 'Yes',
        approvalAt: new Date(),
      })
      .returning();
    return String(row?.id);
  };
  const programme = async (recruitState: 'Draft' | 'Online' | 'Offline' = 'Online') => {
    const [group] = await t.db
      .insert(internshipGroups)
      .values({
        companyId,
        organiserId: business.user.id,
        name: unique('名校实习计划'),
        startAt: new Date(Date.UTC(2026, 6, 1)),
        endAt: new Date(Date.UTC(2026, 8, 30)),
        recruitState,
      })
      .returning();
    const positions = await t.db
      .insert(internOccupations)
      .values([
        { groupId: group?.id as number, name: '算法实习生' },
        { groupId: group?.id as number, name: '产品实习生' },
      ])
      .returning();
    return { id: String(group?.id), positions: positions.map((p) => String(p.id)) };
  };
  const deliver = (token: string, body: object) => call(token, 'POST', '/delivery_records', body);
  const recruitment = (occupationId: string, resumeId: string, resumeType = 'Online') => ({
    campusRecruitMode: 'Recruitment',
    occupationId,
    resumeId,
    resumeType,
  });
  const feedback = (deliveryId: number) =>
    t.db.insert(deliveryFeedbacks).values({ deliveryId, type: 'Interview', createdBy: business.user.id });

  beforeAll(async () => {
    business = await buildSignedInMember(t.db, { identityType: 'Business' });
    companyId = (await createCompany({ db: t.db, userId: business.user.id, name: '星辰科技有限公司' })).id;
    const otherBusiness = await buildSignedInMember(t.db, { identityType: 'Business' });
    otherCompanyId = (await createCompany({ db: t.db, userId: otherBusiness.user.id, name: '远山科技' })).id;
  });

  it('answers 401 without a token', async () => {
    expect((await deliver('', {})).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/delivery_records/1')).statusCode).toBe(401);
  });

  it('delivers the online resume to an online position, once; the company comes from the position', async () => {
    const me = await student({ full: true });
    const occupationId = await position({ company: otherCompanyId });
    const res = await deliver(me.token, recruitment(occupationId, me.resumeId));
    expectAnswer(res, 200, JOBS_MSG.delivered);
    const id = Number((res.json().data as { id: string }).id);
    const [row] = await t.db.select().from(deliveryRecords).where(eq(deliveryRecords.id, id));
    expect(row).toMatchObject({
      userId: me.user.id,
      companyId: otherCompanyId,
      campusRecruitMode: 'Recruitment',
      occupationId: Number(occupationId),
      internGroupId: null,
      resumeType: 'Online',
      resumeId: Number(me.resumeId),
      resumeFileId: null,
      canceledAt: null,
    });
    expect(
      await liveDeliveryOf({ db: t.db, userId: me.user.id, target: { occupationId: Number(occupationId) } }),
    ).toEqual({ id, feedBack: false });
    expectAnswer(
      await deliver(me.token, recruitment(occupationId, me.resumeId)),
      400,
      JOBS_MSG.alreadyDelivered,
    );
  });

  it('refuses a second delivery sent at the same moment (the unique index) with the same message', async () => {
    const me = await student({ full: true });
    const occupationId = await position();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => deliver(me.token, recruitment(occupationId, me.resumeId))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400))
      expect(a.json().message).toBe(JOBS_MSG.alreadyDelivered);
    const live = await t.db
      .select()
      .from(deliveryRecords)
      .where(and(eq(deliveryRecords.userId, me.user.id), isNull(deliveryRecords.canceledAt)));
    expect(live).toHaveLength(1);
  });

  it('recognises the unique index violation a racing insert meets (mapped to 您已投递过该职位)', async () => {
    const me = await student({ full: true });
    const occupationId = await position();
    expectAnswer(await deliver(me.token, recruitment(occupationId, me.resumeId)), 200, JOBS_MSG.delivered);
    // what the later of two concurrent inserts meets, as this driver wraps it
    const error = await t.db
      .insert(deliveryRecords)
      .values({
        userId: me.user.id,
        companyId,
        campusRecruitMode: 'Recruitment',
        occupationId: Number(occupationId),
        resumeType: 'Online',
        resumeId: Number(me.resumeId),
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('refuses unknown, offline and missing positions', async () => {
    const me = await student({ full: true });
    expectAnswer(
      await deliver(me.token, recruitment('999999999', me.resumeId)),
      404,
      JOBS_MSG.occupationNotFound,
    );
    expectAnswer(
      await deliver(me.token, recruitment(await position({ onlined: 'No' }), me.resumeId)),
      400,
      JOBS_MSG.jobOffline,
    );
    expectAnswer(
      await deliver(me.token, {
        campusRecruitMode: 'Recruitment',
        resumeId: me.resumeId,
        resumeType: 'Online',
      }),
      400,
      DELIVERY_MSG.targetRequired,
    );
    expectAnswer(await deliver(me.token, recruitment('abc', me.resumeId)), 400, JOBS_MSG.occupationNotFound);
  });

  it('lets only students deliver: business users and teachers 403', async () => {
    const occupationId = await position();
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    expectAnswer(
      await deliver(business.token, recruitment(occupationId, '1')),
      403,
      DELIVERY_MSG.studentsOnly,
    );
    expectAnswer(
      await deliver(teacher.token, recruitment(occupationId, '1')),
      403,
      DELIVERY_MSG.studentsOnly,
    );
  });

  it('needs online completeness of 80 % for the online resume', async () => {
    const me = await student();
    const occupationId = await position();
    expectAnswer(
      await deliver(me.token, recruitment(occupationId, me.resumeId)),
      400,
      JOBS_MSG.lowCompleteness,
    );
    await fillFullResume(t.db, me.user.id);
    expectAnswer(await deliver(me.token, recruitment(occupationId, me.resumeId)), 200, JOBS_MSG.delivered);
  });

  it('delivers an attachment only with a complete profile (perfected), keeping its file', async () => {
    const me = await student();
    const file = await attachment(me.user.id);
    const occupationId = await position();
    // completeness 0 does not matter for an attachment; the profile does
    expectAnswer(
      await deliver(me.token, recruitment(occupationId, file.id, 'Attached')),
      400,
      DELIVERY_MSG.profileIncomplete,
    );
    await fillFullResume(t.db, me.user.id);
    const res = await deliver(me.token, recruitment(occupationId, file.id, 'Attached'));
    expectAnswer(res, 200, JOBS_MSG.delivered);
    const [row] = await t.db
      .select()
      .from(deliveryRecords)
      .where(eq(deliveryRecords.id, Number((res.json().data as { id: string }).id)));
    expect(row).toMatchObject({
      resumeType: 'Attached',
      resumeId: Number(file.id),
      resumeFileId: file.fileId,
    });
  });

  it('refuses another user’s resume ids (online and attached) with 404 简历不存在', async () => {
    const me = await student({ full: true });
    const other = await student({ full: true });
    const theirs = await attachment(other.user.id);
    const occupationId = await position();
    expectAnswer(
      await deliver(me.token, recruitment(occupationId, other.resumeId)),
      404,
      JOBS_MSG.resumeNotFound,
    );
    expectAnswer(
      await deliver(me.token, recruitment(occupationId, theirs.id, 'Attached')),
      404,
      JOBS_MSG.resumeNotFound,
    );
    expect(
      await liveDeliveryOf({ db: t.db, userId: me.user.id, target: { occupationId: Number(occupationId) } }),
    ).toBeNull();
  });

  it('refuses a hidden resume (the privacy switch)', async () => {
    const me = await student({ full: true });
    await t.db.update(memberProfiles).set({ visible: false }).where(eq(memberProfiles.userId, me.user.id));
    const occupationId = await position();
    expectAnswer(await deliver(me.token, recruitment(occupationId, me.resumeId)), 400, JOBS_MSG.resumeHidden);
    const file = await attachment(me.user.id);
    expectAnswer(
      await deliver(me.token, recruitment(occupationId, file.id, 'Attached')),
      400,
      JOBS_MSG.resumeHidden,
    );
  });

  it('applies to an Online programme with some of its positions', async () => {
    const me = await student({ full: true });
    const p = await programme();
    const body = {
      campusRecruitMode: 'InternProgram',
      internProgramId: p.id,
      internOccupationIds: p.positions,
      resumeId: me.resumeId,
      resumeType: 'Online',
    };
    const res = await deliver(me.token, body);
    expectAnswer(res, 200, JOBS_MSG.delivered);
    const id = Number((res.json().data as { id: string }).id);
    const [row] = await t.db.select().from(deliveryRecords).where(eq(deliveryRecords.id, id));
    expect(row).toMatchObject({ campusRecruitMode: 'InternProgram', internGroupId: Number(p.id), companyId });
    const chosen = await t.db
      .select()
      .from(deliveryOccupations)
      .where(eq(deliveryOccupations.deliveryId, id));
    expect(chosen.map((c) => String(c.internOccupationId)).sort()).toEqual([...p.positions].sort());
    expectAnswer(await deliver(me.token, body), 400, JOBS_MSG.alreadyDelivered);
    // cancelled: may apply again
    expectAnswer(
      await call(me.token, 'DELETE', `/delivery_records/${id}?mode=InternProgram`),
      200,
      JOBS_MSG.applicationCanceled,
    );
    expectAnswer(
      await deliver(me.token, { ...body, internOccupationIds: [p.positions[0]] }),
      200,
      JOBS_MSG.delivered,
    );
  });

  it('refuses programmes not Online, no positions, and positions of another programme', async () => {
    const me = await student({ full: true });
    const base = { campusRecruitMode: 'InternProgram', resumeId: me.resumeId, resumeType: 'Online' };
    const draft = await programme('Draft');
    const offline = await programme('Offline');
    const online = await programme();
    const other = await programme();
    expectAnswer(
      await deliver(me.token, { ...base, internProgramId: draft.id, internOccupationIds: draft.positions }),
      404,
      JOBS_MSG.programNotFound,
    );
    expectAnswer(
      await deliver(me.token, { ...base, internProgramId: '999999999', internOccupationIds: ['1'] }),
      404,
      JOBS_MSG.programNotFound,
    );
    expectAnswer(
      await deliver(me.token, {
        ...base,
        internProgramId: offline.id,
        internOccupationIds: offline.positions,
      }),
      400,
      DELIVERY_MSG.programOffline,
    );
    expectAnswer(
      await deliver(me.token, { ...base, internProgramId: online.id, internOccupationIds: [] }),
      400,
      DELIVERY_MSG.internOccupationsRequired,
    );
    expectAnswer(
      await deliver(me.token, { ...base, internProgramId: online.id, internOccupationIds: other.positions }),
      400,
      JOBS_MSG.occupationNotFound,
    );
    expectAnswer(await deliver(me.token, base), 400, DELIVERY_MSG.targetRequired);
  });

  it('cancels the asker’s own live delivery until the company answers', async () => {
    const me = await student({ full: true });
    const other = await student({ full: true });
    const occupationId = await position();
    const id = (
      (await deliver(me.token, recruitment(occupationId, me.resumeId))).json().data as { id: string }
    ).id;
    // another user's id, a wrong mode, an unknown id: 404
    expectAnswer(
      await call(other.token, 'DELETE', `/delivery_records/${id}`),
      404,
      JOBS_MSG.deliveryNotFound,
    );
    expectAnswer(
      await call(business.token, 'DELETE', `/delivery_records/${id}`),
      404,
      JOBS_MSG.deliveryNotFound,
    );
    expectAnswer(
      await call(me.token, 'DELETE', `/delivery_records/${id}?mode=InternProgram`),
      404,
      JOBS_MSG.deliveryNotFound,
    );
    expectAnswer(
      await call(me.token, 'DELETE', '/delivery_records/999999999'),
      404,
      JOBS_MSG.deliveryNotFound,
    );
    expectAnswer(await call(me.token, 'DELETE', '/delivery_records/abc'), 400, JOBS_MSG.deliveryNotFound);

    expectAnswer(await call(me.token, 'DELETE', `/delivery_records/${id}`), 200, JOBS_MSG.deliveryCanceled);
    const [row] = await t.db
      .select()
      .from(deliveryRecords)
      .where(eq(deliveryRecords.id, Number(id)));
    expect(row?.canceledAt).toBeInstanceOf(Date);
    // already cancelled: 404; the job detail shows 投递简历 again
    expectAnswer(await call(me.token, 'DELETE', `/delivery_records/${id}`), 404, JOBS_MSG.deliveryNotFound);
    expect(
      await liveDeliveryOf({ db: t.db, userId: me.user.id, target: { occupationId: Number(occupationId) } }),
    ).toBeNull();

    // delivered again, then answered: no more cancelling
    const again = Number(
      ((await deliver(me.token, recruitment(occupationId, me.resumeId))).json().data as { id: string }).id,
    );
    await feedback(again);
    expect(
      await liveDeliveryOf({ db: t.db, userId: me.user.id, target: { occupationId: Number(occupationId) } }),
    ).toEqual({ id: again, feedBack: true });
    expectAnswer(
      await call(me.token, 'DELETE', `/delivery_records/${again}`),
      400,
      JOBS_MSG.cannotCancelDelivery,
    );
  });

  it('the job detail shows the live delivery (record) and whether the company answered (feedBack)', async () => {
    const me = await student({ full: true });
    const occupationId = await position();
    const detail = async () =>
      (await call(me.token, 'GET', `/recruitment_occupations/${occupationId}`)).json().data as {
        record: { id: string } | null;
        feedBack: string;
      };
    expect(await detail()).toMatchObject({ record: null, feedBack: 'No' });
    const id = (
      (await deliver(me.token, recruitment(occupationId, me.resumeId))).json().data as { id: string }
    ).id;
    expect(await detail()).toMatchObject({ record: { id }, feedBack: 'No' });
    await feedback(Number(id));
    expect(await detail()).toMatchObject({ record: { id }, feedBack: 'Yes' });
  });

  it('refuses cancelling an answered programme application', async () => {
    const me = await student({ full: true });
    const p = await programme();
    const res = await deliver(me.token, {
      campusRecruitMode: 'InternProgram',
      internProgramId: p.id,
      internOccupationIds: [p.positions[1]],
      resumeId: me.resumeId,
      resumeType: 'Online',
    });
    const id = Number((res.json().data as { id: string }).id);
    await feedback(id);
    expectAnswer(
      await call(me.token, 'DELETE', `/delivery_records/${id}?mode=InternProgram`),
      400,
      JOBS_MSG.cannotCancelDelivery,
    );
  });
});
