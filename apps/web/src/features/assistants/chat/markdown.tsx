import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { citationParts } from '../assistant-model';
import { CopyButton } from './copy-button';
import { MermaidDiagram } from './mermaid-diagram';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github.css';

/*
 * An answer's markdown (issue 16 part 4): GFM tables and lists, KaTeX formulas, highlighted code with a
 * copy button, Mermaid fences drawn as diagrams (once the answer is complete: a half-written fence is
 * shown as code), and citation marks [n] as buttons that open the passage. Its own chunk: loaded with the
 * first answer, not with the panel. Raw HTML in the answer is not rendered (react-markdown's default).
 */

type MdNode = { type: string; value?: string; url?: string; children?: MdNode[] };
type HastNode = {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

/** A remark plugin turning the cited numbers' [n] marks into `#cite-n` links (rendered as buttons). */
const remarkCitations = (cited: ReadonlySet<number>) => () => (tree: MdNode) => {
  const walk = (node: MdNode) => {
    if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
    const next: MdNode[] = [];
    for (const child of node.children) {
      if (child.type === 'text' && child.value) {
        for (const part of citationParts(child.value, cited)) {
          next.push(
            typeof part === 'string'
              ? { type: 'text', value: part }
              : { type: 'link', url: `#cite-${part.n}`, children: [{ type: 'text', value: `[${part.n}]` }] },
          );
        }
      } else {
        walk(child);
        next.push(child);
      }
    }
    node.children = next;
  };
  walk(tree);
};

/** The text of a hast subtree (a highlighted code block's source). */
const textOf = (node: HastNode | undefined): string =>
  !node ? '' : node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

const languageOf = (node: HastNode | undefined): string => {
  const names = node?.properties?.className;
  const list = Array.isArray(names) ? names.map(String) : [];
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
};

export type MarkdownProps = {
  content: string;
  /** the numbers the answer cited (other [n] stay text) */
  cited: ReadonlySet<number>;
  onCite: (n: number) => void;
  /** still being written: Mermaid fences stay code until the answer is complete */
  streaming: boolean;
};

export default function Markdown({ content, cited, onCite, streaming }: MarkdownProps) {
  const components: Components = {
    pre: ({ node, children }) => {
      const code = (node as HastNode | undefined)?.children?.find((c) => c.tagName === 'code');
      const language = languageOf(code);
      const source = textOf(code).replace(/\n$/, '');
      if (language === 'mermaid' && !streaming) return <MermaidDiagram source={source} />;
      return (
        <div className="chat-code">
          <div className="chat-code__bar">
            <span className="chat-code__lang">{language || '代码'}</span>
            <CopyButton text={source} label="复制代码" testId="chat-code-copy" />
          </div>
          <pre>{children}</pre>
        </div>
      );
    },
    a: ({ href, children }) => {
      const cite = /^#cite-(\d+)$/.exec(href ?? '');
      if (cite) {
        const n = Number(cite[1]);
        return (
          <button
            type="button"
            className="chat-cite"
            aria-label={`查看引用 ${n}`}
            data-testid={`chat-cite-${n}`}
            onClick={() => onCite(n)}
          >
            {children as ReactNode}
          </button>
        );
      }
      return (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    table: ({ children }) => (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways by keyboard too
      <section className="chat-table" tabIndex={0} aria-label="表格">
        <table>{children}</table>
      </section>
    ),
  };
  return (
    <div className="chat-md" data-testid="chat-markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkMath, remarkCitations(cited)]}
        rehypePlugins={[rehypeKatex, [rehypeHighlight, { detect: false }]]}
        components={components}
      >
        {content}
      </ReactMarkdown>
    </div>
  );
}
