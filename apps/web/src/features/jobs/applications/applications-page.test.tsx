import { act, fireEvent, render, screen } from '@testing-library/react';
import type { CompanyDeliveryDetail, CompanyDeliveryRow } from '@uplus/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import { ok, renderWithRouter, signIn, stubFetch } from '../../../test/helpers';
import { ApplicationsPage } from './applications-page';

const B = '/api/ourea/company/delivery_records';

const row: CompanyDeliveryRow = {
  id: '7',
  campusRecruitMode: 'Recruitment',
  occupation: { id: '5', name: '前端开发工程师' },
  internProgram: null,
  internOccupations: [],
  applicant: { name: '张同学', schoolName: '示范大学', majorName: '软件工程', degreeTitle: '本科' },
  resumeType: 'Online',
  resumeTypeTitle: '在线简历',
  resumeHidden: false,
  deliveredAt: new Date(2026, 5, 1, 10).getTime(),
  viewedAt: null,
  inappropriateAt: null,
  canceled: false,
  latestFeedback: null,
  stateTitle: '未查看',
};
const detail: CompanyDeliveryDetail = { ...row, feedbacks: [], programOccupations: [] };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('投递管理 page', () => {
  it('tells a non-business user 暂无权限 without calling the inbox', () => {
    localStorage.setItem('role', JSON.stringify('Student'));
    render(<ApplicationsPage />);
    expect(screen.getByTestId('applications-not-business').textContent).toBe('暂无权限');
  });

  it('opens a delivery in the drawer, and an invitation in its dialog, each loaded when first needed', async () => {
    signIn('Business');
    stubFetch({
      [`GET ${B}`]: ok({ rows: [row], total: 1 }),
      [`GET ${B}/7`]: ok(detail),
    });
    renderWithRouter(<ApplicationsPage />);
    expect((await screen.findByTestId('applications-table')).textContent).toContain('张同学');
    fireEvent.click(screen.getByRole('button', { name: '查看详情' }));
    await act(deferredLoadsSettled);
    expect((await screen.findByTestId('delivery-detail')).textContent).toContain('前端开发工程师');
    fireEvent.click(screen.getByRole('button', { name: '发送面试邀请' }));
    await act(deferredLoadsSettled);
    expect(await screen.findByTestId('invitation-form')).toBeTruthy();
    expect(screen.getByText('发送面试邀请', { selector: '.ant-modal-title' })).toBeTruthy();
  });
});
