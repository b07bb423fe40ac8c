import { randomBytes } from 'node:crypto';
import {
  APPLY_ROLE_TITLES,
  APPLY_STATUS_TITLES,
  type ApplyRecord,
  type ApplyRole,
  type ApplyStatus,
  applyEnableOf,
  COMPETITION_MODE_TITLES,
  COMPETITIONS_MSG,
  type CompetitionBody,
  type CompetitionInfo,
  type CompetitionMode,
  type CompetitionsQuery,
  type LeaderInfoBody,
  type PageQuery,
  type PersonalInfoBody,
  type Registration,
  type StartApplyBody,
  type TeamMember,
  type TeamNameCheck,
  type TeamPreview,
  teamNameError,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { claimFile, type FileUrlContext, fileUrls } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import {
  assertCaptain,
  assertCreator,
  assertMember,
  assertOrganiser,
  assertStudent,
} from './competitions.policy';
import * as repo from './competitions.repo';

/*
 * Competitions (issue 14): organisers publish competitions with tracks and areas; students register alone
 * (Personal) or as a team (Group: the starter is Captain, others join by the captain's link while the team
 * is under its size and the apply period is open); saving the applicant info submits the registration.
 */

type Ctx = FileUrlContext;
const pageOf = (q: PageQuery) => ({ offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
const ms = (d: Date) => d.getTime();
const str = (id: number | null | undefined) => (id == null ? null : String(id));

/** The constraint a unique violation names (drizzle wraps the driver's error in `cause`); null: not one. */
const uniqueViolation = (error: unknown): string | null => {
  for (
    let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
  ) {
    if (e.code === '23505') return e.constraint ?? e.message ?? '';
    e = e.cause as typeof e;
  }
  return null;
};
const rethrowUnique = (error: unknown): never => {
  const constraint = uniqueViolation(error);
  if (constraint == null) throw error;
  if (constraint.includes('team_name')) throw AppError.badRequest(COMPETITIONS_MSG.teamNameTaken);
  throw AppError.badRequest(COMPETITIONS_MSG.alreadyApplied);
};

// ----- Competitions

const competitionOr404 = async (db: Db, id: number) => {
  const row = await repo.findCompetition(db, id);
  if (!row) throw AppError.notFound(COMPETITIONS_MSG.competitionNotFound);
  return row;
};

/** Competitions as the browser sees them: tracks, areas, registration counts and cover addresses at once. */
const describeCompetitions = async (
  ctx: Ctx,
  rows: repo.CompetitionRow[],
  actor: Actor | null,
): Promise<CompetitionInfo[]> => {
  const ids = rows.map((r) => r.id);
  const [tracks, areas, counts, covers] = await Promise.all([
    repo.tracksOf(ctx.db, ids),
    repo.areasOf(ctx.db, ids),
    repo.recordCounts(ctx.db, ids),
    fileUrls(
      ctx,
      rows.map((r) => r.coverFileId),
    ),
  ]);
  const now = ctx.now();
  return rows.map((c) => ({
    id: String(c.id),
    name: c.name,
    organizer: c.organizer,
    coverUrl: c.coverFileId == null ? '' : (covers.get(c.coverFileId) ?? ''),
    coverFileId: str(c.coverFileId),
    description: c.description,
    mode: c.mode as CompetitionMode,
    modeTitle: COMPETITION_MODE_TITLES[c.mode as CompetitionMode],
    maxTeamSize: c.maxTeamSize,
    applyStartAt: ms(c.applyStartAt),
    applyEndAt: ms(c.applyEndAt),
    endAt: ms(c.endAt),
    applyEnable: applyEnableOf(c, now),
    tracks: tracks.filter((t) => t.competitionId === c.id).map((t) => ({ id: String(t.id), name: t.name })),
    areas: areas
      .filter((a) => a.competitionId === c.id)
      .map((a) => ({ id: String(a.id), name: a.name, divisionCode: a.divisionCode ?? '' })),
    applyCount: counts.get(c.id) ?? 0,
    editable: actor?.userId === c.createdBy,
  }));
};

const describeCompetition = async (ctx: Ctx, row: repo.CompetitionRow, actor: Actor | null) => {
  const [info] = await describeCompetitions(ctx, [row], actor);
  if (!info) throw new Error('competition not described');
  return info;
};

/** `GET competitions`: the public list. */
export const pageCompetitions = async (opts: { ctx: Ctx; query: CompetitionsQuery }) => {
  const { rows, total } = await repo.pageCompetitions(
    opts.ctx.db,
    { search: opts.query.search },
    pageOf(opts.query),
  );
  return { rows: await describeCompetitions(opts.ctx, rows, null), total };
};

/** `GET competitions/{id}`: base info (anyone). */
export const competitionInfoOf = async (opts: { ctx: Ctx; actor: Actor | null; id: number }) =>
  describeCompetition(opts.ctx, await competitionOr404(opts.ctx.db, opts.id), opts.actor);

/** `GET competitions/{id}/area_info`. */
export const areaInfoOf = async (opts: { db: Db; id: number }) => {
  await competitionOr404(opts.db, opts.id);
  const areas = await repo.areasOf(opts.db, [opts.id]);
  return areas.map((a) => ({ id: String(a.id), name: a.name, divisionCode: a.divisionCode ?? '' }));
};

/** `GET competitions/mine`: the organiser's competitions, newest first. */
export const pageMine = async (opts: { ctx: Ctx; actor: Actor; query: PageQuery }) => {
  assertOrganiser(opts.actor);
  const { rows, total } = await repo.pageCompetitions(
    opts.ctx.db,
    { createdBy: opts.actor.userId },
    pageOf(opts.query),
  );
  return { rows: await describeCompetitions(opts.ctx, rows, opts.actor), total };
};

const coverOf = async (db: Db, actor: Actor, body: CompetitionBody, current: number | null) => {
  const fileId = body.coverFileId == null ? null : Number(body.coverFileId);
  if (fileId == null || fileId === current) return fileId;
  return (await claimFile({ db, userId: actor.userId, fileId, purposes: ['poster'] })).id;
};

const fieldsOf = (body: CompetitionBody) => ({
  name: body.name,
  organizer: body.organizer,
  description: body.description,
  mode: body.mode,
  maxTeamSize: body.mode === 'Group' ? (body.maxTeamSize ?? 2) : 1,
  applyStartAt: new Date(body.applyStartAt),
  applyEndAt: new Date(body.applyEndAt),
  endAt: new Date(body.endAt),
});

const items = <T extends { id?: string }>(list: T[]) =>
  list.map((i) => ({ ...i, id: i.id == null ? undefined : Number(i.id) }));

/** `POST competitions`. */
export const createCompetition = async (opts: { ctx: Ctx; actor: Actor; body: CompetitionBody }) => {
  assertOrganiser(opts.actor);
  const coverFileId = await coverOf(opts.ctx.db, opts.actor, opts.body, null);
  const row = await opts.ctx.db.transaction(async (tx) => {
    const created = await repo.insertCompetition(tx, {
      ...fieldsOf(opts.body),
      coverFileId,
      createdBy: opts.actor.userId,
    });
    await repo.replaceTracks(tx, created.id, items(opts.body.tracks));
    await repo.replaceAreas(tx, created.id, items(opts.body.areas));
    return created;
  });
  return describeCompetition(opts.ctx, row, opts.actor);
};

/** `PUT competitions/{id}`: the creator only; the mode is fixed once anyone registered. */
export const updateCompetition = async (opts: {
  ctx: Ctx;
  actor: Actor;
  id: number;
  body: CompetitionBody;
}) => {
  assertOrganiser(opts.actor);
  const existing = await competitionOr404(opts.ctx.db, opts.id);
  assertCreator(opts.actor, existing);
  const coverFileId = await coverOf(opts.ctx.db, opts.actor, opts.body, existing.coverFileId);
  const row = await opts.ctx.db.transaction(async (tx) => {
    const locked = await repo.lockCompetition(tx, opts.id);
    if (!locked) throw AppError.notFound(COMPETITIONS_MSG.competitionNotFound);
    if (locked.mode !== opts.body.mode && ((await repo.recordCounts(tx, [opts.id])).get(opts.id) ?? 0) > 0) {
      throw AppError.badRequest(COMPETITIONS_MSG.modeLocked);
    }
    const updated = await repo.updateCompetition(tx, opts.id, {
      ...fieldsOf(opts.body),
      coverFileId,
      updatedAt: opts.ctx.now(),
    });
    await repo.replaceTracks(tx, opts.id, items(opts.body.tracks));
    await repo.replaceAreas(tx, opts.id, items(opts.body.areas));
    return updated ?? locked;
  });
  return describeCompetition(opts.ctx, row, opts.actor);
};

// ----- Records

/** A record as its member `member` sees it. */
const describeRecord = async (
  db: Db,
  record: repo.RecordRow,
  member: repo.MemberRow,
  now: Date,
): Promise<ApplyRecord> => {
  const competition = await repo.findCompetition(db, record.competitionId);
  if (!competition) throw AppError.notFound(COMPETITIONS_MSG.recordNotFound);
  const [track, area, memberCount] = await Promise.all([
    record.trackId == null ? null : repo.trackOf(db, record.competitionId, record.trackId),
    record.areaId == null ? null : repo.areaOf(db, record.competitionId, record.areaId),
    repo.memberCount(db, record.id),
  ]);
  const info = record.applyInfo;
  const role = member.role as ApplyRole;
  const status = record.status as ApplyStatus;
  return {
    id: String(record.id),
    competitionId: String(record.competitionId),
    mode: record.mode as CompetitionMode,
    role,
    roleTitle: APPLY_ROLE_TITLES[role],
    leaderId: String(record.leaderId),
    status,
    statusTitle: APPLY_STATUS_TITLES[status],
    applyTime: record.appliedAt ? ms(record.appliedAt) : null,
    applyEnable: applyEnableOf(competition, now),
    trackId: str(record.trackId),
    trackName: track?.name ?? '',
    areaId: str(record.areaId),
    areaName: area?.name ?? '',
    applyInfo: {
      name: info.name ?? '',
      mobile: info.mobile ?? '',
      email: info.email ?? '',
      organName: info.organName ?? '',
      majorName: info.majorName ?? '',
      teamName: record.teamName ?? '',
    },
    memberCount,
    maxTeamSize: competition.maxTeamSize,
    inviteCode: role === 'Captain' && record.mode === 'Group' ? record.inviteCode : '',
  };
};

/** `GET apply_records/personal?competitionId=`: the asker's registration in a competition, or null. */
export const personalRecord = async (opts: { db: Db; actor: Actor; competitionId: number; now: Date }) => {
  const found = await repo.membershipInCompetition(opts.db, opts.competitionId, opts.actor.userId);
  return found ? describeRecord(opts.db, found.record, found.member, opts.now) : null;
};

/** `GET apply_records/verify/team_name`: whether a team name is free in the competition. */
export const verifyTeamName = async (opts: {
  db: Db;
  competitionId: number;
  teamName: string;
}): Promise<TeamNameCheck> => {
  await competitionOr404(opts.db, opts.competitionId);
  const error = teamNameError(opts.teamName);
  if (error) return { available: false, message: error };
  if (await repo.teamNameTaken(opts.db, opts.competitionId, opts.teamName.trim())) {
    return { available: false, message: COMPETITIONS_MSG.teamNameTaken };
  }
  return { available: true, message: COMPETITIONS_MSG.teamNameAvailable };
};

/** `POST apply_records`: a Draft registration; in Group mode the asker is Captain of the named team. */
export const startApply = async (opts: { db: Db; actor: Actor; body: StartApplyBody; now: Date }) => {
  assertStudent(opts.actor);
  const competitionId = Number(opts.body.competitionId);
  const competition = await competitionOr404(opts.db, competitionId);
  if (opts.body.mode !== competition.mode) throw AppError.badRequest(COMPETITIONS_MSG.wrongMode);
  if (!applyEnableOf(competition, opts.now)) throw AppError.badRequest(COMPETITIONS_MSG.notApplyPeriod);
  const teamName = competition.mode === 'Group' ? (opts.body.teamName ?? '').trim() : null;
  try {
    return await opts.db.transaction(async (tx) => {
      if (await repo.membershipInCompetition(tx, competitionId, opts.actor.userId)) {
        throw AppError.badRequest(COMPETITIONS_MSG.alreadyApplied);
      }
      if (teamName && (await repo.teamNameTaken(tx, competitionId, teamName))) {
        throw AppError.badRequest(COMPETITIONS_MSG.teamNameTaken);
      }
      const record = await repo.insertRecord(tx, {
        competitionId,
        leaderId: opts.actor.userId,
        mode: competition.mode,
        teamName,
        inviteCode: randomBytes(12).toString('base64url'),
      });
      const member = await repo.insertMember(tx, {
        recordId: record.id,
        competitionId,
        userId: opts.actor.userId,
        role: 'Captain',
        joinedAt: opts.now,
      });
      return describeRecord(tx, record, member, opts.now);
    });
  } catch (error) {
    return rethrowUnique(error);
  }
};

/** The record and the asker's member row in it; 404 for anyone not in it. */
const myRecord = async (db: Db, actor: Actor, recordId: number) => {
  const record = await repo.findRecord(db, recordId);
  const member = assertMember(record ? await repo.membershipInRecord(db, recordId, actor.userId) : null);
  return { record: record as repo.RecordRow, member };
};

/** The track and area chosen: required (and of this competition) when the competition has any. */
const trackAndArea = async (db: Db, competitionId: number, body: PersonalInfoBody) => {
  const [tracks, areas] = await Promise.all([
    repo.tracksOf(db, [competitionId]),
    repo.areasOf(db, [competitionId]),
  ]);
  const pick = (list: { id: number }[], id: string | null | undefined, message: string) => {
    if (list.length === 0) return null;
    const wanted = id == null ? null : Number(id);
    if (wanted == null || !list.some((i) => i.id === wanted)) throw AppError.badRequest(message);
    return wanted;
  };
  return {
    trackId: pick(tracks, body.trackId, COMPETITIONS_MSG.trackRequired),
    areaId: pick(areas, body.areaId, COMPETITIONS_MSG.areaRequired),
  };
};

const saveInfo = async (opts: {
  db: Db;
  actor: Actor;
  recordId: number;
  body: PersonalInfoBody & { teamName?: string };
  mode: CompetitionMode;
  now: Date;
}) => {
  const { record, member } = await myRecord(opts.db, opts.actor, opts.recordId);
  if (record.mode !== opts.mode) throw AppError.badRequest(COMPETITIONS_MSG.wrongMode);
  assertCaptain(member);
  const competition = await competitionOr404(opts.db, record.competitionId);
  if (!applyEnableOf(competition, opts.now)) throw AppError.badRequest(COMPETITIONS_MSG.notApplyPeriod);
  const { trackId, areaId } = await trackAndArea(opts.db, record.competitionId, opts.body);
  const teamName = opts.mode === 'Group' ? (opts.body.teamName ?? '').trim() : null;
  if (teamName && (await repo.teamNameTaken(opts.db, record.competitionId, teamName, record.id))) {
    throw AppError.badRequest(COMPETITIONS_MSG.teamNameTaken);
  }
  const b = opts.body;
  const applyInfo = {
    name: (b.name ?? '').trim(),
    mobile: (b.mobile ?? '').trim(),
    email: (b.email ?? '').trim(),
    organName: (b.organName ?? '').trim(),
    majorName: (b.majorName ?? '').trim(),
  };
  try {
    const updated = await repo.updateRecord(opts.db, record.id, {
      ...(teamName ? { teamName } : {}),
      trackId,
      areaId,
      applyInfo,
      status: 'Submitted',
      appliedAt: record.appliedAt ?? opts.now,
      updatedAt: opts.now,
    });
    return describeRecord(opts.db, updated ?? record, member, opts.now);
  } catch (error) {
    return rethrowUnique(error);
  }
};

/** `PUT apply_records/personal/{recordId}/info`: submits a personal registration. */
export const savePersonalInfo = (opts: {
  db: Db;
  actor: Actor;
  recordId: number;
  body: PersonalInfoBody;
  now: Date;
}) => saveInfo({ ...opts, mode: 'Personal' });

/** `PUT apply_records/team/leader/{recordId}/info`: the captain submits the team's registration. */
export const saveLeaderInfo = (opts: {
  db: Db;
  actor: Actor;
  recordId: number;
  body: LeaderInfoBody;
  now: Date;
}) => saveInfo({ ...opts, mode: 'Group' });

/** `GET apply_records/{id}/team_members`: members only. */
export const teamMembersOf = async (opts: {
  db: Db;
  actor: Actor;
  recordId: number;
}): Promise<TeamMember[]> => {
  await myRecord(opts.db, opts.actor, opts.recordId);
  const rows = await repo.membersOf(opts.db, opts.recordId);
  return rows.map(({ member, name }) => ({
    id: String(member.id),
    userId: String(member.userId),
    name,
    role: member.role as ApplyRole,
    roleTitle: APPLY_ROLE_TITLES[member.role as ApplyRole],
    joinedAt: ms(member.joinedAt),
  }));
};

/** A record the asker is in, or whose join code they hold (a Group record); 404 otherwise. */
const visibleRecord = async (db: Db, actor: Actor, recordId: number, code: string | undefined) => {
  const record = await repo.findRecord(db, recordId);
  const member = record ? await repo.membershipInRecord(db, recordId, actor.userId) : null;
  if (!record || (!member && (record.mode !== 'Group' || !code || code !== record.inviteCode))) {
    throw AppError.notFound(COMPETITIONS_MSG.recordNotFound);
  }
  return { record, member };
};

/** `GET apply_records/{id}/team?code=`: what the link page shows. */
export const teamPreviewOf = async (opts: {
  ctx: Ctx;
  actor: Actor;
  recordId: number;
  code?: string;
}): Promise<TeamPreview> => {
  const { db } = opts.ctx;
  const { record, member } = await visibleRecord(db, opts.actor, opts.recordId, opts.code);
  const competition = await competitionOr404(db, record.competitionId);
  const [count, leaderName, covers, mine] = await Promise.all([
    repo.memberCount(db, record.id),
    repo.userName(db, record.leaderId),
    fileUrls(opts.ctx, [competition.coverFileId]),
    repo.membershipInCompetition(db, record.competitionId, opts.actor.userId),
  ]);
  const status = record.status as ApplyStatus;
  return {
    id: String(record.id),
    competitionId: String(competition.id),
    competitionName: competition.name,
    competitionOrganizer: competition.organizer,
    competitionCoverUrl: competition.coverFileId == null ? '' : (covers.get(competition.coverFileId) ?? ''),
    teamName: record.teamName ?? '',
    leaderName,
    memberCount: count,
    maxTeamSize: competition.maxTeamSize,
    applyEnable: applyEnableOf(competition, opts.ctx.now()),
    status,
    statusTitle: APPLY_STATUS_TITLES[status],
    myRole: (member?.role as ApplyRole | undefined) ?? null,
    appliedElsewhere: !!mine && mine.record.id !== record.id,
  };
};

/** `POST apply_records/{id}/team_members`: join a team by its link, under a lock on the record. */
export const joinTeam = async (opts: { db: Db; actor: Actor; recordId: number; code: string; now: Date }) => {
  assertStudent(opts.actor);
  try {
    return await opts.db.transaction(async (tx) => {
      const record = await repo.lockRecord(tx, opts.recordId);
      if (!record || !opts.code || record.inviteCode !== opts.code) {
        throw AppError.notFound(COMPETITIONS_MSG.recordNotFound);
      }
      if (record.mode !== 'Group') throw AppError.badRequest(COMPETITIONS_MSG.personalNoTeam);
      const competition = await competitionOr404(tx, record.competitionId);
      if (!applyEnableOf(competition, opts.now)) throw AppError.badRequest(COMPETITIONS_MSG.notApplyPeriod);
      if (await repo.membershipInCompetition(tx, record.competitionId, opts.actor.userId)) {
        throw AppError.badRequest(COMPETITIONS_MSG.alreadyApplied);
      }
      if ((await repo.memberCount(tx, record.id)) >= competition.maxTeamSize) {
        throw AppError.badRequest(COMPETITIONS_MSG.teamFull);
      }
      const member = await repo.insertMember(tx, {
        recordId: record.id,
        competitionId: record.competitionId,
        userId: opts.actor.userId,
        role: 'TeamMember',
        joinedAt: opts.now,
      });
      return describeRecord(tx, record, member, opts.now);
    });
  } catch (error) {
    return rethrowUnique(error);
  }
};

/** `GET apply_records/competitions` (已报名) and `.../expired` (已失效): the asker's registrations. */
export const pageRegistrations = async (opts: {
  ctx: Ctx;
  actor: Actor;
  expired: boolean;
  query: PageQuery;
}): Promise<{ rows: Registration[]; total: number }> => {
  const now = opts.ctx.now();
  const { rows, total } = await repo.pageRegistrations(
    opts.ctx.db,
    { userId: opts.actor.userId, expired: opts.expired, now },
    pageOf(opts.query),
  );
  const covers = await fileUrls(
    opts.ctx,
    rows.map((r) => r.competition.coverFileId),
  );
  return {
    rows: rows.map(({ member, record, competition, trackName, areaName }) => {
      const role = member.role as ApplyRole;
      const status = record.status as ApplyStatus;
      return {
        id: String(record.id),
        competitionId: String(competition.id),
        competitionName: competition.name,
        competitionOrganizer: competition.organizer,
        competitionCoverUrl:
          competition.coverFileId == null ? '' : (covers.get(competition.coverFileId) ?? ''),
        applyTime: ms(member.joinedAt),
        applyStartAt: ms(competition.applyStartAt),
        applyEndAt: ms(competition.applyEndAt),
        mode: record.mode as CompetitionMode,
        role,
        roleTitle: APPLY_ROLE_TITLES[role],
        leaderId: String(record.leaderId),
        applyInfo: { teamName: record.teamName ?? '' },
        trackName: trackName ?? '',
        areaName: areaName ?? '',
        status,
        statusTitle: APPLY_STATUS_TITLES[status],
        applyEnable: applyEnableOf(competition, now),
      };
    }),
    total,
  };
};
