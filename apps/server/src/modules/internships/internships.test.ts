import {
  EXIT_REASONS,
  INTERNSHIPS_MSG,
  INVITE_CODE_ALPHABET,
  type ManagedGroup,
  MSG,
  type StudentGroup,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import type { App } from '../../http/context';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';
import { companyMemberOf, createInviteCodeRecord } from './internships.service';

const O = '/api/ourea';
const DAY = 86_400_000;

type Ctx = { db: Db; app: App };

/** A signed-in user with PUT and DELETE besides GET and POST. */
const client = (app: App, token: string) => {
  const api = asUser(app, token);
  const send = (method: 'PUT' | 'DELETE') => (url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...api, put: send('PUT'), delete: send('DELETE') };
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

/** A business user acting for a fresh company. */
const organiser = async (t: Ctx) => {
  const me = await buildSignedInMember(t.db, { identityType: 'Business' });
  const company = await createCompany({ db: t.db, userId: me.user.id, name: unique('企业') });
  return { ...me, company, api: client(t.app, me.token) };
};

const student = async (t: Ctx) => {
  const me = await buildSignedInMember(t.db);
  return { ...me, api: client(t.app, me.token) };
};

/** A group of the organiser, started yesterday (or at `start`), with an open stage (2 tasks) and a locked one. */
const groupOf = async (org: { api: Client }, opts: { start?: number; name?: string } = {}) => {
  const start = opts.start ?? Date.now() - DAY;
  const created = data<ManagedGroup>(
    await org.api.post(`${O}/internship_groups`, {
      name: opts.name ?? '春季实习',
      description: '说明',
      startTimestamp: start,
      endTimestamp: start + 90 * DAY,
    }),
  );
  await org.api.post(`${O}/internship_groups/${created.id}/stages`, {
    name: '入职培训',
    openToAll: true,
    tasks: [{ title: '阅读手册' }, { title: '配置环境', content: '安装 Node.js' }],
  });
  const group = data<ManagedGroup>(
    await org.api.post(`${O}/internship_groups/${created.id}/stages`, {
      name: '项目实战',
      tasks: [{ title: '完成需求' }],
    }),
  );
  const withCode = data<ManagedGroup>(
    await org.api.post(`${O}/internship_groups/${group.id}/invite_codes`, {}),
  );
  const code = withCode.inviteCodes[0]?.code ?? '';
  const [open, locked] = withCode.stages;
  if (!open || !locked) throw new Error('stages missing');
  return { group: withCode, code, open, locked };
};

const join = (api: Client, inviteCode: string, internshipOccupationName = 'Java开发实习生') =>
  api.post(`${O}/internship_members/join`, { inviteCode, internshipOccupationName });

const myGroups = async (api: Client, query = '') =>
  data<{ rows: StudentGroup[]; total: number }>(await api.get(`${O}/internship_groups/student${query}`));

describe.each(testDrivers())('internships on %s', (driver) => {
  const t = useTestApp(driver);

  describe('organiser permissions', () => {
    it('refuses students and teachers, and business users without a company', async () => {
      const s = await student(t);
      const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      expectError(await s.api.get(`${O}/internship_groups/managed`), 403, INTERNSHIPS_MSG.businessOnly);
      expectError(
        await client(t.app, teacher.token).post(`${O}/internship_groups`, {
          name: 'x',
          startTimestamp: 1,
          endTimestamp: 2,
        }),
        403,
        INTERNSHIPS_MSG.businessOnly,
      );
      const lone = await buildSignedInMember(t.db, { identityType: 'Business' });
      expectError(
        await client(t.app, lone.token).get(`${O}/internship_groups/managed`),
        403,
        INTERNSHIPS_MSG.companyRequired,
      );
    });

    it('answers 404 on every route for another company’s group, stage, code and member', async () => {
      const a = await organiser(t);
      const b = await organiser(t);
      const { group, code, open } = await groupOf(a);
      const s = await student(t);
      const joined = data<{ memberId: string }>(await join(s.api, code));
      const g = `${O}/internship_groups/${group.id}`;
      const codeId = group.inviteCodes[0]?.id;
      const nf = INTERNSHIPS_MSG.groupNotFound;
      expectError(await b.api.get(g), 404, nf);
      expectError(await b.api.put(g, { name: 'x', startTimestamp: 1, endTimestamp: 2 }), 404, nf);
      expectError(await b.api.post(`${g}/finish`), 404, nf);
      expectError(await b.api.post(`${g}/stages`, { name: '阶段' }), 404, nf);
      expectError(await b.api.put(`${g}/stages/${open.id}`, { name: '阶段' }), 404, nf);
      expectError(await b.api.delete(`${g}/stages/${open.id}`), 404, nf);
      expectError(await b.api.post(`${g}/invite_codes`, {}), 404, nf);
      expectError(await b.api.post(`${g}/invite_codes/${codeId}/disable`), 404, nf);
      expectError(await b.api.get(`${g}/members`), 404, nf);
      const m = `${g}/members/${joined.memberId}`;
      expectError(await b.api.post(`${m}/eliminate`, { eliminatedDescription: '不合适' }), 404, nf);
      expectError(await b.api.post(`${m}/restore`), 404, nf);
      expectError(await b.api.put(`${m}/stages/${open.id}`, { granted: true }), 404, nf);
      // b's own group with a's stage, code and member ids
      const own = await groupOf(b);
      const bg = `${O}/internship_groups/${own.group.id}`;
      expectError(
        await b.api.put(`${bg}/stages/${open.id}`, { name: '阶段' }),
        404,
        INTERNSHIPS_MSG.stageNotFound,
      );
      expectError(await b.api.delete(`${bg}/stages/${open.id}`), 404, INTERNSHIPS_MSG.stageNotFound);
      expectError(
        await b.api.post(`${bg}/invite_codes/${codeId}/disable`),
        404,
        INTERNSHIPS_MSG.inviteCodeNotFound,
      );
      const bm = `${bg}/members/${joined.memberId}`;
      expectError(
        await b.api.post(`${bm}/eliminate`, { eliminatedDescription: 'x' }),
        404,
        INTERNSHIPS_MSG.memberNotFound,
      );
      expectError(await b.api.post(`${bm}/restore`), 404, INTERNSHIPS_MSG.memberNotFound);
      expectError(
        await b.api.put(`${bm}/stages/${own.open.id}`, { granted: true }),
        404,
        INTERNSHIPS_MSG.memberNotFound,
      );
      // a's member with b's stage
      expectError(
        await a.api.put(`${g}/members/${joined.memberId}/stages/${own.open.id}`, { granted: true }),
        404,
        INTERNSHIPS_MSG.stageNotFound,
      );
      // a stage's task ids of another stage
      const otherTask = own.open.tasks[0]?.id;
      expectError(
        await a.api.put(`${g}/stages/${open.id}`, {
          name: '入职培训',
          tasks: [{ id: otherTask, title: 'x' }],
        }),
        404,
        INTERNSHIPS_MSG.taskNotFound,
      );
      // the student cannot use the organiser's routes
      expectError(await s.api.get(`${g}/members`), 403, INTERNSHIPS_MSG.businessOnly);
      // b's list does not hold a's group
      const bList = data<{ rows: { id: string }[] }>(await b.api.get(`${O}/internship_groups/managed`));
      expect(bList.rows.map((r) => r.id)).not.toContain(group.id);
    });
  });

  describe('groups, stages, tasks and codes', () => {
    it('checks the group form', async () => {
      const a = await organiser(t);
      const post = (body: object) => a.api.post(`${O}/internship_groups`, body);
      expectError(
        await post({ name: ' ', startTimestamp: 1, endTimestamp: 2 }),
        400,
        INTERNSHIPS_MSG.groupNameRequired,
      );
      expectError(
        await post({ name: '计'.repeat(51), startTimestamp: 1, endTimestamp: 2 }),
        400,
        INTERNSHIPS_MSG.groupNameTooLong,
      );
      expectError(await post({ name: '实习', endTimestamp: 2 }), 400, INTERNSHIPS_MSG.startRequired);
      expectError(
        await post({ name: '实习', startTimestamp: 5, endTimestamp: 2 }),
        400,
        INTERNSHIPS_MSG.endBeforeStart,
      );
      const g = data<ManagedGroup>(await post({ name: '计'.repeat(50), startTimestamp: 1, endTimestamp: 2 }));
      expectError(
        await a.api.post(`${O}/internship_groups/${g.id}/stages`, { name: '' }),
        400,
        INTERNSHIPS_MSG.stageNameRequired,
      );
      expectError(
        await a.api.post(`${O}/internship_groups/${g.id}/stages`, { name: '阶段', tasks: [{ title: '' }] }),
        400,
        INTERNSHIPS_MSG.taskTitleRequired,
      );
      expectError(
        await a.api.post(`${O}/internship_groups/${g.id}/invite_codes`, { maxUses: 0 }),
        400,
        INTERNSHIPS_MSG.maxUsesInvalid,
      );
    });

    it('edits stages and tasks, keeps listed tasks, removes the others', async () => {
      const a = await organiser(t);
      const { group, open } = await groupOf(a);
      const [first] = open.tasks;
      const after = data<ManagedGroup>(
        await a.api.put(`${O}/internship_groups/${group.id}/stages/${open.id}`, {
          name: '入职培训（新）',
          openToAll: false,
          tasks: [{ title: '新任务' }, { id: first?.id, title: '阅读手册2' }],
        }),
      );
      const stage = after.stages.find((s) => s.id === open.id);
      expect(stage?.name).toBe('入职培训（新）');
      expect(stage?.openToAll).toBe(false);
      expect(stage?.tasks.map((x) => x.title)).toEqual(['新任务', '阅读手册2']);
      expect(stage?.tasks[1]?.id).toBe(first?.id);
      const removed = data<ManagedGroup>(
        await a.api.delete(`${O}/internship_groups/${group.id}/stages/${open.id}`),
      );
      expect(removed.stages.map((s) => s.id)).not.toContain(open.id);
      const edited = data<ManagedGroup>(
        await a.api.put(`${O}/internship_groups/${group.id}`, {
          name: '改名',
          description: '',
          startTimestamp: 10,
          endTimestamp: 20,
        }),
      );
      expect(edited).toMatchObject({ name: '改名', startTimestamp: 10, endTimestamp: 20 });
    });

    it('generates 8-character mixed-case codes with optional max uses, and disables them', async () => {
      const a = await organiser(t);
      const { group } = await groupOf(a);
      const g = data<ManagedGroup>(
        await a.api.post(`${O}/internship_groups/${group.id}/invite_codes`, { maxUses: 1 }),
      );
      const [first, second] = g.inviteCodes;
      for (const c of g.inviteCodes) {
        expect(c.code).toHaveLength(8);
        expect([...c.code].every((ch) => INVITE_CODE_ALPHABET.includes(ch))).toBe(true);
      }
      expect(first?.maxUses).toBeNull();
      expect(second?.maxUses).toBe(1);
      const s1 = await student(t);
      const s2 = await student(t);
      data(await join(s1.api, second?.code ?? ''));
      expectError(await join(s2.api, second?.code ?? ''), 400, INTERNSHIPS_MSG.inviteCodeUsedUp);
      const counted = data<{ joinFlag: boolean; message: string; joinCount: number }>(
        await s2.api.get(`${O}/internship_members/joined_count?inviteCode=${second?.code}`),
      );
      expect(counted).toMatchObject({
        joinFlag: false,
        message: INTERNSHIPS_MSG.inviteCodeUsedUp,
        joinCount: 1,
      });
      const disabled = data<ManagedGroup>(
        await a.api.post(`${O}/internship_groups/${group.id}/invite_codes/${first?.id}/disable`),
      );
      expect(disabled.inviteCodes[0]?.disabled).toBe(true);
      expect(disabled.inviteCodes[1]?.uses).toBe(1);
      expectError(await join(s2.api, first?.code ?? ''), 400, INTERNSHIPS_MSG.inviteCodeDisabled);
    });
  });

  describe('joining', () => {
    it('answers joined_count: valid code, count, case-sensitive and trimmed', async () => {
      const a = await organiser(t);
      const { code, group } = await groupOf(a);
      const s = await student(t);
      const count = (c: string) =>
        s.api.get(`${O}/internship_members/joined_count?inviteCode=${encodeURIComponent(c)}`);
      expect(data(await count(code))).toMatchObject({
        joinFlag: true,
        joinCount: 0,
        groupName: group.name,
        message: '',
      });
      expect(data(await count(`  ${code} `))).toMatchObject({ joinFlag: true });
      const flipped = [...code]
        .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
        .join('');
      expectError(await count(flipped), 404, INTERNSHIPS_MSG.inviteCodeInvalid);
      expectError(await count('abc12'), 400, INTERNSHIPS_MSG.inviteCodeInvalid);
      expectError(await count('ZZZZZZZZ'), 404, INTERNSHIPS_MSG.inviteCodeInvalid);
      data(await join(s.api, code));
      expect(data(await count(code))).toMatchObject({ joinFlag: true, joinCount: 1 });
    });

    it('checks the join form and joins with the spec’s message', async () => {
      const a = await organiser(t);
      const { code } = await groupOf(a);
      const s = await student(t);
      expectError(await join(s.api, '12345'), 400, INTERNSHIPS_MSG.inviteCodeInvalid);
      expectError(
        await join(s.api, code.toLowerCase() === code ? code.toUpperCase() : code.toLowerCase()),
        400,
        INTERNSHIPS_MSG.inviteCodeInvalid,
      );
      expectError(await join(s.api, code, '  '), 400, INTERNSHIPS_MSG.occupationRequired);
      expectError(await join(s.api, code, '岗'.repeat(16)), 400, INTERNSHIPS_MSG.occupationTooLong);
      const res = await join(s.api, ` ${code} `, '岗'.repeat(15));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(INTERNSHIPS_MSG.joined);
      expectError(await join(s.api, code), 400, INTERNSHIPS_MSG.alreadyInGroup);
      const other = await groupOf(a, { name: '另一个' });
      expectError(await join(s.api, other.code), 400, INTERNSHIPS_MSG.joinLimit);
    });

    it('refuses teachers and business users', async () => {
      const a = await organiser(t);
      const { code } = await groupOf(a);
      const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      expectError(await join(client(t.app, teacher.token), code), 403, MSG.teacherCannotOperate);
      expectError(await join(a.api, code), 403, INTERNSHIPS_MSG.studentsOnly);
    });

    it('lets only one of two joins at once pass (lock on the user)', async () => {
      const a = await organiser(t);
      const one = await groupOf(a, { name: '甲' });
      const two = await groupOf(a, { name: '乙' });
      const s = await student(t);
      const results = await Promise.all([join(s.api, one.code), join(s.api, two.code)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 400]);
      expect(results.find((r) => r.statusCode === 400)?.json().message).toBe(INTERNSHIPS_MSG.joinLimit);
      expect((await myGroups(s.api)).total).toBe(1);
    });

    it('lets one of two students take the last use of a code at once', async () => {
      const a = await organiser(t);
      const { group } = await groupOf(a);
      const row = await createInviteCodeRecord(t.db, Number(group.id), { maxUses: 1 });
      const [s1, s2] = [await student(t), await student(t)];
      const results = await Promise.all([join(s1.api, row.code), join(s2.api, row.code)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('refuses a finished group’s code', async () => {
      const a = await organiser(t);
      const { group, code } = await groupOf(a);
      data(await a.api.post(`${O}/internship_groups/${group.id}/finish`));
      const s = await student(t);
      expectError(await join(s.api, code), 400, INTERNSHIPS_MSG.groupFinished);
    });
  });

  describe('the student’s list', () => {
    it('shows states, stages with access and progress, tabs and pages', async () => {
      const a = await organiser(t);
      const s = await student(t);
      const later = await groupOf(a, { start: Date.now() + 10 * DAY, name: '未开始' });
      data(await join(s.api, later.code, '测试'));
      let list = await myGroups(s.api);
      expect(list.rows[0]).toMatchObject({
        name: '未开始',
        status: 'NotStarted',
        internshipMembers: [{ eliminated: 'No', internshipOccupationName: '测试' }],
      });
      expect(list.rows[0]?.internships.map((x) => [x.name, x.isHasPerm])).toEqual([
        ['入职培训', 'Yes'],
        ['项目实战', 'No'],
      ]);
      // finished: the student keeps it under 已结束
      data(await a.api.post(`${O}/internship_groups/${later.group.id}/finish`));
      list = await myGroups(s.api, '?details=finished');
      expect(list.rows.map((r) => [r.name, r.status])).toEqual([['未开始', 'Finished']]);
      expect((await myGroups(s.api, '?details=underway')).total).toBe(0);
      // a second, current one
      const now = await groupOf(a, { name: '进行中' });
      data(await join(s.api, now.code));
      const underway = await myGroups(s.api, '?details=underway');
      expect(underway.rows.map((r) => [r.name, r.status])).toEqual([['进行中', 'Underway']]);
      const paged = await myGroups(s.api, '?pageNumber=2&pageSize=1');
      expect(paged.total).toBe(2);
      expect(paged.rows.map((r) => r.name)).toEqual(['未开始']);
      expectError(
        await s.api.get(`${O}/internship_groups/student?details=x`),
        400,
        INTERNSHIPS_MSG.detailsInvalid,
      );
      // another student sees none of them
      const other = await student(t);
      expect((await myGroups(other.api)).total).toBe(0);
    });
  });

  describe('stages', () => {
    it('enters an open stage, completes tasks, refuses locked stages and others’ stages', async () => {
      const a = await organiser(t);
      const { group, code, open, locked } = await groupOf(a);
      const s = await student(t);
      const { memberId } = data<{ memberId: string }>(await join(s.api, code));
      const detail = data<{ tasks: { id: string; completed: boolean }[]; progressPercentage: number }>(
        await s.api.get(`${O}/internship_stages/${open.id}`),
      );
      expect(detail.tasks.map((x) => x.completed)).toEqual([false, false]);
      expectError(
        await s.api.get(`${O}/internship_stages/${locked.id}`),
        403,
        INTERNSHIPS_MSG.noStagePermission,
      );
      const done = data<{ progressPercentage: number }>(
        await s.api.post(`${O}/internship_stages/${open.id}/tasks/${detail.tasks[0]?.id}/complete`),
      );
      expect(done.progressPercentage).toBe(0.5);
      // again: still half
      expect(
        data<{ progressPercentage: number }>(
          await s.api.post(`${O}/internship_stages/${open.id}/tasks/${detail.tasks[0]?.id}/complete`),
        ).progressPercentage,
      ).toBe(0.5);
      expectError(
        await s.api.post(`${O}/internship_stages/${open.id}/tasks/${locked.tasks[0]?.id}/complete`),
        404,
        INTERNSHIPS_MSG.taskNotFound,
      );
      const card = (await myGroups(s.api)).rows[0];
      expect(card?.internships[0]?.progressPercentage).toBe(0.5);
      // another student (not a member) gets 404 on the stage and its task
      const other = await student(t);
      expectError(
        await other.api.get(`${O}/internship_stages/${open.id}`),
        404,
        INTERNSHIPS_MSG.stageNotFound,
      );
      expectError(
        await other.api.post(`${O}/internship_stages/${open.id}/tasks/${detail.tasks[0]?.id}/complete`),
        404,
        INTERNSHIPS_MSG.stageNotFound,
      );
      // grant and revoke
      const g = `${O}/internship_groups/${group.id}/members/${memberId}/stages/${locked.id}`;
      expect(
        data<{ grantedStageIds: string[] }>(await a.api.put(g, { granted: true })).grantedStageIds,
      ).toEqual([locked.id]);
      expect((await s.api.get(`${O}/internship_stages/${locked.id}`)).statusCode).toBe(200);
      expect((await myGroups(s.api)).rows[0]?.internships[1]?.isHasPerm).toBe('Yes');
      data(await a.api.put(g, { granted: false }));
      expectError(
        await s.api.get(`${O}/internship_stages/${locked.id}`),
        403,
        INTERNSHIPS_MSG.noStagePermission,
      );
      // finished: readable, no more completions
      data(await a.api.post(`${O}/internship_groups/${group.id}/finish`));
      expect((await s.api.get(`${O}/internship_stages/${open.id}`)).statusCode).toBe(200);
      expectError(
        await s.api.post(`${O}/internship_stages/${open.id}/tasks/${detail.tasks[1]?.id}/complete`),
        400,
        INTERNSHIPS_MSG.internshipEnded,
      );
      expectError(await s.api.get(`${O}/internship_stages/99999999`), 404, INTERNSHIPS_MSG.stageNotFound);
    });

    it('refuses stages before the start, to eliminated and to exited members', async () => {
      const a = await organiser(t);
      const later = await groupOf(a, { start: Date.now() + 5 * DAY });
      const s = await student(t);
      data(await join(s.api, later.code));
      expectError(
        await s.api.get(`${O}/internship_stages/${later.open.id}`),
        400,
        INTERNSHIPS_MSG.notStarted,
      );
      data(
        await s.api.post(`${O}/internship_members/exit`, {
          internshipGroupId: later.group.id,
          exitedDescription: EXIT_REASONS[0].title,
        }),
      );
      const { group, code, open } = await groupOf(a);
      const { memberId } = data<{ memberId: string }>(await join(s.api, code));
      const m = `${O}/internship_groups/${group.id}/members/${memberId}`;
      expectError(
        await a.api.post(`${m}/eliminate`, { eliminatedDescription: ' ' }),
        400,
        INTERNSHIPS_MSG.eliminatedDescriptionRequired,
      );
      expectError(
        await a.api.post(`${m}/eliminate`, { eliminatedDescription: '字'.repeat(201) }),
        400,
        INTERNSHIPS_MSG.eliminatedDescriptionTooLong,
      );
      const out = data<{ eliminated: boolean }>(
        await a.api.post(`${m}/eliminate`, { eliminatedDescription: '考核未通过' }),
      );
      expect(out.eliminated).toBe(true);
      expect((await myGroups(s.api)).rows[0]?.internshipMembers[0]).toMatchObject({
        eliminated: 'Yes',
        eliminatedDescription: '考核未通过',
      });
      expect((await myGroups(s.api)).rows[0]?.internships.every((x) => x.isHasPerm === 'No')).toBe(true);
      expectError(
        await s.api.get(`${O}/internship_stages/${open.id}`),
        403,
        INTERNSHIPS_MSG.eliminatedFallback,
      );
      data(await a.api.post(`${m}/restore`));
      expect((await s.api.get(`${O}/internship_stages/${open.id}`)).statusCode).toBe(200);
      data(
        await s.api.post(`${O}/internship_members/exit`, {
          internshipGroupId: group.id,
          exitedDescription: '想换方向',
          exitReason: 'Other',
        }),
      );
      expectError(await s.api.get(`${O}/internship_stages/${open.id}`), 404, INTERNSHIPS_MSG.stageNotFound);
      expectError(
        await a.api.post(`${m}/eliminate`, { eliminatedDescription: 'x' }),
        400,
        INTERNSHIPS_MSG.memberExited,
      );
    });
  });

  describe('exit', () => {
    it('checks the reason and exits with the spec’s message', async () => {
      const a = await organiser(t);
      const { group, code } = await groupOf(a);
      const s = await student(t);
      data(await join(s.api, code));
      const exit = (body: object) =>
        s.api.post(`${O}/internship_members/exit`, { internshipGroupId: group.id, ...body });
      expectError(await exit({ exitedDescription: '' }), 400, INTERNSHIPS_MSG.exitReasonRequired);
      expectError(
        await exit({ exitedDescription: '', exitReason: 'Other' }),
        400,
        INTERNSHIPS_MSG.exitOtherRequired,
      );
      expectError(
        await exit({ exitedDescription: '字'.repeat(51), exitReason: 'Other' }),
        400,
        INTERNSHIPS_MSG.exitOtherTooLong,
      );
      expectError(await exit({ exitedDescription: '字'.repeat(51) }), 400, INTERNSHIPS_MSG.exitOtherTooLong);
      expectError(
        await exit({ exitedDescription: '随便写', exitReason: 'KeepUp' }),
        400,
        INTERNSHIPS_MSG.exitReasonMismatch,
      );
      expectError(
        await exit({ exitedDescription: 'x', exitReason: 'Bogus' }),
        400,
        INTERNSHIPS_MSG.exitReasonMismatch,
      );
      // another student cannot exit it
      const other = await student(t);
      expectError(
        await other.api.post(`${O}/internship_members/exit`, {
          internshipGroupId: group.id,
          exitedDescription: EXIT_REASONS[1].title,
        }),
        404,
        INTERNSHIPS_MSG.notMember,
      );
      const res = await exit({ exitedDescription: '字'.repeat(50) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: INTERNSHIPS_MSG.exited, data: { exitReason: 'Other' } });
      expect((await myGroups(s.api)).total).toBe(0);
      const members = data<{ rows: { exited: boolean; exitReason: string; exitDescription: string }[] }>(
        await a.api.get(`${O}/internship_groups/${group.id}/members`),
      );
      expect(members.rows[0]).toMatchObject({
        exited: true,
        exitReason: 'Other',
        exitDescription: '字'.repeat(50),
      });
      // free to join another one now
      const next = await groupOf(a);
      data(await join(s.api, next.code));
      const second = await exit({ exitedDescription: EXIT_REASONS[3].title });
      expectError(second, 404, INTERNSHIPS_MSG.notMember);
      for (const r of EXIT_REASONS.slice(0, 5)) {
        const res2 = await s.api.post(`${O}/internship_members/exit`, {
          internshipGroupId: next.group.id,
          exitedDescription: r.title,
        });
        expect(res2.json().data).toMatchObject({ exitReason: r.code });
        data(await join(s.api, next.code));
      }
    });

    it('refuses exit once the group is finished', async () => {
      const a = await organiser(t);
      const { group, code } = await groupOf(a);
      const s = await student(t);
      data(await join(s.api, code));
      data(await a.api.post(`${O}/internship_groups/${group.id}/finish`));
      expectError(
        await s.api.post(`${O}/internship_members/exit`, {
          internshipGroupId: group.id,
          exitedDescription: EXIT_REASONS[0].title,
        }),
        400,
        INTERNSHIPS_MSG.exitFinished,
      );
      expectError(
        await a.api.post(`${O}/internship_groups/${group.id}/finish`),
        400,
        INTERNSHIPS_MSG.groupAlreadyFinished,
      );
      expectError(
        await a.api.post(`${O}/internship_groups/${group.id}/stages`, { name: '新' }),
        400,
        INTERNSHIPS_MSG.groupAlreadyFinished,
      );
      // a finished internship is not a current one: the student may join another
      const next = await groupOf(a);
      data(await join(s.api, next.code));
    });
  });

  describe('members', () => {
    it('pages members with progress and answers companyMemberOf', async () => {
      const a = await organiser(t);
      const { group, code, open } = await groupOf(a);
      const students = [await student(t), await student(t), await student(t)];
      const ids: string[] = [];
      for (const s of students) ids.push(data<{ memberId: string }>(await join(s.api, code)).memberId);
      const first = students[0];
      if (!first) throw new Error('no student');
      const stage = data<{ tasks: { id: string }[] }>(
        await first.api.get(`${O}/internship_stages/${open.id}`),
      );
      data(await first.api.post(`${O}/internship_stages/${open.id}/tasks/${stage.tasks[0]?.id}/complete`));
      const page1 = data<{
        rows: { id: string; userName: string; progressPercentage: number }[];
        total: number;
      }>(await a.api.get(`${O}/internship_groups/${group.id}/members?pageNumber=1&pageSize=2`));
      expect(page1.total).toBe(3);
      expect(page1.rows.map((r) => r.id)).toEqual(ids.slice(0, 2));
      expect(page1.rows[0]?.progressPercentage).toBeCloseTo(1 / 3);
      expect(page1.rows[0]?.userName).toBe(first.user.name);
      const page2 = data<{ rows: { id: string }[] }>(
        await a.api.get(`${O}/internship_groups/${group.id}/members?pageNumber=2&pageSize=2`),
      );
      expect(page2.rows.map((r) => r.id)).toEqual(ids.slice(2));

      const found = await companyMemberOf({ db: t.db, companyId: a.company.id, memberId: Number(ids[0]) });
      expect(found).toMatchObject({
        memberId: Number(ids[0]),
        userId: first.user.id,
        groupId: Number(group.id),
        groupName: group.name,
        occupationName: 'Java开发实习生',
        finished: false,
      });
      const b = await organiser(t);
      expect(
        await companyMemberOf({ db: t.db, companyId: b.company.id, memberId: Number(ids[0]) }),
      ).toBeNull();
      data(await a.api.post(`${O}/internship_groups/${group.id}/finish`));
      expect(
        (await companyMemberOf({ db: t.db, companyId: a.company.id, memberId: Number(ids[0]) }))?.finished,
      ).toBe(true);
      const managed = data<{ rows: { id: string; status: string; memberCount: number }[] }>(
        await a.api.get(`${O}/internship_groups/managed`),
      );
      expect(managed.rows.find((r) => r.id === group.id)).toMatchObject({
        status: 'Finished',
        memberCount: 3,
      });
      await groupOf(a, { name: '第二个' });
      const second = data<{ rows: { name: string }[]; total: number }>(
        await a.api.get(`${O}/internship_groups/managed?pageNumber=2&pageSize=1`),
      );
      expect(second).toMatchObject({ total: 2, rows: [{ name: group.name }] });
    });
  });

  describe('company hub', () => {
    it('makes the company on first save, updates it, checks the logo and the role', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Business' });
      const api = client(t.app, me.token);
      expect(data(await api.get(`${O}/companies/mine`))).toBeNull();
      expectError(
        await api.put(`${O}/companies/mine`, { name: ' ' }),
        400,
        INTERNSHIPS_MSG.companyNameRequired,
      );
      expectError(
        await api.put(`${O}/companies/mine`, { name: '企'.repeat(51) }),
        400,
        INTERNSHIPS_MSG.companyNameTooLong,
      );
      const made = data<{ id: string; name: string; logo: null }>(
        await api.put(`${O}/companies/mine`, { name: '新企业', introduction: '简介' }),
      );
      expect(made).toMatchObject({ name: '新企业', logo: null });
      // now a company: the organiser routes work
      expect((await api.get(`${O}/internship_groups/managed`)).statusCode).toBe(200);
      const [mine] = await t.db
        .insert(files)
        .values({
          storageKey: unique('k'),
          ownerId: me.user.id,
          purpose: 'logo',
          name: 'logo.png',
          contentType: 'image/png',
          size: 10,
        })
        .returning();
      const s = await student(t);
      const [theirs] = await t.db
        .insert(files)
        .values({
          storageKey: unique('k'),
          ownerId: s.user.id,
          purpose: 'logo',
          name: 'x.png',
          contentType: 'image/png',
          size: 10,
        })
        .returning();
      const [poster] = await t.db
        .insert(files)
        .values({
          storageKey: unique('k'),
          ownerId: me.user.id,
          purpose: 'poster',
          name: 'p.png',
          contentType: 'image/png',
          size: 10,
        })
        .returning();
      expectError(
        await api.put(`${O}/companies/mine`, { name: '新企业', logoFileId: theirs?.id }),
        400,
        '文件不存在或无权使用',
      );
      expectError(
        await api.put(`${O}/companies/mine`, { name: '新企业', logoFileId: poster?.id }),
        400,
        '文件不存在或无权使用',
      );
      const saved = data<{ id: string; name: string; logo: { id: number; url: string } }>(
        await api.put(`${O}/companies/mine`, { name: '改名企业', logoFileId: mine?.id }),
      );
      expect(saved.id).toBe(made.id);
      expect(saved.logo.id).toBe(mine?.id);
      expect(saved.logo.url).toContain(`/api/files/${mine?.id}/content`);
      expect(data(await api.get(`${O}/companies/mine`))).toMatchObject({ name: '改名企业' });
      expectError(await s.api.get(`${O}/companies/mine`), 403, INTERNSHIPS_MSG.businessOnly);
      expectError(await s.api.put(`${O}/companies/mine`, { name: 'x' }), 403, INTERNSHIPS_MSG.businessOnly);
    });
  });
});
