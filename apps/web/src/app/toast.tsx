import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext, useLayoutEffect } from 'react';
import { setNotifier } from '../api/http';

const ToastContext = createContext<MessageInstance | null>(null);

/**
 * Toasts (antd message) that follow the theme and locale, shared by the HTTP client and components.
 * Used instead of antd's App wrapper, which would also pull modal and notification into the first load.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  useLayoutEffect(() => {
    setNotifier({
      error: (text) => void api.error(text),
      info: (text) => void api.info(text),
    });
  }, [api]);
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

/** The toast API; outside the provider (never in the app) it falls back to antd's static one. */
export const useToast = (): MessageInstance => useContext(ToastContext) ?? message;
