import {
  type ApplyRecord,
  COMPETITIONS_MSG,
  type CompetitionBodyInput,
  type CompetitionInfo,
  type Registration,
  type TeamMember,
  type TeamPreview,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { App } from '../../http/context';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildSignedInMember, tokenFor } from '../../test/factories';

const C = '/api/competition';
const DAY = 86_400_000;

type Ctx = { db: Db; app: App };

const client = (app: App, token: string) => {
  const api = asUser(app, token);
  const put = (url: string, payload?: unknown) =>
    app.inject({
      method: 'PUT',
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...api, put };
};
type Client = ReturnType<typeof client>;

type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const expectError = (res: Res, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
};
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

const person = async (t: Ctx, identityType: 'Student' | 'Teacher' | 'Business' = 'Student') => {
  const me = await buildSignedInMember(t.db, { identityType });
  return { ...me, api: client(t.app, me.token) };
};

/** A student whose session outlives the clock moved forward by weeks (from the test clock's now). */
const longStudent = async (t: Ctx & { clock: { now: () => Date } }) => {
  const me = await buildMember(t.db);
  const { token } = await tokenFor(t.db, me.user.id, { ttlHours: 24 * 90, now: t.clock.now() });
  return { ...me, api: client(t.app, token) };
};

const body = (over: Partial<CompetitionBodyInput> = {}): CompetitionBodyInput => {
  const now = Date.now();
  return {
    name: '创新创业大赛',
    organizer: '教务处',
    description: '介绍',
    mode: 'Group',
    maxTeamSize: 3,
    applyStartAt: now - DAY,
    applyEndAt: now + 10 * DAY,
    endAt: now + 30 * DAY,
    tracks: [{ name: '人工智能' }, { name: '物联网' }],
    areas: [{ name: '华东赛区', divisionCode: '31' }],
    ...over,
  };
};

const publish = async (api: Client, over: Partial<CompetitionBodyInput> = {}) =>
  data<CompetitionInfo>(await api.post(`${C}/competitions`, body(over)));

const info = (c: CompetitionInfo, over: Record<string, unknown> = {}) => ({
  name: '张三',
  mobile: '13812345678',
  email: 'a@b.cn',
  organName: '测试大学',
  majorName: '软件工程',
  trackId: c.tracks[0]?.id,
  areaId: c.areas[0]?.id,
  ...over,
});

describe.each(testDrivers())('competitions on %s', (driver) => {
  const t = useTestApp(driver);

  it('organisers publish and edit; students cannot; only the creator edits', async () => {
    const teacher = await person(t, 'Teacher');
    const business = await person(t, 'Business');
    const s = await person(t);
    expectError(await s.api.post(`${C}/competitions`, body()), 403, COMPETITIONS_MSG.organiserOnly);
    expectError(await s.api.get(`${C}/competitions/mine`), 403, COMPETITIONS_MSG.organiserOnly);
    const created = await publish(teacher.api);
    expect(created).toMatchObject({ mode: 'Group', maxTeamSize: 3, applyEnable: true, editable: true });
    expect(created.tracks.map((x) => x.name)).toEqual(['人工智能', '物联网']);
    expect(created.areas[0]).toMatchObject({ name: '华东赛区', divisionCode: '31' });
    await publish(business.api, { mode: 'Personal', maxTeamSize: undefined });

    expectError(
      await business.api.put(`${C}/competitions/${created.id}`, body()),
      403,
      COMPETITIONS_MSG.notCreator,
    );
    expectError(
      await teacher.api.put(`${C}/competitions/999999999`, body()),
      404,
      COMPETITIONS_MSG.competitionNotFound,
    );
    const edited = data<CompetitionInfo>(
      await teacher.api.put(`${C}/competitions/${created.id}`, {
        ...body({ name: '新名称' }),
        tracks: [{ id: created.tracks[1]?.id, name: '物联网2' }],
      }),
    );
    expect(edited.name).toBe('新名称');
    expect(edited.tracks).toEqual([{ id: created.tracks[1]?.id, name: '物联网2' }]);
    const mine = data<{ rows: CompetitionInfo[]; total: number }>(
      await teacher.api.get(`${C}/competitions/mine`),
    );
    expect(mine.rows.map((r) => r.id)).toEqual([created.id]);

    // public reads, no sign-in
    const pub = await t.app.inject({ method: 'GET', url: `${C}/competitions/${created.id}` });
    expect(pub.json().data).toMatchObject({ id: created.id, editable: false });
    const areas = await t.app.inject({ method: 'GET', url: `${C}/competitions/${created.id}/area_info` });
    expect(areas.json().data).toEqual(edited.areas);
    const list = await t.app.inject({
      method: 'GET',
      url: `${C}/competitions?search=${encodeURIComponent('新名称')}`,
    });
    expect(list.json().data.rows.map((r: { id: string }) => r.id)).toContain(created.id);
    expectError(
      (await t.app.inject({ method: 'GET', url: `${C}/competitions/999999999` })) as Res,
      404,
      COMPETITIONS_MSG.competitionNotFound,
    );
  });

  it('checks the competition form with the shared messages', async () => {
    const teacher = await person(t, 'Teacher');
    const cases: [Partial<CompetitionBodyInput>, string][] = [
      [{ name: ' ' }, COMPETITIONS_MSG.competitionNameRequired],
      [{ organizer: '' }, COMPETITIONS_MSG.organizerRequired],
      [{ maxTeamSize: 1 }, COMPETITIONS_MSG.teamSizeInvalid],
      [{ applyEndAt: Date.now() - 2 * DAY }, COMPETITIONS_MSG.applyEndBeforeStart],
      [{ endAt: Date.now() }, COMPETITIONS_MSG.endBeforeApplyEnd],
      [{ tracks: [{ name: 'a' }, { name: 'a' }] }, COMPETITIONS_MSG.duplicateName],
      [{ areas: [{ name: '' }] }, COMPETITIONS_MSG.areaNameRequired],
      [{ coverFileId: '12345' }, '文件不存在或无权使用'],
    ];
    for (const [over, message] of cases) {
      expectError(await teacher.api.post(`${C}/competitions`, body(over)), 400, message);
    }
  });

  it('a personal registration: start, submit with info checks, read by its owner only', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await publish(teacher.api, { mode: 'Personal', maxTeamSize: undefined });
    const s = await person(t);
    const other = await person(t);
    expectError(
      await teacher.api.post(`${C}/apply_records`, { competitionId: c.id, mode: 'Personal' }),
      403,
      COMPETITIONS_MSG.studentsOnly,
    );
    expectError(
      await s.api.post(`${C}/apply_records`, { competitionId: c.id, mode: 'Group', teamName: 'x' }),
      400,
      COMPETITIONS_MSG.wrongMode,
    );
    expect(data(await s.api.get(`${C}/apply_records/personal?competitionId=${c.id}`))).toBeNull();
    const started = await s.api.post(`${C}/apply_records`, { competitionId: c.id, mode: 'Personal' });
    expect(started.json().message).toBe(COMPETITIONS_MSG.started);
    const record = data<ApplyRecord>(started);
    expect(record).toMatchObject({ status: 'Draft', statusTitle: '未提交', role: 'Captain', inviteCode: '' });
    expectError(
      await s.api.post(`${C}/apply_records`, { competitionId: c.id, mode: 'Personal' }),
      400,
      COMPETITIONS_MSG.alreadyApplied,
    );

    const url = `${C}/apply_records/personal/${record.id}/info`;
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '' }, COMPETITIONS_MSG.nameRequired],
      [{ name: '一二三四五六七八九' }, COMPETITIONS_MSG.nameTooLong],
      [{ mobile: '' }, COMPETITIONS_MSG.mobileRequired],
      [{ mobile: '12812345678' }, COMPETITIONS_MSG.mobileInvalid],
      [{ email: 'nope' }, COMPETITIONS_MSG.emailInvalid],
      [{ organName: '' }, COMPETITIONS_MSG.organRequired],
      [{ majorName: '' }, COMPETITIONS_MSG.majorRequired],
      [{ trackId: null }, COMPETITIONS_MSG.trackRequired],
      [{ areaId: '999999999' }, COMPETITIONS_MSG.areaRequired],
    ];
    for (const [over, message] of bad) expectError(await s.api.put(url, info(c, over)), 400, message);
    expectError(await other.api.put(url, info(c)), 404, COMPETITIONS_MSG.recordNotFound);
    expectError(
      await s.api.put(`${C}/apply_records/team/leader/${record.id}/info`, info(c, { teamName: '队' })),
      400,
      COMPETITIONS_MSG.wrongMode,
    );
    const saved = await s.api.put(url, info(c));
    expect(saved.json().message).toBe(COMPETITIONS_MSG.submitted);
    expect(data<ApplyRecord>(saved)).toMatchObject({
      status: 'Submitted',
      trackName: '人工智能',
      areaName: '华东赛区',
      applyInfo: { name: '张三', mobile: '13812345678', organName: '测试大学', majorName: '软件工程' },
    });
    const mine = data<ApplyRecord>(await s.api.get(`${C}/apply_records/personal?competitionId=${c.id}`));
    expect(mine.id).toBe(record.id);
    expect(data(await other.api.get(`${C}/apply_records/personal?competitionId=${c.id}`))).toBeNull();
    expectError(
      await other.api.get(`${C}/apply_records/${record.id}/team_members`),
      404,
      COMPETITIONS_MSG.recordNotFound,
    );
    expectError(
      await other.api.get(`${C}/apply_records/${record.id}/team`),
      404,
      COMPETITIONS_MSG.recordNotFound,
    );

    const regs = data<{ rows: Registration[] }>(await s.api.get(`${C}/apply_records/competitions`));
    expect(regs.rows[0]).toMatchObject({
      id: record.id,
      competitionName: c.name,
      competitionOrganizer: '教务处',
      mode: 'Personal',
      role: 'Captain',
      roleTitle: '队长',
      status: 'Submitted',
      statusTitle: '已提交',
      trackName: '人工智能',
      areaName: '华东赛区',
      applyEnable: true,
      applyInfo: { teamName: '' },
    });
    expect(
      data<{ rows: Registration[] }>(await other.api.get(`${C}/apply_records/competitions`)).rows,
    ).toEqual([]);
  });

  it('a team: captain, name check, join by link under the size, captain-only edits', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await publish(teacher.api, { maxTeamSize: 2 });
    const captain = await person(t);
    const member = await person(t);
    const third = await person(t);
    const verify = (name: string) =>
      captain.api.get(
        `${C}/apply_records/verify/team_name?competitionId=${c.id}&teamName=${encodeURIComponent(name)}`,
      );
    expect(data(await verify('飞跃队'))).toEqual({
      available: true,
      message: COMPETITIONS_MSG.teamNameAvailable,
    });
    expectError(
      await captain.api.post(`${C}/apply_records`, { competitionId: c.id, mode: 'Group', teamName: ' ' }),
      400,
      COMPETITIONS_MSG.teamNameRequired,
    );
    const record = data<ApplyRecord>(
      await captain.api.post(`${C}/apply_records`, {
        competitionId: c.id,
        mode: 'Group',
        teamName: '飞跃队',
      }),
    );
    expect(record.inviteCode).not.toBe('');
    expect(data(await verify('飞跃队'))).toEqual({
      available: false,
      message: COMPETITIONS_MSG.teamNameTaken,
    });
    expectError(
      await third.api.post(`${C}/apply_records`, { competitionId: c.id, mode: 'Group', teamName: '飞跃队' }),
      400,
      COMPETITIONS_MSG.teamNameTaken,
    );

    // the link: without the code the team does not exist
    const join = (who: Client, code: string) =>
      who.post(`${C}/apply_records/${record.id}/team_members`, { code });
    expectError(await join(member.api, 'wrong'), 404, COMPETITIONS_MSG.recordNotFound);
    expectError(
      await member.api.get(`${C}/apply_records/${record.id}/team?code=wrong`),
      404,
      COMPETITIONS_MSG.recordNotFound,
    );
    const preview = data<TeamPreview>(
      await member.api.get(`${C}/apply_records/${record.id}/team?code=${record.inviteCode}`),
    );
    expect(preview).toMatchObject({ teamName: '飞跃队', memberCount: 1, maxTeamSize: 2, myRole: null });
    const teacherJoin = await join(teacher.api, record.inviteCode);
    expectError(teacherJoin, 403, COMPETITIONS_MSG.studentsOnly);
    const joined = await join(member.api, record.inviteCode);
    expect(joined.json().message).toBe(COMPETITIONS_MSG.joined);
    expect(data<ApplyRecord>(joined)).toMatchObject({ role: 'TeamMember', inviteCode: '', memberCount: 2 });
    expectError(await join(member.api, record.inviteCode), 400, COMPETITIONS_MSG.alreadyApplied);
    expectError(await join(third.api, record.inviteCode), 400, COMPETITIONS_MSG.teamFull);

    const members = data<TeamMember[]>(await member.api.get(`${C}/apply_records/${record.id}/team_members`));
    expect(members.map((m) => m.role)).toEqual(['Captain', 'TeamMember']);
    expect(data<TeamPreview>(await member.api.get(`${C}/apply_records/${record.id}/team`)).myRole).toBe(
      'TeamMember',
    );

    const leaderUrl = `${C}/apply_records/team/leader/${record.id}/info`;
    expectError(
      await member.api.put(leaderUrl, info(c, { teamName: '飞跃队' })),
      403,
      COMPETITIONS_MSG.captainOnly,
    );
    expectError(
      await third.api.put(leaderUrl, info(c, { teamName: '飞跃队' })),
      404,
      COMPETITIONS_MSG.recordNotFound,
    );
    expectError(
      await captain.api.put(leaderUrl, info(c, { teamName: '' })),
      400,
      COMPETITIONS_MSG.teamNameRequired,
    );
    const saved = data<ApplyRecord>(await captain.api.put(leaderUrl, info(c, { teamName: '新飞跃' })));
    expect(saved).toMatchObject({ status: 'Submitted', applyInfo: { teamName: '新飞跃' } });

    const regs = data<{ rows: Registration[] }>(await member.api.get(`${C}/apply_records/competitions`));
    expect(regs.rows[0]).toMatchObject({
      role: 'TeamMember',
      roleTitle: '队员',
      leaderId: String(captain.user.id),
      applyInfo: { teamName: '新飞跃' },
      status: 'Submitted',
    });
    // a mode change is refused once anyone registered
    expectError(
      await teacher.api.put(`${C}/competitions/${c.id}`, body({ mode: 'Personal', maxTeamSize: undefined })),
      400,
      COMPETITIONS_MSG.modeLocked,
    );
  });

  it('splits 已报名 and 已失效 by the apply period and the end, and closes applying outside the period', async () => {
    const teacher = await person(t, 'Teacher');
    const s = await longStudent(t);
    const c = await publish(teacher.api, { mode: 'Personal', maxTeamSize: undefined });
    const submitted = await publish(teacher.api, { mode: 'Personal', maxTeamSize: undefined });
    const draft = data<ApplyRecord>(
      await s.api.post(`${C}/apply_records`, { competitionId: c.id, mode: 'Personal' }),
    );
    const done = data<ApplyRecord>(
      await s.api.post(`${C}/apply_records`, { competitionId: submitted.id, mode: 'Personal' }),
    );
    data(await s.api.put(`${C}/apply_records/personal/${done.id}/info`, info(submitted)));
    const ids = async (path: string) =>
      data<{ rows: Registration[]; total: number }>(await s.api.get(`${C}/apply_records/${path}`)).rows.map(
        (r) => r.id,
      );
    expect(await ids('competitions')).toEqual([done.id, draft.id]);
    expect(await ids('competitions/expired')).toEqual([]);

    t.clock.advance(11 * DAY); // the apply period closed: the Draft is 已失效, the submitted one stays
    try {
      expect(await ids('competitions')).toEqual([done.id]);
      expect(await ids('competitions/expired')).toEqual([draft.id]);
      const reg = data<{ rows: Registration[] }>(await s.api.get(`${C}/apply_records/competitions`)).rows[0];
      expect(reg?.applyEnable).toBe(false);
      expectError(
        await s.api.put(`${C}/apply_records/personal/${draft.id}/info`, info(c)),
        400,
        COMPETITIONS_MSG.notApplyPeriod,
      );
      const late = await longStudent(t);
      expectError(
        await late.api.post(`${C}/apply_records`, { competitionId: c.id, mode: 'Personal' }),
        400,
        COMPETITIONS_MSG.notApplyPeriod,
      );
      t.clock.advance(20 * DAY); // the competitions ended: both 已失效
      expect(await ids('competitions')).toEqual([]);
      expect((await ids('competitions/expired')).sort()).toEqual([done.id, draft.id].sort());
    } finally {
      t.clock.reset();
    }
  });

  it('refuses bad ids and needs sign-in for registrations', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${C}/apply_records/competitions` });
    expect(anonymous.statusCode).toBe(401);
    const s = await person(t);
    expectError(await s.api.get(`${C}/apply_records/abc/team_members`), 400, COMPETITIONS_MSG.idInvalid);
    expectError(
      await s.api.post(`${C}/apply_records`, { competitionId: '999999999', mode: 'Personal' }),
      404,
      COMPETITIONS_MSG.competitionNotFound,
    );
  });
});
