import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { ToastProvider } from '../lib/toast';
import { SessionWatcher } from './session-watcher';
import './global.css';

/** The CJK-first font stack (Noto Sans CJK SC on Linux, PingFang / YaHei elsewhere). */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Shade 7 of a palette under both of antd's names (`green7` and the CSS variable's `green-7`). */
const tagText = (colours: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(colours).flatMap(([name, colour]) => [
      [`${name}7`, colour],
      [`${name}-7`, colour],
    ]),
  );

/**
 * antd's defaults for error text (#ff4d4f, 3.3:1) and for secondary text (45 % black, 3.4:1) fail WCAG AA
 * contrast on white; these meet 4.5:1 on white and on antd's light greys.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d5cff',
    fontFamily: FONT_FAMILY,
    borderRadius: 6,
    colorLink: '#1d5cff',
    // antd lightens on hover (#4580ff, 3.6:1 under white text); here hover and press darken instead
    colorPrimaryHover: '#1550e0',
    colorPrimaryActive: '#0f45c9',
    colorLinkHover: '#1550e0',
    colorLinkActive: '#0f45c9',
    colorError: '#d9363e',
    // antd lightens a danger button's text on hover (#e65e60, 3.4:1 on white): darken instead (6.2:1)
    colorErrorHover: '#b8282f',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // antd's placeholder grey (#bfbfbf, 1.8:1) is real text in a Select, which axe checks: #737373 (4.7:1)
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Light tags write in shade 7 of their palette, below 4.5:1 on the tag for these colours: shade 8 here
    // (blue, purple, red, magenta, geekblue already pass).
    ...tagText({
      green: '#237804',
      orange: '#ad4e00',
      gold: '#874d00',
      volcano: '#ad2102',
      cyan: '#006d75',
      lime: '#3f6600',
    }),
  },
  components: {
    // the empty table's text (e.g. 暂无数据) is drawn in the disabled colour, 1.8:1 on white
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};

/** antd in Chinese, toasts, TanStack Query and the cross-tab session watcher. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <SessionWatcher />
          {children}
        </QueryClientProvider>
      </ToastProvider>
    </ConfigProvider>
  );
}

/** Only the antd setup, for screens shown before the app can start (the config error page). */
export function BareProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
