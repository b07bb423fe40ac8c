import { act, fireEvent, screen } from '@testing-library/react';
import { DELIVERY_MSG, type InternProgramDetail, JOBS_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import { ok, renderWithRouter, setSite, signIn, stubFetch } from '../../../test/helpers';
import { InternProgramDetailPage } from './intern-program-detail-page';

const O = '/api/ourea';
const position = (id: string, name: string) => ({
  id,
  internProgramId: '2',
  name,
  jobNature: 'Internship' as const,
  minSalary: 3,
  maxSalary: 5,
  cityName: '杭州市',
  provinceName: '浙江省',
  areaName: '',
  degree: 'Bachelor' as const,
  degreeTitle: '本科',
  skills: 'Python',
  description: '参与模型训练',
  address: '文三路 90 号',
  location: null,
});
const program = (overrides: Partial<InternProgramDetail> = {}): InternProgramDetail => ({
  id: '2',
  name: '2026 暑期实习计划',
  description: '名校名企实习',
  status: 'NotStarted',
  deleted: 'No',
  internshipStartTimestamp: new Date(2026, 6, 1).getTime(),
  internshipEndTimestamp: new Date(2026, 8, 30).getTime(),
  company: {
    id: '9',
    name: '星辰科技有限公司',
    nickName: '星辰科技',
    logo: null,
    description: '',
    financingRoundTitle: '',
    industryTitle: '',
    scaleTitle: '',
  },
  occupations: [position('11', '算法实习生'), position('12', '产品实习生')],
  record: null,
  feedBack: 'No',
  ...overrides,
});

describe('实习项目详情', () => {
  beforeEach(() => setSite());
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('applies for the picked positions through the gate, then offers 取消申请 with its confirmation', async () => {
    signIn('Student');
    let record: { id: string } | null = null;
    const calls = stubFetch({
      [`GET ${O}/intern_programs/2`]: () => ok(program({ record })),
      [`GET ${O}/intern_occupations/11`]: ok(position('11', '算法实习生')),
      [`GET ${O}/resume_onlines/percentages`]: ok({
        onlinePercentages: 90,
        onlineCompleted: true,
        attachedCount: 0,
        perfected: false,
        facts: {
          personal: true,
          avatar: true,
          strength: true,
          education: true,
          internship: true,
          society: true,
          award: true,
          language: true,
          evaluation: false,
          intention: true,
        },
        missing: ['自我评价'],
      }),
      [`GET ${O}/resume_onlines`]: ok({ id: 3, strength: '', evaluation: '', updateAt: 1 }),
      [`GET ${O}/resume_attached`]: ok([]),
      [`POST ${O}/delivery_records`]: () => {
        record = { id: '50' };
        return ok({ id: '50' });
      },
      [`DELETE ${O}/delivery_records/50`]: () => {
        record = null;
        return ok(null);
      },
    });
    renderWithRouter(<InternProgramDetailPage />, '/internprogram/details?id=2');
    expect((await screen.findAllByTestId('program-position')).map((p) => p.textContent)).toEqual([
      '算法实习生 杭州市 · 本科详情',
      '产品实习生 杭州市 · 本科详情',
    ]);
    // the position's details dialog
    fireEvent.click(screen.getAllByTestId('program-position-details')[0] as HTMLElement);
    expect((await screen.findByTestId('intern-occupation-detail')).textContent).toContain('参与模型训练');
    // nothing picked: told to pick
    fireEvent.click(screen.getByTestId('program-apply'));
    expect(await screen.findByText(DELIVERY_MSG.internOccupationsRequired)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('选择岗位 算法实习生'));
    fireEvent.click(screen.getByTestId('program-apply'));
    await screen.findAllByTestId('gate-choice');
    await act(async () => {
      fireEvent.click(screen.getByTestId('gate-deliver'));
    });
    expect(await screen.findByText(JOBS_MSG.delivered)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      campusRecruitMode: 'InternProgram',
      internProgramId: '2',
      internOccupationIds: ['11'],
      resumeId: '3',
      resumeType: 'Online',
    });
    fireEvent.click(await screen.findByTestId('program-cancel'));
    expect((await screen.findByTestId('confirm-content')).textContent).toBe(
      JOBS_MSG.cancelApplicationConfirm,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-ok'));
    });
    expect(await screen.findByText(JOBS_MSG.applicationCanceled)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.query.get('mode')).toBe('InternProgram');
  });

  it('an offline programme says 已下线 and takes no application', async () => {
    stubFetch({ [`GET ${O}/intern_programs/2`]: ok(program({ deleted: 'Yes' })) });
    renderWithRouter(<InternProgramDetailPage />, '/internprogram/details?id=2');
    expect(await screen.findByTestId('program-offline')).toBeTruthy();
    expect(screen.queryByTestId('program-apply')).toBeNull();
  });
});
