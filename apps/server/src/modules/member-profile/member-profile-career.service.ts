import type { Readable } from 'node:stream';
import {
  type AvatarUpload,
  FILES_MSG,
  firstMemberProfileError,
  jobStatusTitle,
  type MemberCareerProfile,
  type MemberDetail,
  type MemberDetailPart,
  type MemberProfilePutBody,
  MIXED_BODY_MSG,
  memberProfileKindOf,
  monthStart,
  type PoliticalAnswer,
  type PoliticalStatus,
  politicalTitle,
  portraitFileIdOf,
  portraitRef,
  RESUME_LIMITS,
  RESUME_MSG,
  sexTitle,
  type VisibleAnswer,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import { companiesByIds } from '../employer/employer.service';
import { claimFile, type FileUrlContext, fileUrlById, receiveUpload } from '../files/files.service';
import { unreadCountsOf } from '../jobs/feedback.service';
import { touchResumeOf } from '../resume/resume.service';
import type { Actor } from '../sessions/actor';
import { citiesExist, divisionNamesOf, domicileExists, occupationsExist } from './member-profile.catalog';
import { memberAsked, profileOwnerOf } from './member-profile.policy';
import * as repo from './member-profile.repo';
import { basicInfoOf, careerProfileOf, saveProfile } from './member-profile.service';

/*
 * The member profile's career side (issue 13, career spec 3, 4, 5, 7): the four bodies of PUT
 * member_profiles besides the profile-completion dialog's (told apart by `memberProfileKindOf`, checked by
 * `firstMemberProfileError`, both in packages/shared member-profile/career.ts), the political status, the
 * privacy switch, the avatar upload and GET members. Every call works on the asking member's own row.
 */

const blankToNull = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/** How far ahead of UTC a client's clock (time zone) may be: UTC+14. */
const CLIENT_AHEAD_MS = 14 * 3_600_000;
/**
 * A month field as stored: the first instant (UTC) of its month. A month picked in a browser east of UTC
 * may arrive as the local start of the month (Sep 1 00:00 in China = Aug 31 16:00 UTC), so a time in the
 * last 14 hours of a month counts as the next month (as the resume sections do).
 */
const monthOf = (v: number) => new Date(monthStart(v + CLIENT_AHEAD_MS));

const asId = (v: number | string | null | undefined) => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : Number.NaN;
};

/** `PUT member_profiles`: one of the five bodies; the completion dialog's goes to `saveProfile`. */
export const putMemberProfile = async (opts: {
  ctx: Pick<FileUrlContext, 'db' | 'now'>;
  actor: Actor;
  body: MemberProfilePutBody;
}) => {
  const { ctx, actor, body } = opts;
  const now = ctx.now();
  const kind = memberProfileKindOf(body);
  if (kind === null) throw AppError.badRequest(MIXED_BODY_MSG);
  if (kind === 'completion') return saveProfile({ db: ctx.db, actor, body, now });
  const error = firstMemberProfileError(body, now.getTime());
  if (error) throw AppError.badRequest(error.message);
  const userId = profileOwnerOf(actor);
  const db = ctx.db;
  switch (kind) {
    case 'personal': {
      const province = blankToNull(body.domicileProvinceCode);
      const city = blankToNull(body.domicileCityCode);
      if (!(await domicileExists({ db, provinceCode: province, cityCode: city })))
        throw AppError.badRequest(RESUME_MSG.domicileInvalid);
      let portraitFileId: number | null | undefined;
      if (body.portrait === null || body.portrait?.trim() === '') portraitFileId = null;
      else if (body.portrait !== undefined) {
        const fileId = portraitFileIdOf(body.portrait);
        if (fileId === null) throw AppError.badRequest(FILES_MSG.notUsable);
        portraitFileId = (await claimFile({ db, userId, fileId, purposes: ['memberMaterial'] })).id;
      }
      await repo.updateCareerFields(
        db,
        userId,
        {
          name: (body.name as string).trim(),
          birthday: new Date(body.birthday as number),
          sex: body.sex as string,
          email: blankToNull(body.email),
          mobile: (body.mobile as string).trim(),
          domicileProvinceCode: province,
          domicileCityCode: city,
          ...(portraitFileId === undefined ? {} : { portraitFileId }),
        },
        now,
      );
      break;
    }
    case 'editTop': {
      const schoolCode = (body.schoolCode as string).trim();
      const majorCode = (body.majorCode as string).trim();
      if (!(await repo.schoolExists(db, schoolCode))) throw AppError.badRequest(RESUME_MSG.schoolRequired);
      if (!(await repo.majorExists(db, majorCode))) throw AppError.badRequest(RESUME_MSG.majorRequired);
      await repo.updateCareerFields(
        db,
        userId,
        {
          schoolCode,
          majorCode,
          degree: body.degree as string,
          enrolmentAt: monthOf(body.enrolmentAt as number),
          graduateAt: monthOf(body.graduateAt as number),
          gradingRank: blankToNull(body.gradingRank),
        },
        now,
      );
      break;
    }
    case 'status': {
      if (body.status === 'Seeking') {
        await repo.updateCareerFields(
          db,
          userId,
          { status: 'Seeking', companyName: null, companyId: null, occupationName: null, occupationId: null },
          now,
        );
        break;
      }
      const companyId = asId(body.companyId);
      if (Number.isNaN(companyId)) throw AppError.badRequest(UNKNOWN_COMPANY);
      if (companyId !== null && (await companiesByIds({ db, ids: [companyId] })).length === 0)
        throw AppError.badRequest(UNKNOWN_COMPANY);
      await repo.updateCareerFields(
        db,
        userId,
        {
          status: 'Accepted',
          companyName: (body.companyName as string).trim(),
          companyId,
          occupationName: (body.occupationName as string).trim(),
          occupationId:
            body.occupationId === null || body.occupationId === undefined ? null : String(body.occupationId),
        },
        now,
      );
      break;
    }
    case 'intention': {
      const occupationCodes = [...new Set(body.standardOccupationCodes ?? [])];
      const cityCodes = [...new Set(body.cityCodes ?? [])];
      if (!(await occupationsExist({ db, codes: occupationCodes })))
        throw AppError.badRequest(RESUME_MSG.positionUnknown);
      if (!(await citiesExist({ db, codes: cityCodes }))) throw AppError.badRequest(RESUME_MSG.cityUnknown);
      const salaries = [body.minSalary, body.maxSalary].filter((s) => typeof s === 'number');
      if (salaries.some((s) => (s as number) > RESUME_LIMITS.negotiableSalary))
        throw AppError.badRequest(RESUME_MSG.salaryInvalid);
      await repo.replaceIntention(
        db,
        userId,
        { occupationCodes, cityCodes, minSalary: body.minSalary ?? null, maxSalary: body.maxSalary ?? null },
        now,
      );
      break;
    }
  }
  // the resume shows these (personal information, first education, intention): its update time moves
  if (kind !== 'status') await touchResumeOf({ db, userId, now });
  return basicInfoOf({ db, actor });
};

const UNKNOWN_COMPANY = '公司不存在';

/** `PUT member_profiles/political`: sets the political status, or clears it (null). */
export const setPolitical = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  politicalStatus: PoliticalStatus | null;
}): Promise<PoliticalAnswer> => {
  const userId = profileOwnerOf(opts.actor);
  const now = opts.ctx.now();
  await repo.updateCareerFields(opts.ctx.db, userId, { politicalStatus: opts.politicalStatus }, now);
  await touchResumeOf({ db: opts.ctx.db, userId, now });
  return {
    politicalStatus: opts.politicalStatus,
    politicalStatusTitle: politicalTitle(opts.politicalStatus),
  };
};

/** `PUT|DELETE member_profiles/visible`: the privacy switch (visible false hides the resume from HR). */
export const setVisible = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  visible: boolean;
}): Promise<VisibleAnswer> => {
  await repo.updateCareerFields(
    opts.ctx.db,
    profileOwnerOf(opts.actor),
    { visible: opts.visible },
    opts.ctx.now(),
  );
  return { visible: opts.visible ? 'Yes' : 'No' };
};

/** Whole years between a birthday and now, both read in China time (UTC+8). */
export const ageAt = (birthday: number, now: number) => {
  const CHINA = 8 * 3_600_000;
  const b = new Date(birthday + CHINA);
  const n = new Date(now + CHINA);
  let age = n.getUTCFullYear() - b.getUTCFullYear();
  if (
    n.getUTCMonth() < b.getUTCMonth() ||
    (n.getUTCMonth() === b.getUTCMonth() && n.getUTCDate() < b.getUTCDate())
  )
    age -= 1;
  return Math.max(0, age);
};

/**
 * `GET members`: the asking member (an `id` naming anyone else is 403) with the parts `details` asks for:
 * organ (the membership the session acts in), account, profile (portrait as a signed address), intentions,
 * citys.
 */
export const memberDetailOf = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  id: string | undefined;
  details: MemberDetailPart[];
}): Promise<MemberDetail> => {
  const { ctx, actor } = opts;
  const userId = memberAsked(actor, opts.id);
  const career = await careerProfileOf({ db: ctx.db, userId });
  const wants = new Set(opts.details);
  const answer: MemberDetail = { id: String(userId), name: career.name || actor.name };
  if (wants.has('organ')) {
    const m = actor.membership;
    answer.organ = m
      ? { id: m.organisationId, name: m.organisationName, code: m.organisationCode, leafName: m.leafName }
      : null;
  }
  if (wants.has('account')) answer.account = { username: actor.username, name: actor.name };
  if (wants.has('profile')) {
    const divisions = await divisionNamesOf({
      db: ctx.db,
      codes: [career.domicileProvinceCode, career.domicileCityCode].filter((c): c is string => !!c),
    });
    const profile: MemberCareerProfile = {
      name: career.name,
      portrait: await fileUrlById(ctx, career.portraitFileId),
      portraitPath: career.portraitFileId ? portraitRef(career.portraitFileId) : '',
      birthday: career.birthday,
      sex: career.sex,
      sexTitle: sexTitle(career.sex),
      age: career.birthday === null ? null : ageAt(career.birthday, ctx.now().getTime()),
      politicalStatus: (career.politicalStatus as PoliticalStatus | null) ?? null,
      politicalStatusTitle: politicalTitle(career.politicalStatus),
      email: career.email,
      mobile: career.mobile,
      domicileProvinceCode: career.domicileProvinceCode,
      domicileProvinceName: (career.domicileProvinceCode && divisions.get(career.domicileProvinceCode)) || '',
      domicileCityCode: career.domicileCityCode,
      domicileCityName: (career.domicileCityCode && divisions.get(career.domicileCityCode)) || '',
      minSalary: career.minSalary,
      maxSalary: career.maxSalary,
      status: career.status,
      statusTitle: jobStatusTitle(career.status),
      companyName: career.companyName,
      companyId: career.companyId,
      occupationName: career.occupationName,
      occupationId: career.occupationId,
      visible: career.visible ? 'Yes' : 'No',
      updateAt: career.updatedAt,
    };
    answer.profile = profile;
  }
  if (wants.has('intentions'))
    answer.intentions = career.intentions.map((i) => ({
      standardOccupationCode: i.code,
      standardOccupationName: i.name,
    }));
  if (wants.has('citys')) answer.citys = career.cities.map((c) => ({ cityCode: c.code, cityName: c.name }));
  answer.unreadCounts = await unreadCountsOf({ db: ctx.db, userId });
  return answer;
};

/**
 * `POST /api/portal/file_storages/upload?resourceType=memberMaterial&resourceId=`: the avatar, only for
 * oneself (another resourceId is 403); checked and stored by the files area (png/jpeg from the bytes, under
 * 2 MB). `url` is what PUT member_profiles takes as portrait; `viewUrl` shows the image.
 */
export const uploadAvatar = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  resourceId: string;
  upload: { stream: Readable; filename: string } | undefined;
}): Promise<AvatarUpload> => {
  let userId: number;
  try {
    userId = memberAsked(opts.actor, opts.resourceId);
  } catch (error) {
    // refused before reading: throw the bytes away so the request can finish
    opts.upload?.stream.on('error', () => {});
    opts.upload?.stream.resume();
    throw error;
  }
  const file = await receiveUpload(opts.ctx, { userId, purpose: 'memberMaterial', upload: opts.upload });
  return { id: file.id, url: portraitRef(file.id), viewUrl: file.url };
};
