import type { Readable } from 'node:stream';
import {
  formatSalary,
  gradingRankTitle,
  jobStatusTitle,
  politicalTitle,
  proficiencyTitle,
  type ResumeEducation,
  type ResumePreview,
  type ResumePreviewQuery,
  resumeDegreeTitle,
  sexTitle,
} from '@uplus/shared';
import type { Db } from '../../db/client';
import { claimFile, type FileUrlContext, fileUrlById, openContent } from '../files/files.service';
import { careerProfileOf, profileSummaryOf } from '../member-profile/member-profile.service';
import type { Actor } from '../sessions/actor';
import { requireOwnResume, resumeOwnerOf } from './resume.policy';
import { resumeOf, resumeOfUser } from './resume.service';
import { checkFonts, type PdfFonts, renderResumePdf } from './resume-preview.pdf';
import * as repo from './resume-preview.repo';

/*
 * The online resume's preview and PDF export (issue 13; career spec 3 "Resume online (preview)", 7
 * "Preview resume"): the whole resume of the asking member in one answer, and the same as an A4 PDF.
 * Personal information, the first education and the intention come from the member-profile area
 * (`careerProfileOf`); the sections are read here.
 */

type Rank = ResumeEducation['gradingRank'];
const rankOf = (value: string | null): Rank => (value && gradingRankTitle(value) ? (value as Rank) : null);

/** Whole years from `birthday` to `now` (UTC dates, as birthdays are stored). */
export const ageAt = (birthday: number | null, now: Date): number | null => {
  if (birthday === null) return null;
  const b = new Date(birthday);
  let age = now.getUTCFullYear() - b.getUTCFullYear();
  const before =
    now.getUTCMonth() < b.getUTCMonth() ||
    (now.getUTCMonth() === b.getUTCMonth() && now.getUTCDate() < b.getUTCDate());
  if (before) age -= 1;
  return age >= 0 ? age : null;
};

/** The asker's resume (made on first use), or 404 when `resumeId` is given and is not theirs. */
const resumeFor = async (ctx: FileUrlContext, actor: Actor, query: ResumePreviewQuery) => {
  if (query.resumeId !== undefined) {
    requireOwnResume(actor, await repo.findResumeOwner(ctx.db, query.resumeId));
  }
  return {
    userId: resumeOwnerOf(actor),
    resume: await resumeOf({ db: ctx.db, actor, now: ctx.now() }),
  };
};

/**
 * The whole resume with portrait '' (the caller turns `portraitFileId` into a signed address for the page,
 * into bytes for the PDF).
 */
const collect = async (
  ctx: FileUrlContext,
  actor: Actor,
  query: ResumePreviewQuery,
): Promise<{ preview: ResumePreview; portraitFileId: number | null; userId: number }> => {
  const { userId, resume } = await resumeFor(ctx, actor, query);
  return collectOf(ctx, userId, resume);
};

/** The whole resume `resume` of member `userId` (see `collect`). */
const collectOf = async (
  ctx: Pick<FileUrlContext, 'db' | 'now'>,
  userId: number,
  resume: Awaited<ReturnType<typeof resumeOf>>,
): Promise<{ preview: ResumePreview; portraitFileId: number | null; userId: number }> => {
  const [career, summary, sections] = await Promise.all([
    careerProfileOf({ db: ctx.db, userId }),
    profileSummaryOf({ db: ctx.db, userId }),
    repo.findSections(ctx.db, resume.id),
  ]);
  const top = career.topEducation;
  const educations: ResumeEducation[] = [
    ...(top
      ? [
          {
            id: null,
            resumeId: resume.id,
            top: true,
            schoolCode: top.schoolCode,
            schoolName: top.schoolName,
            majorCode: top.majorCode,
            majorName: top.majorName,
            degree: top.degree,
            degreeTitle: resumeDegreeTitle(top.degree),
            enrolmentAt: top.enrolmentAt,
            graduateAt: top.graduateAt,
            gradingRank: rankOf(top.gradingRank),
            gradingRankTitle: gradingRankTitle(top.gradingRank),
          },
        ]
      : []),
    ...sections.educations.map((e) => ({
      id: e.id,
      resumeId: e.resumeId,
      top: false,
      schoolCode: e.schoolCode,
      schoolName: e.schoolName,
      majorCode: e.majorCode,
      majorName: e.majorName,
      degree: e.degree,
      degreeTitle: resumeDegreeTitle(e.degree),
      enrolmentAt: e.enrolmentAt.getTime(),
      graduateAt: e.graduateAt.getTime(),
      gradingRank: rankOf(e.gradingRank),
      gradingRankTitle: gradingRankTitle(e.gradingRank),
    })),
  ];
  return {
    userId,
    portraitFileId: career.portraitFileId,
    preview: {
      id: resume.id,
      updateAt: resume.updateAt,
      profile: {
        name: career.name || summary.name,
        portrait: '',
        sex: career.sex,
        sexTitle: career.sex ? sexTitle(career.sex) : '',
        age: ageAt(career.birthday, ctx.now()),
        birthday: career.birthday,
        politicalStatusTitle: politicalTitle(career.politicalStatus),
        mobile: career.mobile ?? '',
        email: career.email ?? '',
      },
      intention: {
        positions: career.intentions.map((i) => i.name),
        cities: career.cities.map((c) => c.name),
        salary: formatSalary(career.minSalary, career.maxSalary),
        statusTitle: jobStatusTitle(career.status),
      },
      strength: resume.strength,
      educations,
      internships: sections.internships.map((r) => ({
        id: r.id,
        resumeId: r.resumeId,
        companyName: r.companyName,
        inauguralAt: r.inauguralAt.getTime(),
        resignAt: r.resignAt.getTime(),
        occupationName: r.occupationName,
        description: r.description,
      })),
      societies: sections.societies.map((r) => ({
        id: r.id,
        resumeId: r.resumeId,
        societyName: r.societyName,
        startAt: r.startAt.getTime(),
        endAt: r.endAt.getTime(),
        occupationName: r.occupationName,
        description: r.description,
      })),
      awards: sections.awards.map((r) => ({
        id: r.id,
        resumeId: r.resumeId,
        name: r.name,
        awardedAt: r.awardedAt.getTime(),
      })),
      languages: sections.languages.map((r) => ({
        id: r.id,
        resumeId: r.resumeId,
        language: r.language,
        proficiencyLevel: r.proficiencyLevel as ResumePreview['languages'][number]['proficiencyLevel'],
        proficiencyLevelTitle: proficiencyTitle(r.proficiencyLevel),
      })),
      evaluation: resume.evaluation,
    },
  };
};

/**
 * Contract (issue 16): member `userId`'s whole online resume without the avatar (portrait ''), for the
 * career mentor, which reads the asking student's own resume with their consent.
 */
export const resumePreviewOfUser = async (opts: {
  db: Db;
  userId: number;
  now: Date;
}): Promise<ResumePreview> => {
  const resume = await resumeOfUser(opts);
  const { preview } = await collectOf({ db: opts.db, now: () => opts.now }, opts.userId, resume);
  return preview;
};

/** `GET /resume_onlines/preview`: the asker's whole online resume, the avatar as a signed address. */
export const previewOf = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  query: ResumePreviewQuery;
}): Promise<ResumePreview> => {
  const { preview, portraitFileId } = await collect(opts.ctx, opts.actor, opts.query);
  return {
    ...preview,
    profile: { ...preview.profile, portrait: await fileUrlById(opts.ctx, portraitFileId) },
  };
};

/**
 * Contract (issue 14): member `userId`'s whole online resume, avatar signed, for an employer it was delivered
 * to. The caller (jobs/applications.service) checks the delivery and the privacy switch first.
 */
export const previewOfMember = async (opts: {
  ctx: FileUrlContext;
  userId: number;
}): Promise<ResumePreview> => {
  const resume = await resumeOfUser({ db: opts.ctx.db, userId: opts.userId, now: opts.ctx.now() });
  const { preview, portraitFileId } = await collectOf(opts.ctx, opts.userId, resume);
  return {
    ...preview,
    profile: { ...preview.profile, portrait: await fileUrlById(opts.ctx, portraitFileId) },
  };
};

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
};

/** The avatar's bytes when it is the member's own avatar upload (png or jpeg); null otherwise. */
const portraitBytes = async (ctx: FileUrlContext, userId: number, fileId: number | null) => {
  if (fileId === null) return null;
  try {
    const file = await claimFile({ db: ctx.db, userId, fileId, purposes: ['memberMaterial'] });
    const content = await openContent(ctx, file, undefined);
    return content.kind === 'whole' ? await readAll(content.body) : null;
  } catch {
    // a resume without its picture is still worth exporting (a store hiccup, a file removed)
    return null;
  }
};

/** `GET /resume_onlines/pdf`: the asker's online resume as an A4 PDF, with the name for the download. */
export const pdfOf = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  query: ResumePreviewQuery;
  fonts: PdfFonts;
}): Promise<{ name: string; pdf: Buffer }> => {
  checkFonts(opts.fonts); // before any reading: a server without the fonts answers at once
  const { preview, portraitFileId, userId } = await collect(opts.ctx, opts.actor, opts.query);
  const portrait = await portraitBytes(opts.ctx, userId, portraitFileId);
  const pdf = await renderResumePdf({
    resume: preview,
    portrait,
    fonts: opts.fonts,
    now: opts.ctx.now(),
  });
  return { name: preview.profile.name, pdf };
};
