import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { JOBS_MSG, type OccupationDetail } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import { ok, renderWithRouter, setSite, signIn, stubBrowser, stubFetch } from '../../../test/helpers';
import { JobDetailPanel } from './job-detail-panel';

const O = '/api/ourea';

const job = (overrides: Partial<OccupationDetail> = {}): OccupationDetail => ({
  id: '5',
  name: '前端开发工程师',
  jobNature: 'FullTime',
  jobNatureTitle: '全职',
  minSalary: 15,
  maxSalary: 25,
  cityName: '杭州市',
  provinceName: '浙江省',
  areaName: '西湖区',
  degree: 'Bachelor',
  degreeTitle: '本科',
  skills: 'React,TypeScript，CSS',
  approvalAt: new Date(2026, 5, 1, 10).getTime(),
  description: '负责组件开发',
  address: '文三路 90 号',
  location: null,
  onlined: 'Yes',
  favorite: false,
  favoriteId: null,
  record: null,
  feedBack: 'No',
  companyId: '9',
  company: {
    id: '9',
    name: '星辰科技有限公司',
    nickName: '星辰科技',
    logo: null,
    description: '一家做教育软件的公司',
    financingRoundTitle: 'A轮',
    industryTitle: '互联网',
    scaleTitle: '100-499人',
  },
  ...overrides,
});

const percentages = (onlinePercentages: number, attachedCount: number, perfected: boolean) => ({
  onlinePercentages,
  onlineCompleted: onlinePercentages >= 80,
  attachedCount,
  perfected,
  facts: {
    personal: true,
    avatar: false,
    strength: true,
    education: true,
    internship: true,
    society: true,
    award: true,
    language: true,
    evaluation: true,
    intention: true,
  },
  missing: ['头像'],
});

describe('职位详情', () => {
  beforeEach(() => setSite());
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows every field, the skills as tags, the company block linking to the company page', async () => {
    stubFetch({ [`GET ${O}/recruitment_occupations/5`]: ok(job({ maxSalary: 999 })) });
    renderWithRouter(<JobDetailPanel id="5" />);
    expect((await screen.findByTestId('job-name')).textContent).toBe('前端开发工程师');
    expect(screen.getByTestId('job-salary').textContent).toBe('面议');
    expect(screen.getByTestId('job-facts').textContent).toBe('全职杭州市本科发布于 2026-06-01');
    expect(screen.getByTestId('job-skills').textContent).toBe('ReactTypeScriptCSS');
    expect(screen.getByTestId('job-description').textContent).toBe('负责组件开发');
    expect(screen.getByTestId('job-address').textContent).toContain('浙江省杭州市西湖区文三路 90 号');
    expect(screen.getByTestId('job-company-link').getAttribute('href')).toBe('/company/details?id=9');
    expect(screen.getByTestId('job-company-link').getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('job-company-facts').textContent).toBe('A轮互联网100-499人');
    expect(screen.getByTestId('job-company-description').textContent).toBe('一家做教育软件的公司');
    // a visitor sees 投递简历 and 收藏
    expect(screen.getByTestId('job-deliver')).toBeTruthy();
    expect(screen.getByTestId('job-favourite')).toBeTruthy();
    expect(screen.queryByTestId('job-cancel-delivery')).toBeNull();
  });

  it('shares the job by a QR code of {host}/jobdetails?id=', async () => {
    stubBrowser();
    stubFetch({ [`GET ${O}/recruitment_occupations/5`]: ok(job()) });
    renderWithRouter(<JobDetailPanel id="5" />);
    fireEvent.click(await screen.findByTestId('job-share'));
    expect((await screen.findByTestId('job-share-dialog')).textContent).toContain(
      'http://localhost:3000/jobdetails?id=5',
    );
  });

  it('an offline job: 职位已下线, no description, address, favourite or deliver', async () => {
    stubFetch({
      [`GET ${O}/recruitment_occupations/5`]: ok(job({ onlined: 'No', description: '', address: '' })),
    });
    renderWithRouter(<JobDetailPanel id="5" />);
    expect((await screen.findByTestId('job-offline')).textContent).toBe(JOBS_MSG.jobOffline);
    expect(screen.queryByTestId('job-description')).toBeNull();
    expect(screen.queryByTestId('job-address')).toBeNull();
    expect(screen.queryByTestId('job-favourite')).toBeNull();
    expect(screen.queryByTestId('job-deliver')).toBeNull();
  });

  it('shows the load failure with a retry', async () => {
    stubFetch({});
    renderWithRouter(<JobDetailPanel id="5" />);
    expect(await screen.findByTestId('job-detail-retry')).toBeTruthy();
  });

  it('sends a visitor who delivers or favourites to sign in', async () => {
    const nav = stubBrowser();
    stubFetch({ [`GET ${O}/recruitment_occupations/5`]: ok(job()) });
    renderWithRouter(<JobDetailPanel id="5" />);
    fireEvent.click(await screen.findByTestId('job-deliver'));
    fireEvent.click(screen.getByTestId('job-favourite'));
    expect(nav.assign).toHaveBeenCalledTimes(2);
    expect(String(nav.assign.mock.calls[0]?.[0])).toContain('/idp');
  });

  it('low completeness without attachments: the prompt, 去完善 opens the resume in a new tab', async () => {
    signIn('Student');
    const nav = stubBrowser();
    stubFetch({
      [`GET ${O}/recruitment_occupations/5`]: ok(job()),
      [`GET ${O}/resume_onlines/percentages`]: ok(percentages(40, 0, true)),
    });
    renderWithRouter(<JobDetailPanel id="5" />);
    fireEvent.click(await screen.findByTestId('job-deliver'));
    expect((await screen.findByTestId('gate-low-completeness')).textContent).toBe(JOBS_MSG.lowCompleteness);
    fireEvent.click(screen.getByTestId('gate-improve'));
    expect(nav.openNewTab).toHaveBeenCalledWith('/workbench/index/resume');
  });

  it('attachments but the profile not perfected: the perfect-info dialog', async () => {
    signIn('Student');
    stubFetch({
      [`GET ${O}/recruitment_occupations/5`]: ok(job()),
      [`GET ${O}/resume_onlines/percentages`]: ok(percentages(95, 1, false)),
    });
    renderWithRouter(<JobDetailPanel id="5" />);
    fireEvent.click(await screen.findByTestId('job-deliver'));
    expect((await screen.findByTestId('gate-perfect-info')).textContent).toContain('请先完善个人信息');
    expect(screen.queryByTestId('gate-chooser')).toBeNull();
  });

  it('a business user is told only students deliver', async () => {
    signIn('Business');
    const calls = stubFetch({ [`GET ${O}/recruitment_occupations/5`]: ok(job()) });
    renderWithRouter(<JobDetailPanel id="5" />);
    fireEvent.click(await screen.findByTestId('job-deliver'));
    expect(await screen.findByText('仅学生可以投递简历')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/percentages'))).toBe(false);
  });

  it('the chooser delivers the chosen attachment; the panel turns to 取消投递, which asks first', async () => {
    signIn('Student');
    let delivered: { id: string } | null = null;
    let canceled = false;
    const calls = stubFetch({
      [`GET ${O}/recruitment_occupations/5`]: () =>
        ok(job(delivered && !canceled ? { record: delivered } : {})),
      [`GET ${O}/resume_onlines/percentages`]: ok(percentages(60, 1, true)),
      [`GET ${O}/resume_onlines`]: ok({ id: 3, strength: '', evaluation: '', updateAt: 1 }),
      [`GET ${O}/resume_attached`]: ok([
        { id: 7, name: '张三-前端', path: '/f/7', extension: 'pdf', size: 10, createAt: 1, enabled: 'Yes' },
      ]),
      [`POST ${O}/delivery_records`]: () => {
        delivered = { id: '41' };
        return ok({ id: '41' });
      },
      [`DELETE ${O}/delivery_records/41`]: () => {
        canceled = true;
        return ok(null);
      },
    });
    renderWithRouter(<JobDetailPanel id="5" />);
    fireEvent.click(await screen.findByTestId('job-deliver'));
    const choices = await screen.findAllByTestId('gate-choice');
    expect(choices.map((c) => c.textContent)).toEqual([
      '在线简历（完善度 60%）（完善度达到80%后可投递）',
      '张三-前端.pdf',
    ]);
    await act(async () => {
      fireEvent.click(screen.getByTestId('gate-deliver'));
    });
    expect(await screen.findByText(JOBS_MSG.delivered)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      campusRecruitMode: 'Recruitment',
      occupationId: '5',
      resumeId: '7',
      resumeType: 'Attached',
    });
    expect(calls.find((c) => c.path.endsWith('/resume_attached'))?.query.get('enabled')).toBe('Yes');
    fireEvent.click(await screen.findByTestId('job-cancel-delivery'));
    expect((await screen.findByTestId('confirm-content')).textContent).toBe(JOBS_MSG.cancelDeliveryConfirm);
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-ok'));
    });
    expect(await screen.findByText(JOBS_MSG.deliveryCanceled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('job-cancel-delivery')).toBeNull());
    expect(screen.getByTestId('job-deliver')).toBeTruthy();
  });

  it('no 取消投递 once the company answered', async () => {
    signIn('Student');
    stubFetch({ [`GET ${O}/recruitment_occupations/5`]: ok(job({ record: { id: '41' }, feedBack: 'Yes' })) });
    renderWithRouter(<JobDetailPanel id="5" />);
    expect(await screen.findByTestId('job-delivered')).toBeTruthy();
    expect(screen.queryByTestId('job-cancel-delivery')).toBeNull();
    expect(screen.queryByTestId('job-deliver')).toBeNull();
  });

  it('favourites and cancels the favourite', async () => {
    signIn('Student');
    let favourite: string | null = null;
    const calls = stubFetch({
      [`GET ${O}/recruitment_occupations/5`]: () => ok(job({ favorite: !!favourite, favoriteId: favourite })),
      [`POST ${O}/favorites`]: () => {
        favourite = '77';
        return ok({ id: '77' });
      },
      [`DELETE ${O}/favorites/77`]: () => {
        favourite = null;
        return ok(null);
      },
    });
    renderWithRouter(<JobDetailPanel id="5" />);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('job-favourite'));
    });
    expect(await screen.findByText(JOBS_MSG.favourited)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ targetId: '5', targetType: 'Occupation' });
    await act(async () => {
      fireEvent.click(await screen.findByTestId('job-cancel-favourite'));
    });
    expect(await screen.findByText(JOBS_MSG.favouriteCanceled)).toBeTruthy();
    expect(await screen.findByTestId('job-favourite')).toBeTruthy();
  });
});
