import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import { fail, ok, renderWithRouter, setSite, stubFetch } from '../../../test/helpers';
import { JobListPage } from './job-list-page';

const O = '/api/ourea';
const card = (id: string, name: string) => ({
  id,
  name,
  jobNature: 'Internship',
  jobNatureTitle: '实习',
  minSalary: 5,
  maxSalary: 8,
  cityName: '杭州市',
  degreeTitle: '本科',
  skills: 'React',
  approvalAt: 1,
  companyId: '9',
  logo: null,
  companyNickName: '星辰科技',
  financingRoundTitle: 'A轮',
  industryTitle: '互联网',
  scaleTitle: '100-499人',
});

describe('求职 (job list)', () => {
  beforeEach(() => setSite());
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists job cards opening the detail in a new tab; searches on Enter but not on an IME Enter', async () => {
    const calls = stubFetch({
      [`GET ${O}/recruitment_occupations`]: (call) =>
        ok({
          rows: call.query.get('search') === '前端' ? [card('2', '前端实习生')] : [card('1', '后端实习生')],
          total: 1,
        }),
    });
    renderWithRouter(<JobListPage />);
    const [first] = await screen.findAllByTestId('job-card');
    expect(first?.getAttribute('href')).toBe('/jobdetails?id=1');
    expect(first?.getAttribute('target')).toBe('_blank');
    expect(first?.textContent).toContain('5-8k');
    expect(first?.textContent).toContain('A轮互联网100-499人');
    const input = screen.getByTestId('job-search');
    fireEvent.change(input, { target: { value: '前端' } });
    // the Enter that ends an IME composition picks the characters only
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(calls.filter((c) => c.query.get('search') === '前端')).toHaveLength(0);
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    });
    expect((await screen.findByText('前端实习生')).closest('a')?.getAttribute('href')).toBe(
      '/jobdetails?id=2',
    );
    const searched = calls.find((c) => c.query.get('search') === '前端');
    expect(searched?.query.get('pageNumber')).toBe('1');
  });

  it('shows the empty and the error state', async () => {
    stubFetch({ [`GET ${O}/recruitment_occupations`]: ok({ rows: [], total: 0 }) });
    const view = renderWithRouter(<JobListPage />);
    expect(await screen.findByText('暂无职位')).toBeTruthy();
    view.unmount();
    stubFetch({ [`GET ${O}/recruitment_occupations`]: fail(500, '服务器错误') });
    renderWithRouter(<JobListPage />);
    expect(await screen.findByTestId('job-list-error')).toBeTruthy();
  });
});
