import type { Readable } from 'node:stream';
import {
  type AcceptanceBody,
  type AcceptanceResult,
  type DeliveryTimeline,
  type FeedbackListQuery,
  type FeedbackPage,
  type FeedbackRecord,
  type FeedbackRecordItem,
  type FeedbackType,
  INVITATION_STATUS_TITLES,
  invitationStatusOf,
  JOB_DEGREES,
  JOBS_MSG,
  labelOf,
  type MaterialDownload,
  type MaterialView,
  NO_UNREAD,
  OFFICE_EXTENSIONS,
  type OfficeExtension,
  type TimelineStep,
  timelineTitleOf,
  type UnreadCounts,
} from '@uplus/shared';
import type { Config } from '../../config/config';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { companiesByIds, companyCards, companyOfUser } from '../employer/employer.service';
import {
  type FileRow,
  type FileUrlContext,
  fileById,
  filesByIds,
  fileUrl,
  storeFileBytes,
} from '../files/files.service';
import { joinByOffer, programmesByIds } from '../internships/internships.service';
import { convertToPdf, findSoffice } from '../resume/resume-attached.convert';
import type { Actor } from '../sessions/actor';
import * as repo from './feedback.repo';
import { occupationsByIds } from './occupations.service';

/*
 * The feedback center (issue 14, career spec sections 2, 3, 4, 5, 7): the job seeker's own live deliveries
 * with the company's feedback, answering invitations (an internship offer accepted joins the programme under
 * the one-current-internship rule), read marking, the unread counts, offer files, and the timeline of one
 * application. Accepting one position's offer does not withdraw the others (unlike DfE Apply): a seeker
 * may hold several offers; an internship offer is exclusive through the internship rule.
 */

type Ctx = FileUrlContext & { config: Pick<Config, 'documents'> };
type WhoAsks = { ctx: Ctx; actor: Pick<Actor, 'userId'> };

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

const extensionOf = (file: Pick<FileRow, 'name' | 'contentType'>) => {
  const dot = file.name.lastIndexOf('.');
  if (dot > 0 && dot < file.name.length - 1) return file.name.slice(dot + 1).toLowerCase();
  const byType: Record<string, string> = {
    'application/pdf': 'pdf',
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'application/msword': 'doc',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  };
  return byType[file.contentType] ?? '';
};

/** Feedback records of some deliveries, shaped, in the order given. */
const present = async (
  ctx: Ctx,
  rows: repo.DeliveryRow[],
  type: FeedbackType | undefined,
): Promise<FeedbackRecord[]> => {
  const { db } = ctx;
  const now = ctx.now();
  const ids = rows.map((r) => r.id);
  const feedbacks = await repo.findFeedbacks(db, ids);
  const feedbackIds = feedbacks.map((f) => f.id);
  const [materials, feedbackOccupations, deliveryOccupations, occupations, programmes, companies] =
    await Promise.all([
      repo.findMaterials(db, feedbackIds),
      repo.findFeedbackInternOccupations(db, feedbackIds),
      repo.findDeliveryOccupations(db, ids),
      occupationsByIds({ db, ids: rows.map((r) => r.occupationId).filter((x): x is number => x != null) }),
      programmesByIds({
        db,
        ids: rows.map((r) => r.internGroupId).filter((x): x is number => x != null),
        now,
      }),
      companyCards({ ctx, ids: rows.map((r) => r.companyId) }),
    ]);
  const files = new Map(
    (
      await filesByIds(
        db,
        materials.map((m) => m.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  const occupationById = new Map(occupations.map((o) => [o.id, o]));
  const item = (f: repo.FeedbackRow): FeedbackRecordItem => ({
    id: String(f.id),
    type: f.type as FeedbackType,
    status: invitationStatusOf(f.status, f.respondBy, now),
    createAt: f.createdAt.getTime(),
    updateAt: f.updatedAt.getTime(),
    startTimestamp: ms(f.startAt),
    respondByTimestamp: ms(f.respondBy),
    answeredAt: ms(f.answeredAt),
    unRead: f.readAt ? 'No' : 'Yes',
    invitationContent: { cotactPerson: f.contactPerson, mobile: f.mobile, place: f.place, notice: f.notice },
    offerDescription: f.offerDescription,
    offerMaterials: materials
      .filter((m) => m.feedbackId === f.id && files.has(m.fileId))
      .map((m) => {
        const file = files.get(m.fileId) as FileRow;
        return {
          id: String(file.id),
          name: file.name,
          extension: extensionOf(file),
          resourceType: file.purpose,
        };
      }),
    internOccupations: feedbackOccupations
      .filter((o) => o.feedbackId === f.id)
      .map((o) => ({ id: String(o.id), name: o.name })),
  });
  return rows.map((d) => {
    const mine = feedbacks.filter((f) => f.deliveryId === d.id);
    const ofType = type ? mine.filter((f) => f.type === type) : mine;
    const company = companies.get(d.companyId) ?? null;
    const occupation = d.occupationId != null ? occupationById.get(d.occupationId) : undefined;
    const programme = d.internGroupId != null ? programmes.get(d.internGroupId) : undefined;
    const name = occupation?.name ?? programme?.name ?? '';
    return {
      id: String(d.id),
      campusRecruitMode: d.campusRecruitMode as FeedbackRecord['campusRecruitMode'],
      createAt: d.createdAt.getTime(),
      viewedAt: ms(d.viewedAt),
      inappropriateAt: ms(d.inappropriateAt) ?? ms(mine.find((f) => f.type === 'Inappropriate')?.createdAt),
      occupationId: d.occupationId != null ? String(d.occupationId) : null,
      targetId: String(d.occupationId ?? d.internGroupId),
      companyId: String(d.companyId),
      unReadStatus: ofType.some((f) => !f.readAt) ? 'Yes' : 'No',
      feedbacks: mine.map((f) => ({
        type: f.type as FeedbackType,
        status: invitationStatusOf(f.status, f.respondBy, now),
      })),
      feedbackRecords: ofType.map(item),
      company: company
        ? {
            id: company.id,
            name: company.name,
            nickName: company.nickName,
            logo: company.logo,
            description: company.description,
            financingRoundTitle: company.financingRoundTitle,
            industryTitle: company.industryTitle,
            scaleTitle: company.scaleTitle,
          }
        : null,
      content: {
        name,
        occupationName: name,
        companyNickName: company?.nickName ?? '',
        jobNature: occupation?.jobNature ?? 'Internship',
        minSalary: occupation?.minSalary ?? 0,
        maxSalary: occupation?.maxSalary ?? 0,
        cityName: occupation?.cityName ?? '',
        degreeTitle: occupation ? labelOf(JOB_DEGREES, occupation.degree) : '',
        onlined: occupation
          ? occupation.onlined === 'Yes'
            ? 'Yes'
            : 'No'
          : programme?.deleted
            ? 'No'
            : 'Yes',
      },
      internProgram: programme
        ? {
            id: String(programme.id),
            name: programme.name,
            status: programme.status,
            deleted: programme.deleted ? 'Yes' : 'No',
            internshipStartTimestamp: programme.startAt.getTime(),
            internshipEndTimestamp: programme.endAt.getTime(),
          }
        : null,
      deliveryOccupations: deliveryOccupations
        .filter((o) => o.deliveryId === d.id)
        .map(({ occupation: o }) => ({
          id: String(o.id),
          name: o.name,
          cityName: o.cityName,
          degreeTitle: labelOf(JOB_DEGREES, o.degree),
          internOccupationId: String(o.id),
        })),
    };
  });
};

/** `GET delivery_records`: a page of the asker's own live deliveries of one mode, as the tab asks. */
export const pageFeedback = async ({
  ctx,
  actor,
  query,
}: WhoAsks & { query: FeedbackListQuery }): Promise<FeedbackPage> => {
  const page = await repo.pageDeliveries(ctx.db, actor.userId, query);
  return { total: page.total, rows: await present(ctx, page.rows, query.type) };
};

/** One delivery as the career mentor reads it: what, where, when, and how far it got. */
export type DeliverySummary = {
  position: string;
  company: string;
  mode: 'Recruitment' | 'InternProgram';
  deliveredAt: number;
  /** 已投递, 被查看, 笔试邀请（待处理）, 面试邀请（已接受）, 录用通知（…）, 不合适 */
  status: string;
};

/**
 * Contract (issue 16): a member's newest live deliveries with the stage each reached, for the career mentor
 * (the student's own, read with their consent). No files, no contact details.
 */
export const recentDeliveriesOf = async (opts: {
  db: Db;
  userId: number;
  limit: number;
  now: Date;
}): Promise<DeliverySummary[]> => {
  const rows = await repo.recentDeliveries(opts.db, opts.userId, opts.limit);
  const [feedbacks, occupations, programmes, companies] = await Promise.all([
    repo.findFeedbacks(
      opts.db,
      rows.map((r) => r.id),
    ),
    occupationsByIds({
      db: opts.db,
      ids: rows.map((r) => r.occupationId).filter((x): x is number => x != null),
    }),
    programmesByIds({
      db: opts.db,
      ids: rows.map((r) => r.internGroupId).filter((x): x is number => x != null),
      now: opts.now,
    }),
    companiesByIds({ db: opts.db, ids: [...new Set(rows.map((r) => r.companyId))] }),
  ]);
  const occupationById = new Map(occupations.map((o) => [o.id, o]));
  const companyById = new Map(companies.map((c) => [c.id, c]));
  const titles: Record<string, string> = { Written: '笔试邀请', Interview: '面试邀请', Offer: '录用通知' };
  return rows.map((d) => {
    const mine = feedbacks.filter((f) => f.deliveryId === d.id);
    const invitation = ['Offer', 'Interview', 'Written']
      .map((type) => mine.find((f) => f.type === type))
      .find((f) => f !== undefined);
    const status =
      d.inappropriateAt || mine.some((f) => f.type === 'Inappropriate')
        ? '不合适'
        : invitation
          ? `${titles[invitation.type]}（${INVITATION_STATUS_TITLES[invitationStatusOf(invitation.status, invitation.respondBy, opts.now.getTime())]}）`
          : d.viewedAt
            ? '被查看'
            : '已投递';
    const company = companyById.get(d.companyId);
    return {
      position:
        (d.occupationId != null ? occupationById.get(d.occupationId)?.name : undefined) ??
        (d.internGroupId != null ? programmes.get(d.internGroupId)?.name : undefined) ??
        '',
      company: company?.nickname || company?.name || '',
      mode: d.campusRecruitMode === 'InternProgram' ? 'InternProgram' : 'Recruitment',
      deliveredAt: d.createdAt.getTime(),
      status,
    };
  });
};

const ownDelivery = async (db: Db, userId: number, id: number) => {
  const row = await repo.findOwnDelivery(db, userId, id);
  if (!row) throw AppError.notFound(JOBS_MSG.deliveryNotFound);
  return row;
};

/** `GET delivery_records/{id}`: one of the asker's own live deliveries (404 投递记录不存在 otherwise). */
export const feedbackDetail = async ({
  ctx,
  actor,
  id,
  type,
}: WhoAsks & { id: number; type?: FeedbackType }): Promise<FeedbackRecord> => {
  const row = await ownDelivery(ctx.db, actor.userId, id);
  const [record] = await present(ctx, [row], type);
  return record as FeedbackRecord;
};

/**
 * `PUT delivery_records/{id}/invitation/acceptances`: answers the newest invitation of `type` on the asker's
 * own delivery, only while ToBeProcessed (Timeout 400 该邀请已超时, answered 400 该邀请已处理). The invitation
 * row is locked, so two answers of one invitation run one after the other. Accepting an internship offer
 * joins the programme in the same transaction (internships.joinByOffer: the user lock and the
 * one-current-internship rule, 400 每人同时只能参加1个实习计划… otherwise, and nothing is answered).
 */
export const answerInvitation = async ({
  ctx,
  actor,
  id,
  body,
}: WhoAsks & { id: number; body: AcceptanceBody }): Promise<AcceptanceResult> =>
  ctx.db.transaction(async (tx) => {
    const delivery = await ownDelivery(tx, actor.userId, id);
    const feedback = await repo.lockNewestFeedback(tx, delivery.id, body.type);
    if (!feedback) throw AppError.notFound(JOBS_MSG.invitationNotFound);
    const now = ctx.now();
    const status = invitationStatusOf(feedback.status, feedback.respondBy, now);
    if (status === 'Timeout') throw AppError.badRequest(JOBS_MSG.invitationTimedOut);
    if (status !== 'ToBeProcessed') throw AppError.badRequest(JOBS_MSG.alreadyAnswered);
    await repo.answerFeedback(tx, feedback.id, delivery.id, body.status, now);
    let internshipGroupId: string | null = null;
    if (
      body.status === 'Accepted' &&
      body.type === 'Offer' &&
      delivery.campusRecruitMode === 'InternProgram' &&
      delivery.internGroupId != null
    ) {
      const [position] = await repo.findFeedbackInternOccupations(tx, [feedback.id]);
      const [applied] = position ? [] : await repo.findDeliveryOccupations(tx, [delivery.id]);
      const joined = await joinByOffer({
        db: tx,
        userId: actor.userId,
        groupId: delivery.internGroupId,
        occupationName: position?.name ?? applied?.occupation.name ?? '',
        now,
      });
      internshipGroupId = joined.internshipGroupId;
    }
    return { id: String(feedback.id), type: body.type, status: body.status, internshipGroupId };
  });

/** `DELETE delivery_records/{id}/unread_invitations`: the asker's own delivery's feedback of `type` read. */
export const markFeedbackRead = async ({
  ctx,
  actor,
  id,
  type,
}: WhoAsks & { id: number; type?: FeedbackType }) => {
  const delivery = await ownDelivery(ctx.db, actor.userId, id);
  return { marked: await repo.markRead(ctx.db, delivery.id, type, ctx.now()) };
};

/** Contract (member-profile `GET members`): the user's unread invitations per type and mode. */
export const unreadCountsOf = async (opts: { db: Db; userId: number }): Promise<UnreadCounts> => {
  const counts = { ...NO_UNREAD };
  for (const r of await repo.countUnread(opts.db, opts.userId)) {
    const intern = r.mode === 'InternProgram';
    if (r.type === 'Written') counts[intern ? 'internWritten' : 'written'] += r.n;
    if (r.type === 'Interview') counts[intern ? 'internInterview' : 'interview'] += r.n;
    if (r.type === 'Offer') counts[intern ? 'internOffer' : 'offer'] += r.n;
  }
  return counts;
};

/**
 * `GET delivery_records/{id}/timeline`: every step of one of the asker's applications (cancelled ones too),
 * oldest first: delivered, viewed, each invitation and its answer (or its timeout), 不合适, cancelled.
 */
export const deliveryTimeline = async ({
  ctx,
  actor,
  id,
}: WhoAsks & { id: number }): Promise<DeliveryTimeline> => {
  const delivery = await repo.findOwnDelivery(ctx.db, actor.userId, id, true);
  if (!delivery) throw AppError.notFound(JOBS_MSG.deliveryNotFound);
  const now = ctx.now();
  const feedbacks = await repo.findFeedbacks(ctx.db, [delivery.id]);
  const step = (
    kind: TimelineStep['kind'],
    at: Date,
    extra: Partial<Omit<TimelineStep, 'kind' | 'at' | 'title'>> = {},
  ): TimelineStep => ({
    kind,
    at: at.getTime(),
    feedbackType: extra.feedbackType ?? null,
    status: extra.status ?? null,
    startTimestamp: extra.startTimestamp ?? null,
    place: extra.place ?? '',
    title: timelineTitleOf(kind, extra.feedbackType, extra.status),
  });
  const steps: TimelineStep[] = [step('Delivered', delivery.createdAt)];
  if (delivery.viewedAt) steps.push(step('Viewed', delivery.viewedAt));
  let inappropriateShown = false;
  for (const f of [...feedbacks].reverse()) {
    const feedbackType = f.type as FeedbackType;
    if (feedbackType === 'Inappropriate') {
      steps.push(step('Inappropriate', f.createdAt, { feedbackType }));
      inappropriateShown = true;
      continue;
    }
    steps.push(
      step('Invitation', f.createdAt, {
        feedbackType,
        startTimestamp: ms(f.startAt),
        place: f.place,
        status: 'ToBeProcessed',
      }),
    );
    const status = invitationStatusOf(f.status, f.respondBy, now);
    if ((status === 'Accepted' || status === 'Rejected') && f.answeredAt)
      steps.push(step('Answer', f.answeredAt, { feedbackType, status }));
    if (status === 'Timeout' && f.respondBy)
      steps.push(step('Answer', f.respondBy, { feedbackType, status }));
  }
  if (delivery.inappropriateAt && !inappropriateShown)
    steps.push(step('Inappropriate', delivery.inappropriateAt));
  if (delivery.canceledAt) steps.push(step('Canceled', delivery.canceledAt));
  // stable: equal times keep the order above (delivered before viewed before an invitation...)
  return { id: String(delivery.id), steps: steps.sort((a, b) => a.at - b.at) };
};

// ---------------------------------------------------------------------------------------------------------
// Offer files

/** A file of an offer the asker may open: the seeker of the delivery, or a user of its company (else 404). */
const reachableMaterial = async (ctx: Ctx, actor: Pick<Actor, 'userId'>, fileId: number) => {
  const owners = await repo.findMaterialOwners(ctx.db, fileId);
  let allowed = owners.some((o) => o.userId === actor.userId);
  if (!allowed && owners.length) {
    const company = await companyOfUser({ db: ctx.db, userId: actor.userId });
    allowed = !!company && owners.some((o) => o.companyId === company.id);
  }
  const file = allowed ? await fileById(ctx.db, fileId) : null;
  if (!file) throw AppError.notFound(JOBS_MSG.materialNotFound);
  return file;
};

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/**
 * PDFs made of Office offer files, per instance (file id -> the PDF's file id). The files area has no place
 * for a derived file and the offer's rows are another area's schema; a second instance converts once more.
 */
const converted = new Map<number, number>();
const CONVERTED_MAX = 500;

const officePdf = async (ctx: Ctx, file: FileRow, extension: OfficeExtension): Promise<FileRow | null> => {
  const made = converted.get(file.id);
  const known = made ? await fileById(ctx.db, made) : null;
  if (known) return known;
  const soffice = await findSoffice(ctx.config.documents.sofficePath);
  if (!soffice) return null;
  try {
    const stored = await ctx.storage.get(file.storageKey);
    if (!stored) return null;
    const pdf = await convertToPdf(soffice, await readAll(stored.body), extension);
    const row = await storeFileBytes(ctx, {
      ownerId: file.ownerId,
      purpose: 'offerMaterial',
      name: `${file.name}.pdf`,
      bytes: pdf,
    });
    if (converted.size >= CONVERTED_MAX) converted.delete(converted.keys().next().value as number);
    converted.set(file.id, row.id);
    return row;
  } catch {
    return null;
  }
};

/**
 * `GET sys_materials/{id}/view`: where to show an offer file. Office types as a PDF LibreOffice made when it
 * is installed; otherwise (or when it fails) the file itself with its own extension, and the page says
 * 格式不支持预览 for what it cannot show.
 */
export const viewMaterial = async ({ ctx, actor, id }: WhoAsks & { id: number }): Promise<MaterialView> => {
  const file = await reachableMaterial(ctx, actor, id);
  const extension = extensionOf(file);
  const office = (OFFICE_EXTENSIONS as readonly string[]).includes(extension)
    ? await officePdf(ctx, file, extension as OfficeExtension)
    : null;
  return {
    id: String(file.id),
    name: file.name,
    path: await fileUrl(ctx, office ?? file),
    extension: office ? 'pdf' : extension,
    originalExtension: extension,
  };
};

/** `GET sys_materials/{id}/download`: a signed address of the file itself. */
export const downloadMaterial = async ({
  ctx,
  actor,
  id,
}: WhoAsks & { id: number }): Promise<MaterialDownload> => {
  const file = await reachableMaterial(ctx, actor, id);
  return { signedUrl: await fileUrl(ctx, file), name: file.name };
};
