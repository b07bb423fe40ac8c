import { useEffect, useRef, useState } from 'react';
import { CopyButton } from './copy-button';

/*
 * A Mermaid diagram of an answer (the diagram chat types, or a ```mermaid fence). Mermaid (large) is
 * imported only once a diagram comes on screen, and renders with securityLevel 'strict' (no scripts, no
 * HTML labels, links neutralised). A source Mermaid cannot draw shows why, with the source still there to
 * read and copy.
 */

type MermaidApi = {
  initialize: (config: Record<string, unknown>) => void;
  render: (id: string, text: string) => Promise<{ svg: string }>;
};

let ready: Promise<MermaidApi> | null = null;
let counter = 0;

const loadMermaid = (): Promise<MermaidApi> => {
  ready ??= import('mermaid').then((module) => {
    const mermaid = module.default as unknown as MermaidApi;
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
    return mermaid;
  });
  ready.catch(() => {
    ready = null; // a failed load (network) is tried again by the next diagram
  });
  return ready;
};

/** Draws a Mermaid source to SVG; throws with Mermaid's message when it cannot. */
export const renderMermaid = async (source: string): Promise<string> => {
  const mermaid = await loadMermaid();
  counter += 1;
  const id = `assistant-mermaid-${counter}`;
  try {
    const { svg } = await mermaid.render(id, source);
    return svg;
  } finally {
    // a failed render leaves its scratch element in the document
    document.getElementById(id)?.remove();
    document.getElementById(`d${id}`)?.remove();
  }
};

/** Calls back once the element is on screen (at once where IntersectionObserver is missing). */
const useOnScreen = (ref: React.RefObject<HTMLElement | null>) => {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
};

export function MermaidDiagram({ source }: { source: string }) {
  const box = useRef<HTMLDivElement>(null);
  const seen = useOnScreen(box);
  const [state, setState] = useState<{ svg: string | null; error: string | null }>({
    svg: null,
    error: null,
  });
  const [showSource, setShowSource] = useState(false);

  useEffect(() => {
    if (!seen) return;
    let live = true;
    setState({ svg: null, error: null });
    renderMermaid(source).then(
      (svg) => live && setState({ svg, error: null }),
      (error: unknown) =>
        live &&
        setState({
          svg: null,
          error: error instanceof Error && error.message ? error.message : '图表语法有误',
        }),
    );
    return () => {
      live = false;
    };
  }, [seen, source]);

  return (
    <figure className="chat-diagram" ref={box} data-testid="chat-diagram">
      {state.error ? (
        <div className="chat-diagram__error" role="alert" data-testid="chat-diagram-error">
          <strong>图表无法绘制</strong>
          <span>{state.error.split('\n')[0]}</span>
        </div>
      ) : state.svg ? (
        <div
          className="chat-diagram__svg"
          role="img"
          aria-label="Mermaid 图表"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn by Mermaid with securityLevel 'strict' (sanitized)
          dangerouslySetInnerHTML={{ __html: state.svg }}
        />
      ) : (
        <div className="chat-diagram__loading" role="status">
          正在绘制图表…
        </div>
      )}
      <figcaption className="chat-diagram__bar">
        {!state.error && (
          <button
            type="button"
            className="chat-copy"
            aria-expanded={showSource}
            onClick={() => setShowSource(!showSource)}
          >
            {showSource ? '收起源码' : '查看源码'}
          </button>
        )}
        <CopyButton text={source} label="复制源码" testId="chat-diagram-copy" />
      </figcaption>
      {(showSource || state.error) && (
        <pre className="chat-diagram__source" data-testid="chat-diagram-source">
          <code>{source}</code>
        </pre>
      )}
    </figure>
  );
}
