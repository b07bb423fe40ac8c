import { screen } from '@testing-library/react';
import { footerQrSrc } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, setSite, stubBrowser, stubFetch } from '../../test/helpers';
import { SiteFooter } from './site-footer';

describe('site footer', () => {
  beforeEach(() => {
    stubBrowser();
    stubFetch({});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a real QR code for each configured address and leaves the others out', async () => {
    setSite({
      QR_APP_URL: 'https://app.example.cn/download',
      QR_BUSINESS_URL: 'https://example.cn/business',
      CONTACT_EMAIL: 'service@example.cn',
      ICP_FILING: '示ICP备1号',
    });
    renderWithRouter(<SiteFooter />);
    const app = (await screen.findByRole('img', { name: '优加课堂App二维码' })) as HTMLImageElement;
    expect(app.getAttribute('src')).toBe(footerQrSrc('app', 'https://app.example.cn/download'));
    expect(screen.getByRole('img', { name: '商务合作二维码' }).getAttribute('src')).toMatch(
      /^\/api\/portal\/qrcodes\/business\.svg\?v=/,
    );
    expect(screen.queryByText('求职小程序')).toBeNull();
    expect(screen.getByRole('link', { name: 'service@example.cn' })).toBeTruthy();
    expect(screen.getByText('示ICP备1号')).toBeTruthy();
  });

  it('draws no placeholder when no QR address is configured', async () => {
    setSite();
    renderWithRouter(<SiteFooter />);
    expect(await screen.findByTestId('footer')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByLabelText('扫码关注')).toBeNull();
  });
});
