import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type GroupMember, INTERNSHIPS_MSG, type ManagedGroup } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubFetch,
} from '../../../test/helpers';

const G = '/api/ourea/internship_groups';
const group = (over: Partial<ManagedGroup> = {}): ManagedGroup => ({
  id: '7',
  name: '2026春季软件研发实习计划',
  description: '说明',
  status: 'Underway',
  startTimestamp: new Date(2026, 2, 1).getTime(),
  endTimestamp: new Date(2026, 5, 30).getTime(),
  finishedAt: null,
  memberCount: 1,
  stageCount: 2,
  stages: [
    {
      id: '1',
      name: '入职培训',
      description: '',
      openToAll: true,
      tasks: [{ id: '11', title: '阅读手册', content: '' }],
    },
    { id: '2', name: '项目实战', description: '', openToAll: false, tasks: [] },
  ],
  inviteCodes: [{ id: '5', code: 'UPLUS2026', maxUses: null, uses: 1, disabled: false, createdAt: 1 }],
  ...over,
});
const member = (over: Partial<GroupMember> = {}): GroupMember => ({
  id: '70',
  userId: '9',
  userName: '王小明',
  occupationName: 'Java开发实习生',
  joinedAt: new Date(2026, 2, 2).getTime(),
  exited: false,
  exitedAt: null,
  exitReason: null,
  exitDescription: '',
  eliminated: false,
  eliminatedDescription: '',
  progressPercentage: 0.25,
  grantedStageIds: [],
  ...over,
});

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>) => ({
  ...sessionRoutes('Business'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  'GET /api/portal/users/u1': ok([]),
  ...extra,
});

describe('the organiser’s internship pages', () => {
  beforeEach(() => {
    setSite();
    signIn('Business');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists groups and creates one (form errors first), then opens it', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${G}/managed`]: ok({ rows: [group()], total: 1 }),
        [`POST ${G}`]: ok(group({ id: '8', name: '新计划' })),
        [`GET ${G}/8`]: ok(group({ id: '8', name: '新计划' })),
        [`GET ${G}/8/members`]: ok({ rows: [], total: 0 }),
      }),
    );
    const { router } = renderApp('/u/enterprise/internships');
    const rows = await screen.findAllByTestId('group-row');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/u/enterprise/internships/7');
    fireEvent.click(screen.getByTestId('group-create'));
    const dialog = await screen.findByTestId('group-form');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    expect(await screen.findByText(INTERNSHIPS_MSG.groupNameRequired)).toBeTruthy();
    expect(within(dialog).getByTestId('group-name').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(dialog).getByTestId('group-name'), { target: { value: '新计划' } });
    fireEvent.change(within(dialog).getByTestId('group-start'), { target: { value: '2026-07-01' } });
    fireEvent.change(within(dialog).getByTestId('group-end'), { target: { value: '2026-06-01' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    expect(await screen.findByText(INTERNSHIPS_MSG.endBeforeStart)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('group-end'), { target: { value: '2026-09-30' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/enterprise/internships/8'));
    const body = calls.find((c) => `${c.method} ${c.path}` === `POST ${G}`)?.body as Record<string, number>;
    expect(body).toMatchObject({ name: '新计划', startTimestamp: new Date(2026, 6, 1).getTime() });
  });

  it('a group: codes with copy, stages, members with grant and eliminate, finish asked first', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let finished = false;
    const calls = stubFetch(
      routes({
        [`GET ${G}/7`]: () => ok(group(finished ? { status: 'Finished', finishedAt: 1 } : {})),
        [`GET ${G}/7/members`]: ok({ rows: [member()], total: 1 }),
        [`PUT ${G}/7/members/70/stages/2`]: ok(member({ grantedStageIds: ['2'] })),
        [`POST ${G}/7/members/70/eliminate`]: ok(
          member({ eliminated: true, eliminatedDescription: '考核未通过' }),
        ),
        [`POST ${G}/7/finish`]: () => {
          finished = true;
          return ok(group({ status: 'Finished', finishedAt: 1 }));
        },
      }),
    );
    renderApp('/u/enterprise/internships/7');
    expect(await screen.findByRole('heading', { name: '2026春季软件研发实习计划', level: 1 })).toBeTruthy();
    expect(screen.getAllByTestId('managed-stage')).toHaveLength(2);
    expect(screen.getByTestId('code-text').textContent).toBe('UPLUS2026');
    fireEvent.click(screen.getByRole('button', { name: '复制邀请码 UPLUS2026' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('UPLUS2026'));
    expect(await screen.findByText(INTERNSHIPS_MSG.copied)).toBeTruthy();

    const row = within((await screen.findAllByTestId('member-row'))[0] as HTMLElement);
    expect(row.getByTestId('member-state').textContent).toBe('实习中');
    expect(row.getByText('25%')).toBeTruthy();
    fireEvent.click(row.getByRole('checkbox', { name: '项目实战' }));
    await waitFor(() =>
      expect(calls.some((c) => `${c.method} ${c.path}` === `PUT ${G}/7/members/70/stages/2`)).toBe(true),
    );
    expect(calls.find((c) => c.path === `${G}/7/members/70/stages/2`)?.body).toEqual({ granted: true });

    fireEvent.click(row.getByTestId('member-eliminate'));
    const text = await screen.findByTestId('eliminate-text');
    const modal = text.closest('.ant-modal') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: /淘\s*汰/ }));
    });
    expect(await screen.findByText(INTERNSHIPS_MSG.eliminatedDescriptionRequired)).toBeTruthy();
    fireEvent.change(text, { target: { value: '考核未通过' } });
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: /淘\s*汰/ }));
    });
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${G}/7/members/70/eliminate`)?.body).toEqual({
        eliminatedDescription: '考核未通过',
      }),
    );

    fireEvent.click(screen.getByTestId('group-finish'));
    expect((await screen.findByTestId('confirm-content')).textContent).toBe(INTERNSHIPS_MSG.finishConfirm);
    expect(calls.some((c) => c.path === `${G}/7/finish`)).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-ok'));
    });
    expect(await screen.findByTestId('group-finished-note')).toBeTruthy();
    expect(screen.queryByTestId('group-finish')).toBeNull();
    expect(screen.queryByTestId('stage-add')).toBeNull();
    expect(screen.queryByTestId('code-add')).toBeNull();
  });
});
