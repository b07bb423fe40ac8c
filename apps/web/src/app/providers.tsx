import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { SessionWatcher } from './session-watcher';
import { ToastProvider } from './toast';
import './global.css';

/** The CJK-first font stack (Noto Sans CJK SC on Linux, PingFang / YaHei elsewhere). */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme: ThemeConfig = {
  token: { colorPrimary: '#1d5cff', fontFamily: FONT_FAMILY, borderRadius: 6, colorLink: '#1d5cff' },
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
