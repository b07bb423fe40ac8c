import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AssistantMessage } from '@uplus/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { FakeIntersectionObserver } from '../../../test/fake-intersection-observer';
import { messageOf } from '../test-support';
import Markdown from './markdown';
import { MermaidDiagram } from './mermaid-diagram';
import { MessageList, type MessageListProps } from './message-list';

const mermaid = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn(async (_id: string, _source: string) => ({ svg: '<svg data-testid="drawn"></svg>' })),
}));
vi.mock('mermaid', () => ({ default: mermaid }));

const writeText = vi.fn(async (_text: string) => {});

describe('answer rendering', () => {
  beforeEach(() => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    writeText.mockClear();
    mermaid.render.mockClear();
    mermaid.initialize.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('markdown: tables, KaTeX, highlighted code with a copy button, citations as buttons, no raw HTML', async () => {
    const onCite = vi.fn();
    const content = [
      '栈是后进先出的[1]，队列见[2]；[9]不是引用。',
      '',
      '| 结构 | 特点 |',
      '| --- | --- |',
      '| 栈 | LIFO |',
      '',
      '复杂度 $O(n^2)$',
      '',
      '```python',
      'def push(x):',
      '    return x',
      '```',
      '',
      '<script>alert(1)</script>',
    ].join('\n');
    render(<Markdown content={content} cited={new Set([1, 2])} onCite={onCite} streaming={false} />);
    const md = screen.getByTestId('chat-markdown');
    expect(within(md).getByRole('table')).toBeTruthy();
    expect(within(md).getByRole('cell', { name: 'LIFO' })).toBeTruthy();
    expect(md.querySelector('.katex')).not.toBeNull();
    expect(md.querySelector('code.hljs.language-python .hljs-keyword')?.textContent).toBe('def');
    expect(md.querySelector('script')).toBeNull();
    // [1] and [2] are buttons, [9] stays text
    fireEvent.click(screen.getByRole('button', { name: '查看引用 2' }));
    expect(onCite).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('button', { name: '查看引用 9' })).toBeNull();
    expect(md.textContent).toContain('[9]不是引用');
    // the code's copy button puts its source on the clipboard
    fireEvent.click(screen.getByTestId('chat-code-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('def push(x):\n    return x'));
    expect(await screen.findByText('已复制')).toBeTruthy();
  });

  it('mermaid fences: drawn only once the answer is complete and the diagram is on screen, strict', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const content = '类图如下：\n\n```mermaid\nclassDiagram\n  class 图书\n```';
    const view = render(<Markdown content={content} cited={new Set()} onCite={() => {}} streaming />);
    // while streaming a half-written fence is code
    expect(screen.queryByTestId('chat-diagram')).toBeNull();
    expect(screen.getByTestId('chat-markdown').querySelector('code.language-mermaid')).not.toBeNull();
    view.rerender(<Markdown content={content} cited={new Set()} onCite={() => {}} streaming={false} />);
    const figure = screen.getByTestId('chat-diagram');
    await new Promise((r) => setTimeout(r, 10));
    // not on screen yet: mermaid is not even loaded
    expect(mermaid.render).not.toHaveBeenCalled();
    act(() => FakeIntersectionObserver.show(figure));
    expect(await screen.findByTestId('drawn')).toBeTruthy();
    expect(mermaid.initialize).toHaveBeenCalledWith(expect.objectContaining({ securityLevel: 'strict' }));
    expect(mermaid.render.mock.calls[0]?.[1]).toBe('classDiagram\n  class 图书');
    expect(within(figure).getByRole('img', { name: 'Mermaid 图表' })).toBeTruthy();
    // the source stays at hand
    fireEvent.click(within(figure).getByRole('button', { name: '查看源码' }));
    expect(within(figure).getByTestId('chat-diagram-source').textContent).toBe('classDiagram\n  class 图书');
  });

  it('a diagram Mermaid cannot draw says why and keeps its source visible and copyable', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    mermaid.render.mockRejectedValueOnce(new Error('Parse error on line 2:\nExpecting NEWLINE'));
    render(<MermaidDiagram source={'classDiagram\n  class {'} />);
    const error = await screen.findByTestId('chat-diagram-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('图表无法绘制Parse error on line 2:');
    expect(screen.getByTestId('chat-diagram-source').textContent).toBe('classDiagram\n  class {');
    fireEvent.click(screen.getByTestId('chat-diagram-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('classDiagram\n  class {'));
  });
});

describe('the message list', () => {
  const answer = (content: string, over: Partial<AssistantMessage> = {}) =>
    messageOf({ id: 11, role: 'assistant', content, status: 'Streaming', ...over });
  const props = (messages: AssistantMessage[], over: Partial<MessageListProps> = {}): MessageListProps => ({
    messages,
    assistantName: '学习伴侣',
    announcement: '',
    hasOlder: false,
    loadingOlder: false,
    onLoadOlder: () => {},
    empty: <p>空</p>,
    ...over,
  });
  /** Renders with a query client (the passage dialog asks for passages); rerender keeps it. */
  const renderWithQueries = (ui: ReactNode) => {
    const client = createQueryClient();
    return render(ui, {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
  };
  /** Gives the scroller a layout: `height` of content in a 400 px window. */
  const layout = (el: HTMLElement, height: () => number) => {
    Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 400 });
    Object.defineProperty(el, 'scrollHeight', { configurable: true, get: height });
  };

  it('follows the answer at the bottom, stops when the reader scrolls up, 回到底部 resumes', async () => {
    let height = 1000;
    const question = messageOf({ id: 10 });
    const view = renderWithQueries(<MessageList {...props([question, answer('栈')])} />);
    const scroller = await screen.findByTestId('chat-messages');
    layout(scroller, () => height);
    expect(scroller.getAttribute('role')).toBe('log');
    // the answer grows while the reader is at the bottom: followed
    height = 1200;
    view.rerender(<MessageList {...props([question, answer('栈是')])} />);
    expect(scroller.scrollTop).toBe(1200);
    expect(screen.queryByTestId('chat-to-bottom')).toBeNull();

    // the reader scrolls up to read: the list stays where they are
    scroller.scrollTop = 300;
    fireEvent.scroll(scroller);
    const back = await screen.findByTestId('chat-to-bottom');
    height = 1500;
    view.rerender(<MessageList {...props([question, answer('栈是后进先出')])} />);
    expect(scroller.scrollTop).toBe(300);

    // back at the bottom by hand: following again
    scroller.scrollTop = 1100;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.queryByTestId('chat-to-bottom')).toBeNull());
    height = 1600;
    view.rerender(<MessageList {...props([question, answer('栈是后进先出的')])} />);
    expect(scroller.scrollTop).toBe(1600);

    // or with the button
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    fireEvent.click(await screen.findByTestId('chat-to-bottom'));
    expect(scroller.scrollTop).toBe(1600);
    expect(screen.queryByTestId('chat-to-bottom')).toBeNull();
    expect(back).toBeTruthy();
  });

  it('sources: the passages the answer cites are listed; the others are folded under 其他检索结果', () => {
    const source = (n: number, heading: string) => ({
      n,
      passageId: n,
      materialId: 1,
      materialTitle: '数据结构讲义',
      heading,
      excerpt: '…',
    });
    const citations = [source(1, '单链表'), source(2, '栈'), source(3, '队列')];
    const view = renderWithQueries(
      <MessageList {...props([answer('插入结点要先找前驱[1]，见[3]。', { status: 'Done', citations })])} />,
    );
    const listed = screen.getByRole('list', { name: '引用来源' });
    expect(
      within(listed)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['[1]数据结构讲义 · 单链表', '[3]数据结构讲义 · 队列']);
    const more = screen.getByTestId('chat-sources-more');
    expect(more.querySelector('summary')?.textContent).toBe('其他检索结果（1）');
    expect(within(more).getByTestId('chat-source-2').textContent).toBe('[2]数据结构讲义 · 栈');
    // an answer citing nothing (a diagram) lists no source as cited
    view.rerender(<MessageList {...props([answer('类图如下。', { status: 'Done', citations })])} />);
    expect(screen.queryByRole('list', { name: '引用来源' })).toBeNull();
    expect(screen.getByTestId('chat-sources-more').querySelector('summary')?.textContent).toBe(
      '其他检索结果（3）',
    );
  });

  it('announces a finished answer politely, once, not its pieces; avatars are 42 px', async () => {
    const question = messageOf({ id: 10 });
    const view = renderWithQueries(<MessageList {...props([question, answer('栈')])} />);
    const live = await screen.findByTestId('chat-announcer');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');
    expect(screen.getByTestId('chat-messages').getAttribute('aria-live')).toBe('off');
    view.rerender(
      <MessageList
        {...props([question, answer('栈是后进先出的线性表', { status: 'Done' })], {
          announcement: '回答完成：栈是后进先出的线性表',
        })}
      />,
    );
    expect(live.textContent).toBe('回答完成：栈是后进先出的线性表');
    const avatar = screen.getByTestId('chat-answer').querySelector('.ant-avatar') as HTMLElement;
    expect(avatar.style.width).toBe('42px');
  });
});
