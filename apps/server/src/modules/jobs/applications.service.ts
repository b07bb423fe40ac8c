import {
  APPLICATIONS_MSG,
  type CompanyDeliveriesQuery,
  type CompanyDeliveryDetail,
  type CompanyDeliveryPage,
  type CompanyDeliveryResume,
  type CompanyDeliveryRow,
  type CompanyFeedback,
  FEEDBACK_LIMITS,
  type FeedbackType,
  FILE_TYPE_EXTENSIONS,
  feedbackErrors,
  INVITATION_STATUS_TITLES,
  INVITATION_TITLES,
  invitationStatusOf,
  JOBS_MSG,
  offerMaterialExtensionOf,
  RESUME_TYPE_TITLES,
  type SendFeedbackBody,
} from '@uplus/shared';
import type { Config } from '../../config/config';
import { AppError } from '../../core/errors';
import { claimFile, type FileUrlContext, fileById, filesByIds, fileUrl } from '../files/files.service';
import { careerProfileOf, profileSummariesOf } from '../member-profile/member-profile.service';
import { sendMessage } from '../messages/messages.service';
import { pdfOfAttachedFile } from '../resume/resume-attached.service';
import { previewOfMember } from '../resume/resume-preview.service';
import type { Actor } from '../sessions/actor';
import { inboxCompanyOf, ownDelivery } from './applications.policy';
import * as repo from './applications.repo';

/*
 * The employer's applications inbox (issue 14, "Employer" 3 and "Rules and safety"): a company's business
 * users list the deliveries to their company, open a delivered resume (the first opening marks 被查看), send
 * written-test, interview and offer invitations and mark 不合适. Every call resolves the asker's company
 * first (applications.policy) and reads deliveries only through it: another company's id is 404. Each
 * invitation and 不合适 is unread for the seeker (their counts move) and sends them a system message.
 */

type Ctx = FileUrlContext & { config: Pick<Config, 'storage' | 'documents'> };
type WhoAsks = { ctx: Ctx; actor: Actor };

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const named = (r: { id: number; name: string }) => ({ id: String(r.id), name: r.name });

const briefOf = (f: repo.FeedbackRow, now: Date) => {
  const type = f.type as FeedbackType;
  const status = type === 'Inappropriate' ? 'ToBeProcessed' : invitationStatusOf(f.status, f.respondBy, now);
  return {
    id: String(f.id),
    type,
    typeTitle: INVITATION_TITLES[type],
    status,
    statusTitle: type === 'Inappropriate' ? '' : INVITATION_STATUS_TITLES[status],
    createAt: f.createdAt.getTime(),
  };
};

const stateTitleOf = (row: Omit<CompanyDeliveryRow, 'stateTitle'>) => {
  if (row.canceled) return APPLICATIONS_MSG.canceledTitle;
  if (row.inappropriateAt !== null) return INVITATION_TITLES.Inappropriate;
  const f = row.latestFeedback;
  if (f && f.type !== 'Inappropriate') return `${f.typeTitle}·${f.statusTitle}`;
  return row.viewedAt !== null ? APPLICATIONS_MSG.viewedTitle : APPLICATIONS_MSG.unviewedTitle;
};

/** The inbox rows of deliveries, with the applicant (member profile) and the latest feedback. */
const rowsOf = async (ctx: Ctx, list: repo.DeliveryListRow[]): Promise<CompanyDeliveryRow[]> => {
  const ids = list.map((r) => r.delivery.id);
  const now = ctx.now();
  const [feedbacks, occupations, applicants] = await Promise.all([
    repo.findFeedbacks(ctx.db, ids),
    repo.findDeliveryOccupations(ctx.db, ids),
    // one query for the page's applicants (was five per applicant: 75 queries for a page of 15)
    profileSummariesOf({ db: ctx.db, userIds: list.map((r) => r.delivery.userId) }),
  ]);
  return list.map(({ delivery: d, occupationName, programName }) => {
    const own = feedbacks.filter((f) => f.deliveryId === d.id);
    const latest = own.at(-1);
    const who = applicants.get(d.userId);
    const base = {
      id: String(d.id),
      campusRecruitMode: d.campusRecruitMode as CompanyDeliveryRow['campusRecruitMode'],
      occupation: d.occupationId != null ? { id: String(d.occupationId), name: occupationName ?? '' } : null,
      internProgram:
        d.internGroupId != null ? { id: String(d.internGroupId), name: programName ?? '' } : null,
      internOccupations: occupations.filter((o) => o.deliveryId === d.id).map(named),
      applicant: {
        name: who?.name ?? '',
        schoolName: who?.schoolName ?? '',
        majorName: who?.majorName ?? '',
        degreeTitle: who?.degree ?? '',
      },
      resumeType: d.resumeType as CompanyDeliveryRow['resumeType'],
      resumeTypeTitle: RESUME_TYPE_TITLES[d.resumeType as 'Online' | 'Attached'] ?? '',
      resumeHidden: who ? !who.visible : false,
      deliveredAt: d.createdAt.getTime(),
      viewedAt: ms(d.viewedAt),
      inappropriateAt: ms(d.inappropriateAt),
      canceled: d.canceledAt !== null,
      latestFeedback: latest ? briefOf(latest, now) : null,
    };
    return { ...base, stateTitle: stateTitleOf(base) };
  });
};

const asId = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** `GET company/delivery_records`: the company's deliveries of one mode (position / programme), newest first. */
export const pageDeliveries = async ({
  ctx,
  actor,
  query,
}: WhoAsks & { query: CompanyDeliveriesQuery }): Promise<CompanyDeliveryPage> => {
  const company = await inboxCompanyOf(ctx.db, actor);
  const mode = query.internProgramId
    ? 'InternProgram'
    : query.occupationId
      ? 'Recruitment'
      : (query.campusRecruitMode ?? 'Recruitment');
  const page = await repo.pageCompanyDeliveries(
    ctx.db,
    {
      companyId: company.id,
      mode,
      occupationId: asId(query.occupationId),
      internGroupId: asId(query.internProgramId),
      status: query.status,
    },
    { offset: (query.pageNumber - 1) * query.pageSize, limit: query.pageSize },
  );
  return { rows: await rowsOf(ctx, page.rows), total: page.total };
};

const extensionOf = (file: { name: string; contentType: string }) =>
  offerMaterialExtensionOf(file.name) ?? (FILE_TYPE_EXTENSIONS[file.contentType]?.[0] ?? '').replace('.', '');

/** The detail of a delivery the company may see. */
const detailOf = async (ctx: Ctx, found: repo.DeliveryListRow): Promise<CompanyDeliveryDetail> => {
  const [row] = await rowsOf(ctx, [found]);
  const feedbacks = await repo.findFeedbacks(ctx.db, [found.delivery.id]);
  const [extras, programOccupations] = await Promise.all([
    repo.findFeedbackExtras(
      ctx.db,
      feedbacks.map((f) => f.id),
    ),
    found.delivery.internGroupId != null
      ? repo.findProgramOccupations(ctx.db, found.delivery.internGroupId)
      : [],
  ]);
  const files = new Map(
    (
      await filesByIds(
        ctx.db,
        extras.materials.map((m) => m.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  const now = ctx.now();
  const shaped: CompanyFeedback[] = [];
  for (const f of feedbacks) {
    const materials = [];
    for (const m of extras.materials.filter((x) => x.feedbackId === f.id)) {
      const file = files.get(m.fileId);
      if (file)
        materials.push({
          id: String(file.id),
          name: file.name,
          extension: extensionOf(file),
          url: await fileUrl(ctx, file),
        });
    }
    shaped.push({
      ...briefOf(f, now),
      startAt: ms(f.startAt),
      respondBy: ms(f.respondBy),
      contactPerson: f.contactPerson,
      mobile: f.mobile,
      place: f.place,
      notice: f.notice,
      offerDescription: f.offerDescription,
      materials,
      internOccupations: extras.occupations.filter((o) => o.feedbackId === f.id).map(named),
      answeredAt: ms(f.answeredAt),
      readAt: ms(f.readAt),
    });
  }
  return {
    ...(row as CompanyDeliveryRow),
    feedbacks: shaped,
    programOccupations: programOccupations.map(named),
  };
};

/** `GET company/delivery_records/{id}`: one of the company's deliveries with every feedback and answer. */
export const getDelivery = async ({
  ctx,
  actor,
  id,
}: WhoAsks & { id: number }): Promise<CompanyDeliveryDetail> => {
  const company = await inboxCompanyOf(ctx.db, actor);
  return detailOf(ctx, ownDelivery(await repo.findCompanyDelivery(ctx.db, company.id, id)));
};

/**
 * `GET company/delivery_records/{id}/resume`: the delivered resume (the online one's preview, or the kept
 * attachment with a PDF to show), marking the delivery 被查看 the first time. A withdrawn delivery: 400
 * 该投递已取消; a hidden resume (privacy switch): 403 for every employer, and not marked.
 */
export const openResume = async ({
  ctx,
  actor,
  id,
}: WhoAsks & { id: number }): Promise<CompanyDeliveryResume> => {
  const company = await inboxCompanyOf(ctx.db, actor);
  const { delivery } = ownDelivery(await repo.findCompanyDelivery(ctx.db, company.id, id));
  if (delivery.canceledAt) throw AppError.badRequest(APPLICATIONS_MSG.canceled);
  const career = await careerProfileOf({ db: ctx.db, userId: delivery.userId });
  if (!career.visible) throw AppError.forbidden(JOBS_MSG.resumeHidden);
  let answer: Omit<CompanyDeliveryResume, 'viewedAt'>;
  if (delivery.resumeType === 'Online') {
    answer = {
      resumeType: 'Online',
      online: await previewOfMember({ ctx, userId: delivery.userId }),
      attached: null,
    };
  } else {
    const file = delivery.resumeFileId != null ? await fileById(ctx.db, delivery.resumeFileId) : null;
    if (!file) throw AppError.notFound(JOBS_MSG.resumeNotFound);
    const pdf = await pdfOfAttachedFile({
      ctx,
      userId: delivery.userId,
      attachedId: delivery.resumeId,
      fileId: file.id,
    });
    answer = {
      resumeType: 'Attached',
      online: null,
      attached: {
        name: file.name,
        extension: (FILE_TYPE_EXTENSIONS[file.contentType]?.[0] ?? '').replace('.', ''),
        url: await fileUrl(ctx, file),
        pdfUrl: pdf ? await fileUrl(ctx, pdf) : '',
      },
    };
  }
  const viewedAt = await repo.markViewed(ctx.db, delivery.id, ctx.now());
  return { ...answer, viewedAt: viewedAt.getTime() };
};

/** A delivery that may still get feedback: 400 when withdrawn or marked 不合适. */
const answerable = (delivery: repo.DeliveryRow | null) => {
  const d = ownDelivery(delivery);
  if (d.canceledAt) throw AppError.badRequest(APPLICATIONS_MSG.canceled);
  if (d.inappropriateAt) throw AppError.badRequest(APPLICATIONS_MSG.inappropriate);
  return d;
};

/** The offer materials, checked: own uploads of purpose offerMaterial, an allowed ending matching the bytes. */
const claimMaterials = async (ctx: Ctx, userId: number, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  if (unique.length > FEEDBACK_LIMITS.materials) throw AppError.badRequest(APPLICATIONS_MSG.tooManyMaterials);
  for (const fileId of unique) {
    const file = await claimFile({ db: ctx.db, userId, fileId, purposes: ['offerMaterial'] });
    const ext = offerMaterialExtensionOf(file.name);
    const matches = ext && (FILE_TYPE_EXTENSIONS[file.contentType] ?? []).includes(`.${ext}`);
    if (!matches || file.size > FEEDBACK_LIMITS.materialMaxBytes)
      throw AppError.badRequest(APPLICATIONS_MSG.materialType);
  }
  return unique;
};

/** What the seeker's system message says of a delivery's target. */
const targetName = (found: repo.DeliveryListRow) =>
  found.delivery.campusRecruitMode === 'InternProgram'
    ? `实习项目「${found.programName ?? ''}」`
    : `职位「${found.occupationName ?? ''}」`;

/**
 * `POST company/delivery_records/{id}/feedbacks`: a written-test, interview or offer invitation (the rules
 * of `feedbackErrors`, 400 with the first message), unread for the seeker, with a system message to them.
 */
export const sendFeedback = async ({
  ctx,
  actor,
  id,
  body,
}: WhoAsks & { id: number; body: SendFeedbackBody }): Promise<CompanyDeliveryDetail> => {
  const company = await inboxCompanyOf(ctx.db, actor);
  const found = ownDelivery(await repo.findCompanyDelivery(ctx.db, company.id, id));
  const now = ctx.now();
  const [error] = feedbackErrors(body, now.getTime());
  if (error) throw AppError.badRequest(error.message);
  const type = body.type as 'Written' | 'Interview' | 'Offer';
  answerable(found.delivery);
  const occupationIds = [...new Set((body.internOccupationIds ?? []).map(Number))];
  if (occupationIds.length) {
    const groupId = found.delivery.internGroupId;
    const allowed = new Set(
      groupId == null ? [] : (await repo.findProgramOccupations(ctx.db, groupId)).map((o) => o.id),
    );
    if (occupationIds.some((o) => !allowed.has(o)))
      throw AppError.badRequest(APPLICATIONS_MSG.internOccupationInvalid);
  }
  const materialIds = await claimMaterials(ctx, actor.userId, body.materialFileIds ?? []);
  await ctx.db.transaction(async (tx) => {
    // the seeker may withdraw at the same moment: decide on the locked row
    answerable(await repo.lockDelivery(tx, id));
    await repo.insertFeedback(
      tx,
      {
        deliveryId: id,
        type,
        status: 'ToBeProcessed',
        createdBy: actor.userId,
        startAt: new Date(body.startAt as number),
        respondBy: body.respondBy == null ? null : new Date(body.respondBy),
        contactPerson: (body.contactPerson ?? '').trim(),
        mobile: (body.mobile ?? '').trim(),
        place: (body.place ?? '').trim(),
        notice: (body.notice ?? '').trim(),
        offerDescription: (body.offerDescription ?? '').trim(),
        createdAt: now,
        updatedAt: now,
        readAt: null,
      },
      { internOccupationIds: occupationIds, materialFileIds: materialIds },
    );
    await sendMessage({
      db: tx,
      userId: found.delivery.userId,
      type: 'Recruitment',
      body: `${company.nickname || company.name}向你发送了${INVITATION_TITLES[type]}（${targetName(found)}），请在求职反馈中查看并处理`,
      now,
    });
  });
  return detailOf(ctx, ownDelivery(await repo.findCompanyDelivery(ctx.db, company.id, id)));
};

/** `PUT company/delivery_records/{id}/inappropriate`: marks 不合适 (once), unread for the seeker, with a message. */
export const markInappropriate = async ({
  ctx,
  actor,
  id,
}: WhoAsks & { id: number }): Promise<CompanyDeliveryDetail> => {
  const company = await inboxCompanyOf(ctx.db, actor);
  const found = ownDelivery(await repo.findCompanyDelivery(ctx.db, company.id, id));
  answerable(found.delivery);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    answerable(await repo.lockDelivery(tx, id));
    await repo.setInappropriate(tx, id, now);
    await repo.insertFeedback(
      tx,
      {
        deliveryId: id,
        type: 'Inappropriate',
        status: 'ToBeProcessed',
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
        readAt: null,
      },
      { internOccupationIds: [], materialFileIds: [] },
    );
    await sendMessage({
      db: tx,
      userId: found.delivery.userId,
      type: 'Recruitment',
      body: `很遗憾，${company.nickname || company.name}认为你与${targetName(found)}暂不合适，感谢你的投递`,
      now,
    });
  });
  return detailOf(ctx, ownDelivery(await repo.findCompanyDelivery(ctx.db, company.id, id)));
};
