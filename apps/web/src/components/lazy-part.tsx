import { Spin } from 'antd';
import {
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type TouchEvent,
  useEffect,
  useState,
} from 'react';
import { trackDeferredLoad } from './lazy-antd';
import './lazy-part.css';

/*
 * A part of a page that only editing needs (a form with its pickers and selects, a dialog), loaded when it
 * is first shown instead of before the page can show. Until it is there its place says 正在加载… (a
 * dialog's, floating in the middle of the window); a load that fails says so and offers 重试 (the next
 * try loads again). `preload()` starts the load early: the buttons that open a part call it on hover,
 * focus and touch (`preloadOn`), so the part is usually there by the click. Tests wait for the loads with
 * `deferredLoadsSettled` (lazy-antd.tsx) like for the deferred antd components.
 */

export type LazyPart<P> = ComponentType<P> & {
  /** Starts loading the part (again after a failure); safe to call any number of times. */
  preload: () => void;
};

type Options = {
  /** a dialog: its loading state floats in the middle of the window instead of taking the part's place */
  dialog?: boolean;
};

type Handle<P> = {
  /** the component once loaded, else null */
  peek: () => ComponentType<P> | null;
  /** loads it (once; again after a failure) */
  start: () => Promise<ComponentType<P>>;
  dialog: boolean;
};

/** The part's place: the loaded component, else 正在加载… or the failure with 重试. */
function PartView<P extends object>({ handle, props }: { handle: Handle<P>; props: P }) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(handle.peek);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Loaded || failed) return;
    let live = true;
    handle.start().then(
      (component) => live && setLoaded(() => component),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [Loaded, failed, handle]);

  if (Loaded) return <Loaded {...props} />;
  const className = handle.dialog ? 'lazy-part lazy-part--dialog' : 'lazy-part';
  if (failed)
    return (
      <div className={`${className} is-error`} role="alert">
        加载失败，请检查网络后重试
        <button type="button" className="lazy-part__retry" onClick={() => setFailed(false)}>
          重试
        </button>
      </div>
    );
  return (
    <div className={className} role="status">
      <Spin size="small" /> 正在加载…
    </div>
  );
}

/** `load` resolves to the part's component; the part shows its loading state until then. */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { dialog = false }: Options = {},
): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const handle: Handle<P> = {
    dialog,
    peek: () => loaded,
    start: () => {
      if (!loading) {
        loading = trackDeferredLoad(
          load().then(
            (component) => {
              loaded = component;
              return component;
            },
            (error: unknown) => {
              loading = null; // the next try loads again
              throw error;
            },
          ),
        );
      }
      return loading;
    },
  };
  return Object.assign((props: P) => <PartView handle={handle} props={props} />, {
    preload: () => {
      void handle.start().catch(() => undefined);
    },
  });
}

type Intent = {
  onMouseEnter: (e: MouseEvent<HTMLElement>) => void;
  onFocus: (e: FocusEvent<HTMLElement>) => void;
  onTouchStart: (e: TouchEvent<HTMLElement>) => void;
};

/** The props that start loading `parts` when a pointer rests on, focus reaches or a finger touches a button. */
export const preloadOn = (...parts: { preload: () => void }[]): Intent => {
  const preload = () => {
    for (const part of parts) part.preload();
  };
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
};
