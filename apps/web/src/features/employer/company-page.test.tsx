import { act, fireEvent, screen } from '@testing-library/react';
import { INTERNSHIPS_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../components/lazy-antd';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubFetch } from '../../test/helpers';

const routes = (extra: Record<string, Parameters<typeof stubFetch>[0][string]>, role = 'Business') => ({
  ...sessionRoutes(role),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  'GET /api/portal/users/u1': ok([]),
  ...extra,
});

describe('企业入口', () => {
  beforeEach(() => {
    setSite();
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is for business users only', async () => {
    signIn('Student');
    stubFetch(routes({}, 'Student'));
    renderApp('/workbench/index/company');
    expect(await screen.findByTestId('company-not-business')).toBeTruthy();
  });

  it('the company form (name required), saved, and the console cards', async () => {
    signIn('Business');
    let saved: unknown = null;
    const calls = stubFetch(
      routes({
        'GET /api/ourea/companies/mine': () => ok(saved),
        'PUT /api/ourea/companies/mine': (call) => {
          saved = { id: '1', name: (call.body as { name: string }).name, introduction: '', logo: null };
          return ok(saved);
        },
      }),
    );
    renderApp('/workbench/index/company');
    expect(await screen.findByTestId('company-first-save')).toBeTruthy();
    expect(screen.queryAllByTestId('company-hub-link')).toHaveLength(0);
    const saveButton = await screen.findByTestId('company-save', {}, { timeout: 4000 });
    await act(async () => {
      fireEvent.click(saveButton);
    });
    expect(await screen.findByText(INTERNSHIPS_MSG.companyNameRequired)).toBeTruthy();
    fireEvent.change(screen.getByTestId('company-name'), { target: { value: '优加信息技术有限公司' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('company-save'));
    });
    expect(await screen.findByText(INTERNSHIPS_MSG.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '优加信息技术有限公司',
      introduction: '',
      logoFileId: null,
      nickname: '',
      financingRound: null,
      industry: null,
      scale: null,
    });
    const links = await screen.findAllByTestId('company-hub-link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/u/enterprise/internships',
      '/u/openclass/manage',
      '/u/enterprise/certificates',
      '/u/enterprise/jobs',
      '/u/enterprise/applications',
      '/u/enterprise/talks',
      '/u/enterprise/fairs',
    ]);
  });
});
