import type { DropdownProps, TooltipProps } from 'antd';
import {
  type ComponentType,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  useEffect,
  useState,
} from 'react';

/*
 * antd's Dropdown and Tooltip (with rc-menu, overflow and their styles, about 15 kB compressed) load when
 * a header first shows instead of before the first paint. Until they are there the trigger shows alone,
 * the same markup; a hover or click on it meanwhile opens the menu as soon as it has loaded.
 */

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** Loads begun and not yet finished (a test file waits for them before its environment goes). */
const inFlight = new Set<Promise<unknown>>();

/** Resolves once every deferred component that has started loading has loaded (or failed to). */
export const deferredLoadsSettled = async (): Promise<void> => {
  await Promise.allSettled([...inFlight]);
};

/** Counts a load among those `deferredLoadsSettled` waits for (components/lazy-part.tsx's too). */
export const trackDeferredLoad = <T,>(started: Promise<T>): Promise<T> => {
  inFlight.add(started);
  void started.finally(() => inFlight.delete(started)).catch(() => undefined);
  return started;
};

/** A component loaded once, on first use, for every caller. */
const deferred = <P,>(load: Loader<P>) => {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return {
    peek: () => loaded,
    load: () => {
      if (!loading) {
        const started = load().then((m) => {
          loaded = m.default;
          return m.default;
        });
        loading = started;
        trackDeferredLoad(started);
      }
      return loading;
    },
  };
};

/** The component once loaded (null before); starts loading it on first render. */
const useDeferred = <P,>(component: ReturnType<typeof deferred<P>>) => {
  const [Component, setComponent] = useState<ComponentType<P> | null>(component.peek);
  useEffect(() => {
    if (Component) return;
    let live = true;
    void component.load().then((c) => {
      if (live) setComponent(() => c);
    });
    return () => {
      live = false;
    };
  }, [Component, component]);
  return Component;
};

const dropdown = deferred<DropdownProps>(() => import('antd/es/dropdown'));
const tooltip = deferred<TooltipProps>(() => import('antd/es/tooltip'));

type Intent = Pick<HTMLAttributes<HTMLElement>, 'onClick' | 'onMouseEnter' | 'onMouseLeave'>;

/** antd's Dropdown, loaded after the first paint. */
export function Dropdown(props: DropdownProps) {
  const Loaded = useDeferred(dropdown);
  // Open state of an uncontrolled dropdown, kept here so that a hover before the load carries over.
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const onOpenChange: DropdownProps['onOpenChange'] = (next, info) => {
    setOwnOpen(next);
    props.onOpenChange?.(next, info);
  };
  if (Loaded) return <Loaded {...props} open={open} onOpenChange={onOpenChange} />;

  const child = props.children;
  if (!isValidElement<Intent>(child) || props.disabled) return child;
  const triggers = props.trigger ?? ['hover'];
  const own = child.props;
  const want = (next: () => boolean, handler: ((event: never) => void) | undefined) => (event: never) => {
    handler?.(event);
    onOpenChange(next(), { source: 'trigger' });
  };
  const intent: Intent = {};
  if (triggers.includes('hover')) {
    intent.onMouseEnter = want(() => true, own.onMouseEnter);
    intent.onMouseLeave = want(() => false, own.onMouseLeave);
  }
  if (triggers.includes('click')) intent.onClick = want(() => !open, own.onClick);
  return cloneElement(child as ReactElement<Intent>, intent);
}

type FocusIntent = Pick<HTMLAttributes<HTMLElement>, 'onMouseEnter' | 'onMouseLeave' | 'onFocus' | 'onBlur'>;

/** antd's Tooltip, loaded after the first paint; a hover or focus before then shows the tip once it has loaded. */
export function Tooltip(props: TooltipProps) {
  const Loaded = useDeferred(tooltip);
  // Whether the pointer or focus is on the trigger while the tooltip is still loading.
  const [early, setEarly] = useState(false);
  if (Loaded) return <Loaded defaultOpen={early} {...props} />;

  const child = props.children;
  if (!isValidElement<FocusIntent>(child)) return child;
  const own = child.props;
  const track = (next: boolean, handler: ((event: never) => void) | undefined) => (event: never) => {
    handler?.(event);
    setEarly(next);
  };
  const intent: FocusIntent = {
    onMouseEnter: track(true, own.onMouseEnter),
    onMouseLeave: track(false, own.onMouseLeave),
    onFocus: track(true, own.onFocus),
    onBlur: track(false, own.onBlur),
  };
  return cloneElement(child as ReactElement<FocusIntent>, intent);
}
