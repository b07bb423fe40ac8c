import type { DropdownProps } from 'antd';
import { useRef, useState } from 'react';

/**
 * Open state for a menu that opens on hover and on click. Plain antd toggles on click, so a click on a
 * menu the hover has just opened closed it again: here a pointer click on a hover-opened menu keeps it
 * open (a second click closes it), and Enter/Space on the focused button toggle it as usual.
 */
export function useHoverClickOpen() {
  const [open, setOpen] = useState(false);
  const pressed = useRef(false);
  const pinned = useRef(false);
  const onOpenChange: NonNullable<DropdownProps['onOpenChange']> = (next, info) => {
    const byPointer = pressed.current;
    pressed.current = false;
    // a menu click closes through `close`; the menu's own notice would come too late or twice
    if (info.source === 'menu') return;
    if (!next && byPointer && !pinned.current) {
      pinned.current = true;
      return;
    }
    pinned.current = next && byPointer;
    setOpen(next);
  };
  return {
    open,
    onOpenChange,
    /** closes it from a menu click */
    close: () => {
      pinned.current = false;
      setOpen(false);
    },
    /** props for the trigger button */
    triggerProps: {
      onPointerDown: () => {
        pressed.current = true;
      },
      // a press that opened or closed nothing (dragged away) must not count for the next change
      onClick: () => {
        pressed.current = false;
      },
    },
  };
}
