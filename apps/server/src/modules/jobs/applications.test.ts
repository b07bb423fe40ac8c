import {
  APPLICATIONS_MSG,
  type CompanyDeliveryDetail,
  type CompanyDeliveryPage,
  type CompanyDeliveryResume,
  FILES_MSG,
  JOBS_MSG,
  SERVICE_BASES,
} from '@uplus/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  companyMembers,
  deliveryFeedbacks,
  deliveryOccupations,
  deliveryRecords,
  internOccupations,
  internshipGroups,
  messages,
  recruitmentOccupations,
} from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { DOCS, ole2Of, zipOf } from '../files/test-documents';
import { SAMPLES, upload } from '../files/test-files';
import { resumeOfUser } from '../resume/resume.service';

/*
 * The employer's applications inbox (issue 14): only a company's business users see and answer deliveries
 * to it; opening a resume marks 被查看 once; hidden resumes stay hidden; every invitation rule and message;
 * offer materials checked by bytes and name; a seeker's unread feedback and system message per action.
 */

const B = `${SERVICE_BASES.ourea}/company/delivery_records`;
const DAY = 86_400_000;

describe.each(testDrivers())('applications inbox on %s', (driver) => {
  const t = useTestApp(driver);
  type Member = Awaited<ReturnType<typeof buildSignedInMember>>;
  let hr: Member;
  let hr2: Member;
  let other: Member;
  let noCompany: Member;
  let seeker: Member;
  let seeker2: Member;
  let companyId: number;
  let occupationId: number;
  let groupId: number;
  let internIds: number[];
  let otherDeliveryId: number;

  const as = (m: Member | null) => (m ? { 'x-access-token': m.token } : {});
  const call = (m: Member | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(m), ...(payload ? { payload } : {}) });
  const expectStatus = (
    res: { statusCode: number; body: string; json: () => { message: string } },
    status: number,
    message?: string,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json().message).toBe(message);
  };

  const deliver = async (
    userId: number,
    target: { occupationId: number } | { internGroupId: number; internOccupationIds?: number[] },
    resume: { type: 'Online' } | { type: 'Attached'; fileId: number; attachedId?: number } = {
      type: 'Online',
    },
    company = companyId,
    at = t.clock.now(),
  ) => {
    const resumeId =
      resume.type === 'Online'
        ? (await resumeOfUser({ db: t.db, userId, now: t.clock.now() })).id
        : (resume.attachedId ?? 1);
    const [row] = await t.db
      .insert(deliveryRecords)
      .values({
        userId,
        companyId: company,
        campusRecruitMode: 'occupationId' in target ? 'Recruitment' : 'InternProgram',
        occupationId: 'occupationId' in target ? target.occupationId : null,
        internGroupId: 'internGroupId' in target ? target.internGroupId : null,
        resumeType: resume.type,
        resumeId,
        resumeFileId: resume.type === 'Attached' ? resume.fileId : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const id = (row as { id: number }).id;
    if ('internOccupationIds' in target && target.internOccupationIds?.length)
      await t.db
        .insert(deliveryOccupations)
        .values(
          target.internOccupationIds.map((internOccupationId) => ({ deliveryId: id, internOccupationId })),
        );
    return id;
  };
  const newOccupation = async (company: number, createdBy: number, name: string) => {
    const [row] = await t.db
      .insert(recruitmentOccupations)
      .values({ companyId: company, createdBy, name })
      .returning();
    return (row as { id: number }).id;
  };
  const invitation = (over: Record<string, unknown> = {}) => ({
    type: 'Interview',
    startAt: t.clock.now().getTime() + 3 * DAY,
    respondBy: t.clock.now().getTime() + DAY,
    contactPerson: '王经理',
    mobile: '13800138000',
    place: '上海市浦东新区世纪大道100号',
    notice: '请携带身份证',
    ...over,
  });
  const uploadMaterial = async (m: Member, name: string, bytes: Buffer) => {
    const res = await upload(t.app, m.token, 'offerMaterial', name, bytes);
    expectStatus(res, 200);
    return (res.json() as { data: { id: number } }).data.id;
  };

  beforeAll(async () => {
    [hr, hr2, other, noCompany, seeker, seeker2] = await Promise.all([
      buildSignedInMember(t.db, { identityType: 'Business' }),
      buildSignedInMember(t.db, { identityType: 'Business' }),
      buildSignedInMember(t.db, { identityType: 'Business' }),
      buildSignedInMember(t.db, { identityType: 'Business' }),
      buildSignedInMember(t.db),
      buildSignedInMember(t.db),
    ]);
    const company = await createCompany({ db: t.db, userId: hr.user.id, name: '优加科技有限公司' });
    companyId = company.id;
    // a second business user of the same company
    await t.db.insert(companyMembers).values({ companyId, userId: hr2.user.id });
    const otherCompany = await createCompany({ db: t.db, userId: other.user.id, name: '别家公司' });
    occupationId = await newOccupation(companyId, hr.user.id, 'Java开发工程师');
    const [group] = await t.db
      .insert(internshipGroups)
      .values({
        companyId,
        organiserId: hr.user.id,
        name: '2026暑期实习计划',
        startAt: new Date(Date.now() + 30 * DAY),
        endAt: new Date(Date.now() + 90 * DAY),
        recruitState: 'Online',
      })
      .returning();
    groupId = (group as { id: number }).id;
    const occs = await t.db
      .insert(internOccupations)
      .values([
        { groupId, name: '前端实习生', sort: 1 },
        { groupId, name: '测试实习生', sort: 2 },
      ])
      .returning();
    internIds = occs.map((o) => o.id);
    const otherOccupation = await newOccupation(otherCompany.id, other.user.id, '别家职位');
    otherDeliveryId = await deliver(
      seeker2.user.id,
      { occupationId: otherOccupation },
      { type: 'Online' },
      otherCompany.id,
    );
  });

  it('lets only business users of a company in', async () => {
    const res = await call(null, 'GET', B);
    expect(res.statusCode).toBe(401);
    expectStatus(await call(seeker, 'GET', B), 403, APPLICATIONS_MSG.businessOnly);
    expectStatus(await call(noCompany, 'GET', B), 403, APPLICATIONS_MSG.noCompany);
    const empty = await call(hr, 'GET', `${B}?campusRecruitMode=InternProgram`);
    expectStatus(empty, 200);
  });

  it('never reaches another company’s delivery, nor lets a student act', async () => {
    for (const [method, url] of [
      ['GET', `${B}/${otherDeliveryId}`],
      ['GET', `${B}/${otherDeliveryId}/resume`],
      ['POST', `${B}/${otherDeliveryId}/feedbacks`],
      ['PUT', `${B}/${otherDeliveryId}/inappropriate`],
      ['GET', `${B}/999999999/resume`],
    ] as const) {
      const res = await call(hr, method, url, method === 'POST' ? invitation() : undefined);
      expectStatus(res, 404, APPLICATIONS_MSG.deliveryNotFound);
      const student = await call(seeker2, method, url, method === 'POST' ? invitation() : undefined);
      expectStatus(student, 403, APPLICATIONS_MSG.businessOnly);
    }
    const [untouched] = await t.db
      .select()
      .from(deliveryRecords)
      .where(eq(deliveryRecords.id, otherDeliveryId));
    expect(untouched?.viewedAt).toBeNull();
    expect(untouched?.inappropriateAt).toBeNull();
    const list = (await call(hr, 'GET', B)).json().data as CompanyDeliveryPage;
    expect(list.rows.map((r) => r.id)).not.toContain(String(otherDeliveryId));
  });

  it('lists newest first with filters, opens the online resume and marks 被查看 once', async () => {
    const older = await deliver(
      seeker.user.id,
      { occupationId },
      { type: 'Online' },
      companyId,
      new Date(Date.now() - DAY),
    );
    const programme = await deliver(seeker2.user.id, {
      internGroupId: groupId,
      internOccupationIds: [internIds[0] as number],
    });
    const page = (await call(hr, 'GET', `${B}?occupationId=${occupationId}`)).json()
      .data as CompanyDeliveryPage;
    expect(page.rows[0]).toMatchObject({
      id: String(older),
      occupation: { id: String(occupationId), name: 'Java开发工程师' },
      resumeType: 'Online',
      resumeTypeTitle: '在线简历',
      viewedAt: null,
      canceled: false,
      stateTitle: '未查看',
      latestFeedback: null,
    });
    const programmes = (await call(hr, 'GET', `${B}?internProgramId=${groupId}`)).json()
      .data as CompanyDeliveryPage;
    expect(programmes.rows).toHaveLength(1);
    expect(programmes.rows[0]).toMatchObject({
      internProgram: { id: String(groupId), name: '2026暑期实习计划' },
      internOccupations: [{ id: String(internIds[0]), name: '前端实习生' }],
    });
    expect(programmes.rows[0]?.id).toBe(String(programme));

    const opened = await call(hr2, 'GET', `${B}/${older}/resume`);
    expectStatus(opened, 200);
    const resume = opened.json().data as CompanyDeliveryResume;
    expect(resume.resumeType).toBe('Online');
    expect(resume.online?.id).toBeGreaterThan(0);
    const first = resume.viewedAt;
    t.clock.advance(60_000);
    const again = (await call(hr, 'GET', `${B}/${older}/resume`)).json().data as CompanyDeliveryResume;
    expect(again.viewedAt).toBe(first);
    t.clock.reset();
    const viewed = (await call(hr, 'GET', `${B}?occupationId=${occupationId}&status=viewed`)).json()
      .data as CompanyDeliveryPage;
    expect(viewed.rows.map((r) => r.id)).toEqual([String(older)]);
    expect(viewed.rows[0]?.stateTitle).toBe('已查看');
    const unviewed = (await call(hr, 'GET', `${B}?occupationId=${occupationId}&status=unviewed`)).json()
      .data as CompanyDeliveryPage;
    expect(unviewed.rows.map((r) => r.id)).not.toContain(String(older));
  });

  it('opens an attached resume as a signed file, and a hidden resume for nobody', async () => {
    const seeker3 = await buildSignedInMember(t.db);
    const file = await upload(t.app, seeker3.token, 'attachedResume', '我的简历.pdf', DOCS.pdf);
    expectStatus(file, 200);
    const fileId = (file.json() as { data: { id: number } }).data.id;
    const occ = await newOccupation(companyId, hr.user.id, '产品经理');
    const id = await deliver(seeker3.user.id, { occupationId: occ }, { type: 'Attached', fileId });
    const resume = (await call(hr, 'GET', `${B}/${id}/resume`)).json().data as CompanyDeliveryResume;
    expect(resume.attached).toMatchObject({ name: '我的简历.pdf', extension: 'pdf' });
    expect(resume.attached?.pdfUrl).toBe(resume.attached?.url);
    const bytes = await t.app.inject({ method: 'GET', url: resume.attached?.url as string });
    expect(bytes.statusCode).toBe(200);

    const hidden = await buildSignedInMember(t.db);
    const hiddenId = await deliver(hidden.user.id, { occupationId: occ });
    await t.app.inject({
      method: 'DELETE',
      url: `${SERVICE_BASES.ourea}/member_profiles/visible`,
      headers: as(hidden),
    });
    expectStatus(await call(hr, 'GET', `${B}/${hiddenId}/resume`), 403, JOBS_MSG.resumeHidden);
    expectStatus(await call(hr2, 'GET', `${B}/${hiddenId}/resume`), 403, JOBS_MSG.resumeHidden);
    const detail = (await call(hr, 'GET', `${B}/${hiddenId}`)).json().data as CompanyDeliveryDetail;
    expect(detail).toMatchObject({ resumeHidden: true, viewedAt: null });
  });

  it('checks every rule of an invitation with its message', async () => {
    const id = await deliver(seeker.user.id, {
      occupationId: await newOccupation(companyId, hr.user.id, '规则'),
    });
    const now = t.clock.now().getTime();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'Hired' }, APPLICATIONS_MSG.typeRequired],
      [{ startAt: null }, APPLICATIONS_MSG.startAtRequired.Interview],
      [{ type: 'Written', startAt: undefined }, APPLICATIONS_MSG.startAtRequired.Written],
      [{ type: 'Offer', startAt: undefined }, APPLICATIONS_MSG.startAtRequired.Offer],
      [{ respondBy: now - 1000 }, APPLICATIONS_MSG.respondByPast],
      [{ contactPerson: '  ' }, APPLICATIONS_MSG.contactRequired],
      [{ contactPerson: '联'.repeat(21) }, APPLICATIONS_MSG.contactTooLong],
      [{ mobile: '' }, APPLICATIONS_MSG.mobileRequired],
      [{ mobile: '12800138000' }, APPLICATIONS_MSG.mobileInvalid],
      [{ mobile: '1380013800' }, APPLICATIONS_MSG.mobileInvalid],
      [{ place: '地'.repeat(101) }, APPLICATIONS_MSG.placeTooLong],
      [{ notice: '注'.repeat(501) }, APPLICATIONS_MSG.noticeTooLong],
      [{ type: 'Offer', offerDescription: '说'.repeat(1001) }, APPLICATIONS_MSG.offerDescriptionTooLong],
      [{ offerDescription: '不是offer' }, APPLICATIONS_MSG.offerOnly],
      [{ materialFileIds: [1] }, APPLICATIONS_MSG.offerOnly],
      [{ internOccupationIds: [String(internIds[0])] }, APPLICATIONS_MSG.offerOnly],
      [{ type: 'Offer', materialFileIds: [1, 2, 3, 4, 5, 6] }, APPLICATIONS_MSG.tooManyMaterials],
      [
        { type: 'Offer', internOccupationIds: [String(internIds[0])] },
        APPLICATIONS_MSG.internOccupationInvalid,
      ],
    ];
    for (const [over, message] of cases) {
      const body = { ...invitation(), ...over };
      for (const key of Object.keys(over))
        if (over[key] === undefined) delete (body as Record<string, unknown>)[key];
      expectStatus(await call(hr, 'POST', `${B}/${id}/feedbacks`, body), 400, message);
    }
    const rows = await t.db.select().from(deliveryFeedbacks).where(eq(deliveryFeedbacks.deliveryId, id));
    expect(rows).toHaveLength(0);
  });

  it('sends invitations unread with a message; Timeout derived; answers shown', async () => {
    const occ = await newOccupation(companyId, hr.user.id, '算法工程师');
    const id = await deliver(seeker.user.id, { occupationId: occ });
    const sent = await call(
      hr,
      'POST',
      `${B}/${id}/feedbacks`,
      invitation({ type: 'Written', notice: '  带笔  ', respondBy: t.clock.now().getTime() + 60_000 }),
    );
    expectStatus(sent, 200, APPLICATIONS_MSG.sent);
    const detail = sent.json().data as CompanyDeliveryDetail;
    expect(detail.feedbacks).toHaveLength(1);
    expect(detail.feedbacks[0]).toMatchObject({
      type: 'Written',
      typeTitle: '笔试邀请',
      status: 'ToBeProcessed',
      statusTitle: '待处理',
      contactPerson: '王经理',
      mobile: '13800138000',
      notice: '带笔',
      readAt: null,
      answeredAt: null,
    });
    expect(detail.stateTitle).toBe('笔试邀请·待处理');
    const [stored] = await t.db.select().from(deliveryFeedbacks).where(eq(deliveryFeedbacks.deliveryId, id));
    expect(stored?.readAt).toBeNull();
    const notes = await t.db.select().from(messages).where(eq(messages.userId, seeker.user.id));
    expect(notes.some((n) => n.body.includes('笔试邀请') && n.body.includes('算法工程师'))).toBe(true);

    // past its deadline, unanswered: 超时未处理
    t.clock.advance(120_000);
    const late = (await call(hr, 'GET', `${B}/${id}`)).json().data as CompanyDeliveryDetail;
    expect(late.feedbacks[0]).toMatchObject({ status: 'Timeout', statusTitle: '超时未处理' });
    expect(late.latestFeedback?.status).toBe('Timeout');
    const written = (await call(hr, 'GET', `${B}?occupationId=${occ}&status=Written`)).json()
      .data as CompanyDeliveryPage;
    expect(written.rows.map((r) => r.id)).toEqual([String(id)]);
    t.clock.reset();

    // the seeker accepted (their side writes it): the employer sees the answer
    await t.db
      .update(deliveryFeedbacks)
      .set({ status: 'Accepted', answeredAt: new Date() })
      .where(eq(deliveryFeedbacks.deliveryId, id));
    const answered = (await call(hr2, 'GET', `${B}/${id}`)).json().data as CompanyDeliveryDetail;
    expect(answered.feedbacks[0]).toMatchObject({ status: 'Accepted', statusTitle: '已接受' });
    expect(answered.feedbacks[0]?.answeredAt).not.toBeNull();
  });

  it('sends an internship offer with positions of the programme and checked materials', async () => {
    const id = await deliver(seeker.user.id, { internGroupId: groupId, internOccupationIds: internIds });
    const pdf = await uploadMaterial(hr, 'offer.pdf', DOCS.pdf);
    const xlsx = await uploadMaterial(hr, '薪资.xlsx', zipOf({ 'xl/workbook.xml': '<workbook/>' }));
    const ppt = await uploadMaterial(hr, '介绍.ppt', ole2Of('PowerPoint Document'));
    const png = await uploadMaterial(hr, '地图.png', SAMPLES.png);
    // text renamed: refused at upload
    const text = await upload(t.app, hr.token, 'offerMaterial', 'x.pdf', SAMPLES.text);
    expect(text.statusCode).toBe(400);
    // a PDF named .docx: the ending must match the bytes
    const misnamed = await uploadMaterial(hr, '合同.docx', DOCS.pdf);
    expectStatus(
      await call(
        hr,
        'POST',
        `${B}/${id}/feedbacks`,
        invitation({ type: 'Offer', materialFileIds: [misnamed] }),
      ),
      400,
      APPLICATIONS_MSG.materialType,
    );
    // someone else's upload, or another purpose
    const theirs = await uploadMaterial(hr2, 'b.pdf', DOCS.pdf);
    const logo = await upload(t.app, hr.token, 'logo', 'l.png', SAMPLES.png);
    for (const fileId of [theirs, (logo.json() as { data: { id: number } }).data.id])
      expectStatus(
        await call(
          hr,
          'POST',
          `${B}/${id}/feedbacks`,
          invitation({ type: 'Offer', materialFileIds: [fileId] }),
        ),
        400,
        FILES_MSG.notUsable,
      );
    const other = await t.db.insert(internOccupations).values({ groupId: groupId, name: 'x' }).returning();
    const sent = await call(
      hr,
      'POST',
      `${B}/${id}/feedbacks`,
      invitation({
        type: 'Offer',
        respondBy: undefined,
        offerDescription: '月薪8k，周一报到',
        materialFileIds: [pdf, xlsx, ppt, png],
        internOccupationIds: [String(internIds[1])],
      }),
    );
    expectStatus(sent, 200, APPLICATIONS_MSG.sent);
    const detail = sent.json().data as CompanyDeliveryDetail;
    expect(detail.programOccupations.map((o) => o.name)).toEqual(['x', '前端实习生', '测试实习生']);
    expect(detail.feedbacks[0]).toMatchObject({
      type: 'Offer',
      offerDescription: '月薪8k，周一报到',
      respondBy: null,
      internOccupations: [{ id: String(internIds[1]), name: '测试实习生' }],
    });
    expect(detail.feedbacks[0]?.materials.map((m) => m.extension)).toEqual(['pdf', 'xlsx', 'ppt', 'png']);
    expect(other).toHaveLength(1);
    // a position of another programme is refused
    const [group2] = await t.db
      .insert(internshipGroups)
      .values({
        companyId,
        organiserId: hr.user.id,
        name: '另一计划',
        startAt: new Date(),
        endAt: new Date(),
      })
      .returning();
    const [foreign] = await t.db
      .insert(internOccupations)
      .values({ groupId: (group2 as { id: number }).id, name: '别的岗位' })
      .returning();
    expectStatus(
      await call(
        hr,
        'POST',
        `${B}/${id}/feedbacks`,
        invitation({ type: 'Offer', internOccupationIds: [String(foreign?.id)] }),
      ),
      400,
      APPLICATIONS_MSG.internOccupationInvalid,
    );
  });

  it('marks 不合适 once, then takes no more feedback; cancelled deliveries take none and stay listed', async () => {
    const occ = await newOccupation(companyId, hr.user.id, '运营');
    const id = await deliver(seeker2.user.id, { occupationId: occ });
    const marked = await call(hr, 'PUT', `${B}/${id}/inappropriate`);
    expectStatus(marked, 200, APPLICATIONS_MSG.markedInappropriate);
    const detail = marked.json().data as CompanyDeliveryDetail;
    expect(detail.inappropriateAt).not.toBeNull();
    expect(detail.stateTitle).toBe('不合适');
    expect(detail.feedbacks.map((f) => f.type)).toEqual(['Inappropriate']);
    const [fb] = await t.db
      .select()
      .from(deliveryFeedbacks)
      .where(and(eq(deliveryFeedbacks.deliveryId, id), eq(deliveryFeedbacks.type, 'Inappropriate')));
    expect(fb?.readAt).toBeNull();
    const notes = await t.db.select().from(messages).where(eq(messages.userId, seeker2.user.id));
    expect(notes.some((n) => n.body.includes('不合适') && n.body.includes('运营'))).toBe(true);
    expectStatus(await call(hr, 'PUT', `${B}/${id}/inappropriate`), 400, APPLICATIONS_MSG.inappropriate);
    expectStatus(
      await call(hr, 'POST', `${B}/${id}/feedbacks`, invitation()),
      400,
      APPLICATIONS_MSG.inappropriate,
    );
    const listed = (await call(hr, 'GET', `${B}?occupationId=${occ}&status=Inappropriate`)).json()
      .data as CompanyDeliveryPage;
    expect(listed.rows.map((r) => r.id)).toEqual([String(id)]);

    const cancelled = await deliver(seeker.user.id, { occupationId: occ });
    await t.db
      .update(deliveryRecords)
      .set({ canceledAt: new Date() })
      .where(eq(deliveryRecords.id, cancelled));
    expectStatus(
      await call(hr, 'POST', `${B}/${cancelled}/feedbacks`, invitation()),
      400,
      APPLICATIONS_MSG.canceled,
    );
    expectStatus(await call(hr, 'PUT', `${B}/${cancelled}/inappropriate`), 400, APPLICATIONS_MSG.canceled);
    expectStatus(await call(hr, 'GET', `${B}/${cancelled}/resume`), 400, APPLICATIONS_MSG.canceled);
    const all = (await call(hr, 'GET', `${B}?occupationId=${occ}`)).json().data as CompanyDeliveryPage;
    expect(all.rows.find((r) => r.id === String(cancelled))).toMatchObject({
      canceled: true,
      stateTitle: '已取消',
    });
  });
});
