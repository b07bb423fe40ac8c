import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COMPETITIONS_MSG, type Registration, type TeamPreview } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../components/lazy-antd';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubFetch } from '../../test/helpers';
import { joinBlockOf } from './competition-link-page';

const APPLIED = 'GET /api/competition/apply_records/competitions';
const EXPIRED = 'GET /api/competition/apply_records/competitions/expired';

const reg = (over: Partial<Registration> = {}): Registration => ({
  id: '5',
  competitionId: '9',
  competitionName: '创新创业大赛',
  competitionOrganizer: '教务处',
  competitionCoverUrl: '',
  applyTime: new Date(2026, 2, 1, 9, 30).getTime(),
  applyStartAt: new Date(2026, 2, 1).getTime(),
  applyEndAt: new Date(2026, 2, 31).getTime(),
  mode: 'Group',
  role: 'Captain',
  roleTitle: '队长',
  leaderId: '1',
  applyInfo: { teamName: '飞跃队' },
  trackName: '人工智能',
  areaName: '华东赛区',
  status: 'Submitted',
  statusTitle: '已提交',
  applyEnable: true,
  ...over,
});
const page = (rows: Registration[]) => ok({ rows, total: rows.length });

const routes = (extra: Record<string, ReturnType<typeof ok>>) => ({
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

describe('我的竞赛', () => {
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

  it('shows the card states and opens the apply page for a captain, the link page for a member', async () => {
    stubFetch(
      routes({
        [APPLIED]: page([
          reg({ id: '1', competitionId: '11' }),
          reg({ id: '2', status: 'Draft', statusTitle: '未提交', applyEnable: false }),
          reg({ id: '3', mode: 'Personal', applyInfo: { teamName: '' } }),
          reg({ id: '4', role: 'TeamMember', roleTitle: '队员' }),
        ]),
      }),
    );
    const { router } = renderApp('/workbench/index/competition');
    expect(await screen.findByRole('heading', { name: '我的竞赛', level: 1 })).toBeTruthy();
    const card = async (id: string) => within(await screen.findByTestId(`registration-${id}`));

    const captain = await card('1');
    expect(captain.getByTestId('registration-period').textContent).toBe('报名期');
    expect(captain.queryByTestId('registration-draft')).toBeNull();
    expect(captain.getByTestId('registration-role').textContent).toBe('队长');
    expect(captain.getByText('队伍：飞跃队')).toBeTruthy();
    expect(captain.getByText('报名时间：2026.03.01 09:30')).toBeTruthy();

    const draft = await card('2');
    expect(draft.getByTestId('registration-period').textContent).toBe('报名截止');
    expect(draft.getByTestId('registration-draft').textContent).toBe('未提交');

    const personal = await card('3');
    expect(personal.getByTestId('registration-role').textContent).toBe('个人参赛');

    fireEvent.click(screen.getByTestId('registration-4'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/competition/link'));
    expect(router.state.location.search).toBe('?applyRecordId=4');
    await router.navigate('/workbench/index/competition');
    await screen.findByRole('heading', { name: '我的竞赛', level: 1 });
    // The list page mounts again after the navigation; a click on a card it is about to replace would be lost
    // on a busy machine, so the click is repeated until the navigation it causes is seen.
    await waitFor(() => {
      fireEvent.click(screen.getByTestId('registration-1'));
      expect(router.state.location.pathname).toBe('/competition/apply');
    });
    expect(router.state.location.search).toBe('?id=11');
  });

  it('已失效 tab asks the expired list; empty shows 暂无内容', async () => {
    const calls = stubFetch(routes({ [APPLIED]: page([reg()]), [EXPIRED]: page([]) }));
    renderApp('/workbench/index/competition');
    await screen.findByTestId('registration-5');
    fireEvent.click(screen.getByTestId('registration-tab-expired'));
    expect((await screen.findByTestId('query-empty')).textContent).toBe(COMPETITIONS_MSG.empty);
    expect(calls.some((c) => `${c.method} ${c.path}` === EXPIRED)).toBe(true);
    expect(screen.getByTestId('registration-tab-expired').getAttribute('aria-current')).toBe('page');
  });
});

describe('join link rules', () => {
  const team = (over: Partial<TeamPreview> = {}): TeamPreview => ({
    id: '1',
    competitionId: '9',
    competitionName: 'x',
    competitionOrganizer: 'y',
    competitionCoverUrl: '',
    teamName: '飞跃队',
    leaderName: '张三',
    memberCount: 1,
    maxTeamSize: 3,
    applyEnable: true,
    status: 'Draft',
    statusTitle: '未提交',
    myRole: null,
    appliedElsewhere: false,
    ...over,
  });
  it('offers 加入队伍 only to a student not registered, in the period, under the size', () => {
    expect(joinBlockOf(team(), 'Student')).toBeNull();
    expect(joinBlockOf(team(), 'Teacher')).toBe(COMPETITIONS_MSG.studentsOnly);
    expect(joinBlockOf(team({ appliedElsewhere: true }), 'Student')).toBe(COMPETITIONS_MSG.alreadyApplied);
    expect(joinBlockOf(team({ applyEnable: false }), 'Student')).toBe(COMPETITIONS_MSG.notApplyPeriod);
    expect(joinBlockOf(team({ memberCount: 3 }), 'Student')).toBe(COMPETITIONS_MSG.teamFull);
  });
});
