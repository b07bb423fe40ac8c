import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';

/** Puts text on the clipboard; false when the browser refused. */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * A copy button (code blocks, answers, diagram sources): says 已复制 for a moment, or 复制失败 when the
 * browser refused; the change is announced politely.
 */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className="chat-copy"
      data-testid={testId}
      onClick={async () => setState((await copyText(text)) ? 'done' : 'failed')}
    >
      {state === 'done' ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
      <span aria-live="polite">{state === 'done' ? '已复制' : state === 'failed' ? '复制失败' : label}</span>
    </button>
  );
}
