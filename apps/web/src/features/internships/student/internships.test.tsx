import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INTERNSHIPS_MSG, type StudentGroup } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';

const LIST = 'GET /api/ourea/internship_groups/student';
const COUNT = 'GET /api/ourea/internship_members/joined_count';
const JOIN = 'POST /api/ourea/internship_members/join';
const EXIT = 'POST /api/ourea/internship_members/exit';
const STAGE = 'GET /api/ourea/internship_stages/1';

const group = (
  over: Partial<StudentGroup> = {},
  eliminated: 'Yes' | 'No' = 'No',
  description = '',
): StudentGroup => ({
  id: '7',
  name: '2026春季软件研发实习计划',
  description: '',
  status: 'Underway',
  startTimestamp: new Date(2026, 2, 1).getTime(),
  endTimestamp: new Date(2026, 5, 30).getTime(),
  company: { id: '1', name: '优加信息技术有限公司', logo: '' },
  internshipMembers: [
    {
      id: '70',
      eliminated,
      eliminatedDescription: description,
      internshipOccupationName: 'Java开发实习生',
      joinedAt: 1,
    },
  ],
  internships: [
    { id: '1', name: '入职培训', isHasPerm: 'Yes', progressPercentage: 0.5 },
    { id: '2', name: '结项答辩', isHasPerm: 'No', progressPercentage: 0 },
  ],
  ...over,
});
const page = (rows: StudentGroup[]) => ok({ rows, total: rows.length });

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>) => ({
  ...sessionRoutes('Student'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  'GET /api/portal/users/u1': ok([]),
  ...extra,
});

const cardNamed = async (status: string) =>
  within(
    (await screen.findAllByTestId('internship-card')).find(
      (c) => c.getAttribute('data-status') === status,
    ) as HTMLElement,
  );

describe('我的实习', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows every card state of spec 4', async () => {
    stubBrowser();
    stubFetch(
      routes({
        [LIST]: page([
          group({ id: '1', status: 'NotStarted' }),
          group({ id: '2', status: 'Underway' }),
          group({ id: '3', status: 'Finished' }),
        ]),
      }),
    );
    const { router } = renderApp('/workbench/index/internship');
    expect(await screen.findByRole('heading', { name: '我的实习', level: 1 })).toBeTruthy();

    const notStarted = await cardNamed('NotStarted');
    expect(notStarted.getByTestId('internship-action').textContent?.replace(/\s/g, '')).toBe('未开始');
    expect(notStarted.getByTestId('internship-exit')).toBeTruthy();
    fireEvent.click(notStarted.getByTestId('internship-action'));
    expect(await screen.findByText(INTERNSHIPS_MSG.notStarted)).toBeTruthy();

    const underway = await cardNamed('Underway');
    expect(underway.getByTestId('internship-status').textContent).toBe('进行中');
    expect(underway.getByTestId('internship-position').textContent).toBe('岗位：Java开发实习生');
    expect(underway.getByTestId('internship-period').textContent).toBe('2026.03.01 - 2026.06.30');
    const [open, locked] = underway.getAllByTestId('internship-stage');
    expect(open?.getAttribute('data-locked')).toBe('false');
    expect(open?.getAttribute('aria-label')).toBeNull();
    expect(open?.textContent).toBe('入职培训已完成 50%');
    expect(locked?.getAttribute('data-locked')).toBe('true');
    expect(within(locked as HTMLElement).getByTestId('stage-lock')).toBeTruthy();
    fireEvent.click(locked as HTMLElement);
    expect(await screen.findByText(INTERNSHIPS_MSG.noStagePermission)).toBeTruthy();

    const finished = await cardNamed('Finished');
    expect(finished.getByTestId('internship-action').textContent?.replace(/\s/g, '')).toBe('已结束');
    expect((finished.getByTestId('internship-action') as HTMLButtonElement).disabled).toBe(true);
    expect(finished.queryByTestId('internship-exit')).toBeNull();

    fireEvent.click(underway.getByTestId('internship-action'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workbench/internship/stage/1'));
  });

  it('an eliminated member sees the not-suitable dialog (the fallback text), no stages', async () => {
    stubFetch(routes({ [LIST]: page([group({}, 'Yes', '')]) }));
    renderApp('/workbench/index/internship');
    const card = await cardNamed('Underway');
    expect(card.queryAllByTestId('internship-stage')).toHaveLength(0);
    fireEvent.click(card.getByTestId('internship-action'));
    expect((await screen.findByTestId('not-suitable-text')).textContent).toBe(
      INTERNSHIPS_MSG.eliminatedFallback,
    );
  });

  it('tabs keep upType in the address and ask for details', async () => {
    const calls = stubFetch(routes({ [LIST]: page([]) }));
    const { router } = renderApp('/workbench/index/internship?upType=finished');
    await screen.findByText(/暂无实习/);
    const last = () => calls.filter((c) => `${c.method} ${c.path}` === LIST).at(-1);
    expect(last()?.query.get('details')).toBe('finished');
    expect(screen.getByTestId('internship-tab-finished').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('internship-tab-underway'));
    await waitFor(() => expect(router.state.location.search).toBe('?upType=underway'));
    await waitFor(() => expect(last()?.query.get('details')).toBe('underway'));
    fireEvent.click(screen.getByTestId('internship-tab-all'));
    await waitFor(() => expect(last()?.query.get('details')).toBeNull());
  });

  it('join: checks the code, highlights a wrong one, asks the position (at most 15) and joins', async () => {
    let countAnswer: StubAnswer = fail(404, INTERNSHIPS_MSG.inviteCodeInvalid);
    const calls = stubFetch(
      routes({
        [LIST]: page([]),
        [COUNT]: () => countAnswer,
        [JOIN]: ok({ internshipGroupId: '7', memberId: '70' }),
      }),
    );
    renderApp('/workbench/index/internship');
    await screen.findByText(/暂无实习/);
    fireEvent.click(screen.getByTestId('join-internship'));
    expect((await screen.findByTestId('join-limit')).textContent).toBe(INTERNSHIPS_MSG.joinLimit);
    const input = screen.getByTestId('join-code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  abc12  ' } });
    fireEvent.click(screen.getByTestId('join-check'));
    expect((await screen.findByTestId('join-code-error')).textContent).toBe(
      INTERNSHIPS_MSG.inviteCodeInvalid,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => `${c.method} ${c.path}` === COUNT)).toBe(false);
    // a wrong code from the server: on the input too
    fireEvent.change(input, { target: { value: ' uplus2026 ' } });
    expect(screen.queryByTestId('join-code-error')).toBeNull();
    fireEvent.click(screen.getByTestId('join-check'));
    expect((await screen.findByTestId('join-code-error')).textContent).toBe(
      INTERNSHIPS_MSG.inviteCodeInvalid,
    );
    expect(
      calls
        .filter((c) => `${c.method} ${c.path}` === COUNT)
        .at(-1)
        ?.query.get('inviteCode'),
    ).toBe('uplus2026');
    // a valid one
    countAnswer = ok({
      joinFlag: true,
      joinCount: 3,
      groupName: '春季实习',
      companyName: '优加',
      message: '',
    });
    fireEvent.change(input, { target: { value: ' UPLUS2026 ' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    expect((await screen.findByTestId('join-group')).textContent).toContain('已有 3 人加入');
    const position = screen.getByTestId('join-position') as HTMLInputElement;
    fireEvent.click(screen.getByTestId('join-confirm'));
    expect(await screen.findByText(INTERNSHIPS_MSG.occupationRequired)).toBeTruthy();
    fireEvent.change(position, { target: { value: '岗'.repeat(16) } });
    fireEvent.click(screen.getByTestId('join-confirm'));
    expect(await screen.findByText(INTERNSHIPS_MSG.occupationTooLong)).toBeTruthy();
    expect(calls.some((c) => `${c.method} ${c.path}` === JOIN)).toBe(false);
    fireEvent.change(position, { target: { value: ' Java开发实习生 ' } });
    fireEvent.click(screen.getByTestId('join-confirm'));
    expect(await screen.findByText(INTERNSHIPS_MSG.joined)).toBeTruthy();
    expect(calls.find((c) => `${c.method} ${c.path}` === JOIN)?.body).toEqual({
      inviteCode: 'UPLUS2026',
      internshipOccupationName: 'Java开发实习生',
    });
  });

  it('join: other refusals (the join limit) are toasted, not put on the input', async () => {
    stubFetch(
      routes({
        [LIST]: page([]),
        [COUNT]: ok({ joinFlag: true, joinCount: 0, groupName: 'g', companyName: 'c', message: '' }),
        [JOIN]: fail(400, INTERNSHIPS_MSG.joinLimit),
      }),
    );
    renderApp('/workbench/index/internship');
    await screen.findByText(/暂无实习/);
    fireEvent.click(screen.getByTestId('join-internship'));
    fireEvent.change(await screen.findByTestId('join-code'), { target: { value: 'UPLUS2026' } });
    fireEvent.click(screen.getByTestId('join-check'));
    fireEvent.change(await screen.findByTestId('join-position'), { target: { value: '测试' } });
    fireEvent.click(screen.getByTestId('join-confirm'));
    // the dialog's note and the toast both say it
    await waitFor(() => expect(screen.getAllByText(INTERNSHIPS_MSG.joinLimit).length).toBeGreaterThan(1));
    expect(screen.queryByTestId('join-code-error')).toBeNull();
  });

  it('exit: one reason of six; 其他 needs its text (at most 50)', async () => {
    const calls = stubFetch(
      routes({ [LIST]: page([group()]), [EXIT]: ok({ internshipGroupId: '7', exitReason: 'Other' }) }),
    );
    renderApp('/workbench/index/internship');
    const card = await cardNamed('Underway');
    fireEvent.click(card.getByTestId('internship-exit'));
    const reasons = await screen.findByTestId('exit-reasons');
    expect(within(reasons).getAllByRole('radio')).toHaveLength(6);
    fireEvent.click(screen.getByTestId('exit-confirm'));
    expect((await screen.findByTestId('exit-error')).textContent).toBe(INTERNSHIPS_MSG.exitReasonRequired);
    fireEvent.click(within(reasons).getByLabelText('其他'));
    fireEvent.click(screen.getByTestId('exit-confirm'));
    expect((await screen.findByTestId('exit-error')).textContent).toBe(INTERNSHIPS_MSG.exitOtherRequired);
    const text = screen.getByTestId('exit-other') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: '字'.repeat(51) } });
    expect(screen.getByText('51/50')).toBeTruthy();
    fireEvent.click(screen.getByTestId('exit-confirm'));
    expect((await screen.findByTestId('exit-error')).textContent).toBe(INTERNSHIPS_MSG.exitOtherTooLong);
    expect(calls.some((c) => `${c.method} ${c.path}` === EXIT)).toBe(false);
    fireEvent.change(text, { target: { value: '想专心准备考研' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('exit-confirm'));
    });
    expect(await screen.findByText(INTERNSHIPS_MSG.exited)).toBeTruthy();
    expect(calls.find((c) => `${c.method} ${c.path}` === EXIT)?.body).toEqual({
      internshipGroupId: '7',
      exitReason: 'Other',
      exitedDescription: '想专心准备考研',
    });
  });

  it('exit with a listed reason sends its words', async () => {
    const calls = stubFetch(
      routes({ [LIST]: page([group()]), [EXIT]: ok({ internshipGroupId: '7', exitReason: 'Mismatch' }) }),
    );
    renderApp('/workbench/index/internship');
    fireEvent.click((await cardNamed('Underway')).getByTestId('internship-exit'));
    fireEvent.click(within(await screen.findByTestId('exit-reasons')).getByLabelText('岗位与预期不符'));
    fireEvent.click(screen.getByTestId('exit-confirm'));
    expect(await screen.findByText(INTERNSHIPS_MSG.exited)).toBeTruthy();
    expect(calls.find((c) => `${c.method} ${c.path}` === EXIT)?.body).toEqual({
      internshipGroupId: '7',
      exitReason: 'Mismatch',
      exitedDescription: '岗位与预期不符',
    });
  });

  it('the stage page lists tasks, completes one, and shows a refusal in place', async () => {
    let completed = false;
    const stage = () =>
      ok({
        id: '1',
        name: '入职培训',
        description: '了解流程',
        groupId: '7',
        groupName: '春季实习',
        status: 'Underway',
        progressPercentage: completed ? 0.5 : 0,
        tasks: [
          { id: '11', title: '阅读手册', content: '通读', completed },
          { id: '12', title: '搭建环境', content: '', completed: false },
        ],
      });
    const calls = stubFetch(
      routes({
        [STAGE]: stage,
        'POST /api/ourea/internship_stages/1/tasks/11/complete': () => {
          completed = true;
          return ok({ stageId: '1', taskId: '11', completed: true, progressPercentage: 0.5 });
        },
        'GET /api/ourea/internship_stages/2': fail(403, INTERNSHIPS_MSG.noStagePermission),
      }),
    );
    const { router } = renderApp('/workbench/internship/stage/1');
    expect(await screen.findByRole('heading', { name: '入职培训', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('stage-progress').textContent).toContain('0%');
    const [first] = screen.getAllByTestId('task-complete');
    fireEvent.click(first as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('stage-progress').textContent).toContain('50%'));
    expect(screen.getAllByTestId('task-done')).toHaveLength(1);
    expect(calls.some((c) => c.path.endsWith('/tasks/11/complete'))).toBe(true);
    await act(async () => {
      await router.navigate('/workbench/internship/stage/2');
    });
    expect(await screen.findByText(INTERNSHIPS_MSG.noStagePermission)).toBeTruthy();
  });
});
