import { useEffect, useRef } from 'react';

/*
 * The certificate page disables the context menu and F12 (spec 2.13), and the other developer-tools
 * shortcuts (Ctrl+Shift+I/J/C, Cmd+Option+I/J/C), while it is mounted. This keeps casual copying of the
 * certificate's image and address out of the way; it is no security boundary (the verification address is).
 * Each blocked try calls `onBlocked`, so the page can say why nothing happened.
 */

/** Whether a key press opens the developer tools. */
export const isDevToolsShortcut = (
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
) => {
  if (e.key === 'F12') return true;
  const key = e.key.toUpperCase();
  if (!['I', 'J', 'C'].includes(key)) return false;
  return (e.ctrlKey && e.shiftKey) || (e.metaKey && e.altKey);
};

/** Blocks the context menu and the developer-tools shortcuts while the calling component is mounted. */
export const usePageProtection = (onBlocked: () => void) => {
  const latest = useRef(onBlocked);
  latest.current = onBlocked;
  useEffect(() => {
    const onContextMenu = (e: MouseEvent) => {
      e.preventDefault();
      latest.current();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isDevToolsShortcut(e)) return;
      e.preventDefault();
      e.stopPropagation();
      latest.current();
    };
    document.addEventListener('contextmenu', onContextMenu);
    // capture: before anything on the page can stop it
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('contextmenu', onContextMenu);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);
};
