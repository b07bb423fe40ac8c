import {
  type AcceptanceResult,
  type DeliveryTimeline,
  type FeedbackPage,
  type FeedbackRecord,
  INTERNSHIPS_MSG,
  JOBS_MSG,
  type JoinedCount,
  type MaterialDownload,
  type MaterialView,
  type MemberDetail,
} from '@uplus/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  deliveryFeedbacks,
  deliveryOccupations,
  deliveryRecords,
  feedbackInternOccupations,
  feedbackMaterials,
  files,
  internOccupations,
  internshipGroups,
  internshipMembers,
  recruitmentOccupations,
} from '../../db/schema';
import type { App } from '../../http/context';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';

const O = '/api/ourea';
const DAY = 86_400_000;
const HOUR = 3_600_000;

type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const expectError = (res: Res, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
};

const client = (app: App, token: string) => {
  const send = (method: 'GET' | 'PUT' | 'DELETE') => (url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { get: send('GET'), put: send('PUT'), delete: send('DELETE') };
};

describe.each(testDrivers())('feedback center on %s', (driver) => {
  const t = useTestApp(driver);
  let db: Db;
  let company: { id: number };
  let hr: Awaited<ReturnType<typeof buildSignedInMember>>;
  let occupationId: number;
  let occupation2Id: number;

  const seeker = async () => {
    const me = await buildSignedInMember(db);
    return { ...me, api: client(t.app, me.token) };
  };

  const deliver = async (
    userId: number,
    target: { occupationId: number } | { internGroupId: number },
    extra: Partial<typeof deliveryRecords.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(deliveryRecords)
      .values({
        userId,
        companyId: company.id,
        campusRecruitMode: 'occupationId' in target ? 'Recruitment' : 'InternProgram',
        ...target,
        resumeType: 'Online',
        resumeId: 1,
        ...extra,
      })
      .returning();
    return row as typeof deliveryRecords.$inferSelect;
  };

  const invite = async (
    deliveryId: number,
    type: 'Written' | 'Interview' | 'Offer' | 'Inappropriate',
    extra: Partial<typeof deliveryFeedbacks.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(deliveryFeedbacks)
      .values({
        deliveryId,
        type,
        createdBy: hr.user.id,
        contactPerson: '王经理',
        mobile: '13800000000',
        place: '杭州市西湖区',
        notice: '请带身份证',
        startAt: new Date(Date.now() + 3 * DAY),
        respondBy: new Date(Date.now() + 2 * DAY),
        ...extra,
      })
      .returning();
    return row as typeof deliveryFeedbacks.$inferSelect;
  };

  const programme = async (name = unique('暑期实习')) => {
    const [group] = await db
      .insert(internshipGroups)
      .values({
        companyId: company.id,
        organiserId: hr.user.id,
        name,
        startAt: new Date(Date.now() - DAY),
        endAt: new Date(Date.now() + 60 * DAY),
        recruitState: 'Online',
      })
      .returning();
    const [position] = await db
      .insert(internOccupations)
      .values({ groupId: (group as { id: number }).id, name: '前端实习生', cityName: '杭州' })
      .returning();
    return { group: group as typeof internshipGroups.$inferSelect, position: position as { id: number } };
  };

  beforeAll(async () => {
    db = t.db;
    hr = await buildSignedInMember(db, { identityType: 'Business' });
    company = await createCompany({ db, userId: hr.user.id, name: unique('企业') });
    const [o1, o2] = await db
      .insert(recruitmentOccupations)
      .values([
        {
          companyId: company.id,
          createdBy: hr.user.id,
          name: '前端工程师',
          cityName: '杭州',
          minSalary: 10,
          maxSalary: 20,
          degree: 'Bachelor',
          onlined: 'Yes',
        },
        { companyId: company.id, createdBy: hr.user.id, name: '后端工程师', onlined: 'No' },
      ])
      .returning();
    occupationId = (o1 as { id: number }).id;
    occupation2Id = (o2 as { id: number }).id;
  });

  it('lists only the asker’s own live deliveries, per tab, with every field and derived Timeout', async () => {
    const me = await seeker();
    const other = await seeker();
    const d1 = await deliver(me.user.id, { occupationId });
    const d2 = await deliver(me.user.id, { occupationId: occupation2Id }, { viewedAt: new Date() });
    await deliver(me.user.id, { occupationId: occupation2Id }, { canceledAt: new Date() });
    await deliver(other.user.id, { occupationId });
    const written = await invite(d1.id, 'Written');
    await invite(d2.id, 'Interview', { respondBy: new Date(Date.now() - HOUR) });
    await invite(d2.id, 'Inappropriate');

    const all = data<FeedbackPage>(await me.api.get(`${O}/delivery_records?campusRecruitMode=Recruitment`));
    expect(all.total).toBe(2);
    expect(all.rows.map((r) => r.id)).toEqual([String(d2.id), String(d1.id)]);
    const row1 = all.rows[1] as FeedbackRecord;
    expect(row1.content).toMatchObject({
      name: '前端工程师',
      cityName: '杭州',
      minSalary: 10,
      maxSalary: 20,
    });
    expect(row1.content.degreeTitle).toBe('本科');
    expect(row1.company?.id).toBe(String(company.id));
    expect(row1.content.companyNickName).toBe(row1.company?.nickName);
    expect(row1.feedbacks).toEqual([{ type: 'Written', status: 'ToBeProcessed' }]);
    expect(row1.unReadStatus).toBe('Yes');

    const writtenTab = data<FeedbackPage>(
      await me.api.get(
        `${O}/delivery_records?campusRecruitMode=Recruitment&writtenStatus=Yes&type=Written&pageSize=15&pageNumber=1&details=company,occupation,mini,student,feedback`,
      ),
    );
    expect(writtenTab.rows.map((r) => r.id)).toEqual([String(d1.id)]);
    const first = writtenTab.rows[0]?.feedbackRecords[0];
    expect(first).toMatchObject({
      id: String(written.id),
      type: 'Written',
      status: 'ToBeProcessed',
      invitationContent: {
        cotactPerson: '王经理',
        mobile: '13800000000',
        place: '杭州市西湖区',
        notice: '请带身份证',
      },
      startTimestamp: written.startAt?.getTime(),
    });

    const interview = data<FeedbackPage>(
      await me.api.get(
        `${O}/delivery_records?campusRecruitMode=Recruitment&interviewStatus=Yes&type=Interview`,
      ),
    );
    expect(interview.rows[0]?.feedbackRecords[0]?.status).toBe('Timeout');
    const viewed = data<FeedbackPage>(
      await me.api.get(
        `${O}/delivery_records?campusRecruitMode=Recruitment&viewed=Yes&sort=viewedAt&order=DESC`,
      ),
    );
    expect(viewed.rows.map((r) => r.id)).toEqual([String(d2.id)]);
    const inappropriate = data<FeedbackPage>(
      await me.api.get(
        `${O}/delivery_records?campusRecruitMode=Recruitment&inappropriateStatus=Yes&type=Inappropriate`,
      ),
    );
    expect(inappropriate.rows.map((r) => r.id)).toEqual([String(d2.id)]);
    expect(inappropriate.rows[0]?.inappropriateAt).not.toBeNull();
    const none = data<FeedbackPage>(
      await me.api.get(`${O}/delivery_records?campusRecruitMode=InternProgram`),
    );
    expect(none.total).toBe(0);

    // pages of 15 by default
    for (let i = 0; i < 15; i++) {
      const [o] = await db
        .insert(recruitmentOccupations)
        .values({ companyId: company.id, createdBy: hr.user.id, name: `职位${i}` })
        .returning();
      await deliver(me.user.id, { occupationId: (o as { id: number }).id });
    }
    const page1 = data<FeedbackPage>(await me.api.get(`${O}/delivery_records?campusRecruitMode=Recruitment`));
    expect(page1.total).toBe(17);
    expect(page1.rows).toHaveLength(15);
    const page2 = data<FeedbackPage>(
      await me.api.get(`${O}/delivery_records?campusRecruitMode=Recruitment&pageNumber=2`),
    );
    expect(page2.rows.map((r) => r.id)).toEqual([String(d2.id), String(d1.id)]);
  });

  it('answers the detail, read marks and timeline of the asker’s own only; unread counts in GET members', async () => {
    const me = await seeker();
    const other = await seeker();
    const d = await deliver(me.user.id, { occupationId }, { viewedAt: new Date(Date.now() + 1000) });
    await invite(d.id, 'Interview', { createdAt: new Date(Date.now() + 2000) });
    await invite(d.id, 'Written', { createdAt: new Date(Date.now() + 1500) });
    const theirs = await deliver(other.user.id, { occupationId });

    const members = async () =>
      data<MemberDetail>(await me.api.get(`${O}/members?details=profile,account`)).unreadCounts;
    expect(await members()).toEqual({
      written: 1,
      interview: 1,
      offer: 0,
      internWritten: 0,
      internInterview: 0,
      internOffer: 0,
    });

    const detail = data<FeedbackRecord>(
      await me.api.get(`${O}/delivery_records/${d.id}?campusRecruitMode=Recruitment&type=Interview`),
    );
    expect(detail.feedbackRecords.map((f) => f.type)).toEqual(['Interview']);
    expectError(await me.api.get(`${O}/delivery_records/${theirs.id}`), 404, JOBS_MSG.deliveryNotFound);
    expectError(await me.api.get(`${O}/delivery_records/999999999`), 404, JOBS_MSG.deliveryNotFound);

    expectError(
      await me.api.delete(`${O}/delivery_records/${theirs.id}/unread_invitations`, { type: 'Interview' }),
      404,
      JOBS_MSG.deliveryNotFound,
    );
    const marked = data<{ marked: number }>(
      await me.api.delete(`${O}/delivery_records/${d.id}/unread_invitations`, { type: 'Interview' }),
    );
    expect(marked.marked).toBe(1);
    expect(await members()).toMatchObject({ written: 1, interview: 0 });

    t.clock.advance(10_000);
    await me.api.put(`${O}/delivery_records/${d.id}/invitation/acceptances`, {
      type: 'Interview',
      campusRecruitMode: 'Recruitment',
      status: 'Accepted',
    });
    t.clock.reset();
    const timeline = data<DeliveryTimeline>(await me.api.get(`${O}/delivery_records/${d.id}/timeline`));
    expect(timeline.steps.map((s) => s.title)).toEqual([
      '投递成功',
      '被查看',
      '收到笔试邀请',
      '收到面试邀请',
      '已接受面试邀请',
    ]);
    const steps = timeline.steps;
    expect(steps.every((s, i) => i === 0 || (steps[i - 1] as { at: number }).at <= s.at)).toBe(true);
    expect(steps[3]).toMatchObject({ kind: 'Invitation', feedbackType: 'Interview', place: '杭州市西湖区' });
    expect(steps[3]?.startTimestamp).toEqual(expect.any(Number));
    expectError(
      await me.api.get(`${O}/delivery_records/${theirs.id}/timeline`),
      404,
      JOBS_MSG.deliveryNotFound,
    );

    // a timed-out invitation, 不合适 and a cancellation appear as steps too
    const late = await deliver(
      me.user.id,
      { occupationId: occupation2Id },
      { createdAt: new Date(Date.now() - 4 * HOUR) },
    );
    await invite(late.id, 'Offer', {
      createdAt: new Date(Date.now() - 3 * HOUR),
      respondBy: new Date(Date.now() - 2 * HOUR),
    });
    await db
      .update(deliveryRecords)
      .set({ inappropriateAt: new Date(Date.now() - HOUR), canceledAt: new Date() })
      .where((await import('drizzle-orm')).eq(deliveryRecords.id, late.id));
    const lateSteps = data<DeliveryTimeline>(
      await me.api.get(`${O}/delivery_records/${late.id}/timeline`),
    ).steps;
    expect(lateSteps.map((s) => s.title)).toEqual([
      '投递成功',
      '收到入职邀请',
      '入职邀请超时未处理',
      '不合适',
      '已取消',
    ]);
    // a cancelled delivery leaves the list and the detail
    expectError(await me.api.get(`${O}/delivery_records/${late.id}`), 404, JOBS_MSG.deliveryNotFound);
  });

  it('accepts and rejects only while ToBeProcessed, only the asker’s own, with the spec’s messages', async () => {
    const me = await seeker();
    const other = await seeker();
    const d = await deliver(me.user.id, { occupationId });
    await invite(d.id, 'Interview');
    await invite(d.id, 'Offer');
    await invite(d.id, 'Written', { respondBy: new Date(Date.now() - 1000) });
    const url = `${O}/delivery_records/${d.id}/invitation/acceptances`;
    const body = { type: 'Interview', campusRecruitMode: 'Recruitment', status: 'Accepted' };

    expectError(await other.api.put(url, body), 404, JOBS_MSG.deliveryNotFound);
    const accepted = await me.api.put(url, body);
    expect(data<AcceptanceResult>(accepted).status).toBe('Accepted');
    expect(accepted.json().message).toBe(JOBS_MSG.invitationAccepted);
    expectError(await me.api.put(url, { ...body, status: 'Rejected' }), 400, JOBS_MSG.alreadyAnswered);
    expectError(await me.api.put(url, { ...body, type: 'Written' }), 400, JOBS_MSG.invitationTimedOut);
    const rejected = await me.api.put(url, { ...body, type: 'Offer', status: 'Rejected' });
    expect(rejected.json().message).toBe(JOBS_MSG.invitationRejected);
    const fresh = await deliver(me.user.id, { occupationId: occupation2Id });
    expectError(
      await me.api.put(`${O}/delivery_records/${fresh.id}/invitation/acceptances`, body),
      404,
      JOBS_MSG.invitationNotFound,
    );
    const row = data<FeedbackRecord>(await me.api.get(`${O}/delivery_records/${d.id}`));
    expect(row.feedbacks.map((f) => [f.type, f.status]).sort()).toEqual([
      ['Interview', 'Accepted'],
      ['Offer', 'Rejected'],
      ['Written', 'Timeout'],
    ]);
  });

  it('accepting a position offer keeps the other offers open (not withdrawn)', async () => {
    const me = await seeker();
    const a = await deliver(me.user.id, { occupationId });
    const b = await deliver(me.user.id, { occupationId: occupation2Id });
    await invite(a.id, 'Offer');
    await invite(b.id, 'Offer');
    const body = { type: 'Offer', campusRecruitMode: 'Recruitment', status: 'Accepted' };
    data(await me.api.put(`${O}/delivery_records/${a.id}/invitation/acceptances`, body));
    data(await me.api.put(`${O}/delivery_records/${b.id}/invitation/acceptances`, body));
  });

  it('an internship offer accepted joins the programme; refused while in another; joined_count by programme', async () => {
    const me = await seeker();
    const first = await programme();
    const second = await programme();
    const d1 = await deliver(me.user.id, { internGroupId: first.group.id });
    await db.insert(deliveryOccupations).values({ deliveryId: d1.id, internOccupationId: first.position.id });
    const offer1 = await invite(d1.id, 'Offer', { offerDescription: '欢迎加入' });
    await db
      .insert(feedbackInternOccupations)
      .values({ feedbackId: offer1.id, internOccupationId: first.position.id });
    const d2 = await deliver(me.user.id, { internGroupId: second.group.id });
    await invite(d2.id, 'Offer');

    const list = data<FeedbackPage>(
      await me.api.get(`${O}/delivery_records?campusRecruitMode=InternProgram&offerStatus=Yes&type=Offer`),
    );
    const rec = list.rows.find((r) => r.id === String(d1.id)) as FeedbackRecord;
    expect(rec.internProgram).toMatchObject({ name: first.group.name, status: 'Underway', deleted: 'No' });
    expect(rec.deliveryOccupations).toEqual([
      expect.objectContaining({
        name: '前端实习生',
        cityName: '杭州',
        internOccupationId: String(first.position.id),
      }),
    ]);
    expect(rec.feedbackRecords[0]).toMatchObject({
      offerDescription: '欢迎加入',
      internOccupations: [{ name: '前端实习生' }],
    });
    expect(data<MemberDetail>(await me.api.get(`${O}/members?details=profile`)).unreadCounts).toMatchObject({
      internOffer: 2,
      offer: 0,
    });

    const count = async (groupId: number) =>
      data<JoinedCount>(await me.api.get(`${O}/internship_members/joined_count?internProgramId=${groupId}`));
    expect(await count(first.group.id)).toMatchObject({ joinFlag: false, joinCount: 0 });
    expectError(
      await me.api.get(
        `${O}/internship_members/joined_count?internProgramId=${first.group.id}&inviteCode=ABCDEFGH`,
      ),
      400,
      INTERNSHIPS_MSG.inviteCodeInvalid,
    );
    expectError(
      await me.api.get(`${O}/internship_members/joined_count`),
      400,
      INTERNSHIPS_MSG.inviteCodeInvalid,
    );
    expectError(
      await me.api.get(`${O}/internship_members/joined_count?internProgramId=999999999`),
      404,
      INTERNSHIPS_MSG.groupNotFound,
    );

    const body = { type: 'Offer', campusRecruitMode: 'InternProgram', status: 'Accepted' };
    const joined = data<AcceptanceResult>(
      await me.api.put(`${O}/delivery_records/${d1.id}/invitation/acceptances`, body),
    );
    expect(joined.internshipGroupId).toBe(String(first.group.id));
    expect(await count(first.group.id)).toMatchObject({ joinFlag: true, joinCount: 1 });
    expect(await count(second.group.id)).toMatchObject({ joinFlag: false, joinCount: 1 });
    const { eq, and } = await import('drizzle-orm');
    const members = await db
      .select()
      .from(internshipMembers)
      .where(and(eq(internshipMembers.userId, me.user.id)));
    expect(members.map((m) => [m.groupId, m.occupationName])).toEqual([[first.group.id, '前端实习生']]);

    // the second offer is refused and stays unanswered
    expectError(
      await me.api.put(`${O}/delivery_records/${d2.id}/invitation/acceptances`, body),
      400,
      INTERNSHIPS_MSG.joinLimit,
    );
    const still = data<FeedbackRecord>(await me.api.get(`${O}/delivery_records/${d2.id}?type=Offer`));
    expect(still.feedbackRecords[0]?.status).toBe('ToBeProcessed');
    // rejecting it stays possible
    data(
      await me.api.put(`${O}/delivery_records/${d2.id}/invitation/acceptances`, {
        ...body,
        status: 'Rejected',
      }),
    );
  });

  it('two internship offers accepted at once: exactly one wins', async () => {
    const me = await seeker();
    const a = await programme();
    const b = await programme();
    const da = await deliver(me.user.id, { internGroupId: a.group.id });
    const dbb = await deliver(me.user.id, { internGroupId: b.group.id });
    await invite(da.id, 'Offer');
    await invite(dbb.id, 'Offer');
    const body = { type: 'Offer', campusRecruitMode: 'InternProgram', status: 'Accepted' };
    const answers = await Promise.all([
      me.api.put(`${O}/delivery_records/${da.id}/invitation/acceptances`, body),
      me.api.put(`${O}/delivery_records/${dbb.id}/invitation/acceptances`, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json().message).toBe(INTERNSHIPS_MSG.joinLimit);
    const { eq } = await import('drizzle-orm');
    const rows = await db.select().from(internshipMembers).where(eq(internshipMembers.userId, me.user.id));
    expect(rows).toHaveLength(1);
  });

  it('offer files: the seeker and the company’s users only; Office types as PDF when LibreOffice is there', async () => {
    const me = await seeker();
    const other = await seeker();
    const stranger = await buildSignedInMember(db, { identityType: 'Business' });
    await createCompany({ db, userId: stranger.user.id, name: unique('别的企业') });
    const d = await deliver(me.user.id, { occupationId });
    const offer = await invite(d.id, 'Offer');
    const [pdf, docx] = await db
      .insert(files)
      .values([
        {
          storageKey: unique('offer/a-'),
          ownerId: hr.user.id,
          purpose: 'attachedResume',
          name: '录用通知.pdf',
          contentType: 'application/pdf',
          size: 10,
        },
        {
          storageKey: unique('offer/b-'),
          ownerId: hr.user.id,
          purpose: 'attachedResume',
          name: '入职须知.DOCX',
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          size: 10,
        },
      ])
      .returning();
    const pdfId = (pdf as { id: number }).id;
    const docxId = (docx as { id: number }).id;
    await db.insert(feedbackMaterials).values([
      { feedbackId: offer.id, fileId: pdfId, sort: 0 },
      { feedbackId: offer.id, fileId: docxId, sort: 1 },
    ]);
    const rec = data<FeedbackRecord>(await me.api.get(`${O}/delivery_records/${d.id}?type=Offer`));
    expect(rec.feedbackRecords[0]?.offerMaterials.map((m) => [m.name, m.extension])).toEqual([
      ['录用通知.pdf', 'pdf'],
      ['入职须知.DOCX', 'docx'],
    ]);

    const view = data<MaterialView>(await me.api.get(`${O}/sys_materials/${pdfId}/view`));
    expect(view).toMatchObject({ extension: 'pdf', name: '录用通知.pdf' });
    expect(view.path).toContain(`/api/files/${pdfId}/content`);
    const hrApi = client(t.app, hr.token);
    expect(
      data<MaterialDownload>(await hrApi.get(`${O}/sys_materials/${pdfId}/download`)).signedUrl,
    ).toContain(`/api/files/${pdfId}/content`);
    for (const api of [other.api, client(t.app, stranger.token)]) {
      expectError(await api.get(`${O}/sys_materials/${pdfId}/view`), 404, JOBS_MSG.materialNotFound);
      expectError(await api.get(`${O}/sys_materials/${pdfId}/download`), 404, JOBS_MSG.materialNotFound);
    }
    expectError(await me.api.get(`${O}/sys_materials/999999999/view`), 404, JOBS_MSG.materialNotFound);
    // no bytes behind this row: with LibreOffice the conversion fails and the file itself is answered too
    const office = data<MaterialView>(await me.api.get(`${O}/sys_materials/${docxId}/view`));
    expect(office.originalExtension).toBe('docx');
    expect(office.extension).toBe('docx');
  });
});
