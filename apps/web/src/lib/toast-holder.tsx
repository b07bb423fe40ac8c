import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useLayoutEffect } from 'react';

/** Where antd's message draws its toasts (inside the theme and locale); hands its API over once mounted. */
export default function ToastHolder({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = message.useMessage();
  useLayoutEffect(() => onReady(api), [api, onReady]);
  return holder;
}
