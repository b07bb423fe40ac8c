import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApplicationsPage } from './applications-page';

describe('投递管理 page', () => {
  it('tells a non-business user 暂无权限 without calling the inbox', () => {
    localStorage.setItem('role', JSON.stringify('Student'));
    render(<ApplicationsPage />);
    expect(screen.getByTestId('applications-not-business').textContent).toBe('暂无权限');
  });
});
