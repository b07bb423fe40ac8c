import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import { createContext, lazy, type ReactNode, Suspense, useContext, useLayoutEffect, useState } from 'react';
import { setNotifier } from '../api/http';

/*
 * Toasts (antd message) that follow the theme and locale, shared by the HTTP client and components.
 * Used instead of antd's App wrapper, which would also pull modal and notification into the first load.
 * antd's message itself (with rc-notification, about 9 kB compressed) loads just after the first paint:
 * the API handed out at once keeps what is asked before then and shows it when message is there.
 */
const ToastHolder = lazy(() => import('./toast-holder'));

type Deferred = { api: MessageInstance; attach: (real: MessageInstance) => void };

/** A MessageInstance that forwards to `real` once attached and keeps calls until then. */
const createDeferredToast = (onFirstUse?: (attach: (real: MessageInstance) => void) => void): Deferred => {
  let real: MessageInstance | null = null;
  let waiting: ((api: MessageInstance) => void)[] = [];
  let used = false;
  const attach = (api: MessageInstance) => {
    real = api;
    const calls = waiting;
    waiting = [];
    for (const call of calls) call(api);
  };
  const later = (show: (api: MessageInstance) => MessageType): MessageType => {
    if (real) return show(real);
    if (!used) {
      used = true;
      onFirstUse?.(attach);
    }
    let shown: MessageType | null = null;
    let closed = false;
    const done = new Promise<boolean>((resolve) => {
      waiting.push((api) => {
        if (closed) return resolve(false);
        shown = show(api);
        shown.then(resolve);
      });
    });
    const handle = (() => {
      closed = true;
      shown?.();
    }) as MessageType;
    // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is a thenable (resolves when the toast closes)
    handle.then = (fulfilled, rejected) => done.then(fulfilled, rejected);
    return handle;
  };
  const api: MessageInstance = {
    info: (...args) => later((a) => a.info(...args)),
    success: (...args) => later((a) => a.success(...args)),
    error: (...args) => later((a) => a.error(...args)),
    warning: (...args) => later((a) => a.warning(...args)),
    loading: (...args) => later((a) => a.loading(...args)),
    open: (args) => later((a) => a.open(args)),
    destroy: (key) => {
      if (real) real.destroy(key);
      else if (key === undefined) waiting = [];
    },
  };
  return { api, attach };
};

const ToastContext = createContext<MessageInstance | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast] = useState(() => createDeferredToast());
  useLayoutEffect(() => {
    setNotifier({
      error: (text) => void toast.api.error(text),
      info: (text) => void toast.api.info(text),
    });
  }, [toast]);
  return (
    <ToastContext.Provider value={toast.api}>
      <Suspense fallback={null}>
        <ToastHolder onReady={toast.attach} />
      </Suspense>
      {children}
    </ToastContext.Provider>
  );
}

/** Outside the provider (never in the app): antd's static message, loaded on first use. */
const staticToast = createDeferredToast((attach) => {
  void import('antd/es/message').then((m) => attach(m.default));
});

/** The toast API. */
export const useToast = (): MessageInstance => useContext(ToastContext) ?? staticToast.api;
