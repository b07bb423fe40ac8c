import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  basicInfo,
  fail,
  ok,
  refresh,
  renderApp,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';

const SUMMARY = 'GET /api/bigdata/data_screen/summary';
const LEADER_BIT = 137438953472;

const figures = {
  collegeCode: 'UPLUS-C001',
  collegeName: '优加示范大学',
  courses: 3,
  homeworks: 5,
  exerciseSets: 2,
  teachers: 4,
  students: 1200,
  codeRuns: 17,
  countedAt: new Date(2026, 10, 24, 9, 30, 0).getTime(),
};

/** A signed-in teacher on the school site UPLUS-C001 whose session refresh gives these permission bits. */
const signedInOnSchoolSite = (pms: { course: number; qom: number }, extra: Record<string, unknown> = {}) => {
  setSite({ TYPE: 'school', CODE: 'UPLUS-C001', ...extra });
  signIn('Teacher');
  return {
    'GET /api/portal/users/basic_info': ok(basicInfo({ organIdentityType: 'Teacher' })),
    // the leaf organ is a college department (UPLUS-C001-CS); the college code is the school's
    'GET /api/base/session/refresh_token': ok({
      ...refresh('Teacher', pms),
      organ: { ...refresh('Teacher', pms).organ, leafOrganCode: 'UPLUS-C001-CS', collegeCode: 'UPLUS-C001' },
    }),
  };
};

describe('/dataScreen/index (数据大屏)', () => {
  beforeEach(() => {
    stubBrowser();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it("lets the site college's leader in after the session sync and shows the college's figures", async () => {
    const calls = stubFetch({
      ...signedInOnSchoolSite(
        { course: LEADER_BIT, qom: 0 },
        { DATA_CUBE_URL: 'https://cube.example.edu/c1' },
      ),
      [SUMMARY]: ok(figures),
    });
    renderApp('/dataScreen/index');
    expect(await screen.findByRole('heading', { name: '数据大屏', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('data-screen-courses')).textContent).toContain('3');
    expect(screen.getByTestId('data-screen-students').textContent).toContain('1.2K');
    expect(screen.getByTestId('data-screen-codeRuns').textContent).toContain('17');
    expect(screen.getByTestId('data-screen-college').textContent).toBe('优加示范大学');
    expect(screen.getByTestId('data-screen-cube').getAttribute('href')).toBe('https://cube.example.edu/c1');
    expect(screen.queryByText('当前用户无查看权限')).toBeNull();
    const call = calls.find((c) => `${c.method} ${c.path}` === SUMMARY);
    expect(call?.query.get('collegeCode')).toBe('UPLUS-C001');
  });

  it('keeps 当前用户无查看权限 for a teacher who is not a leader, without asking for figures', async () => {
    const calls = stubFetch({ ...signedInOnSchoolSite({ course: 0, qom: 0 }), [SUMMARY]: ok(figures) });
    renderApp('/dataScreen/index');
    expect(await screen.findByText('当前用户无查看权限')).toBeTruthy();
    expect(calls.some((c) => `${c.method} ${c.path}` === SUMMARY)).toBe(false);
  });

  it("shows the server's refusal with 重试 instead of a blank page", async () => {
    stubFetch({
      ...signedInOnSchoolSite({ course: LEADER_BIT, qom: 0 }),
      [SUMMARY]: fail(403, '当前用户无查看权限'),
    });
    renderApp('/dataScreen/index');
    // antd spaces two-character button labels (重 试)
    expect(await screen.findByRole('button', { name: /重\s*试/ })).toBeTruthy();
    // the client reads every 403 as 暂无权限 (ARCHITECTURE: calls)
    expect(screen.getByText('暂无权限')).toBeTruthy();
  });
});
