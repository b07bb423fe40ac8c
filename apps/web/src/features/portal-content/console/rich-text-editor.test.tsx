import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isLinkAddress, RichTextEditor } from './rich-text-editor';

/** The editor held by a parent, as a Form.Item holds it. */
function Harness({ initial, onChange }: { initial: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="正文"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>重置后的内容</p>')}>
        重置
      </button>
    </>
  );
}

const textbox = () => screen.getByRole('textbox', { name: '正文' });

/** Puts the caret over the whole text (ProseMirror reads the DOM selection). */
const selectAll = async (el: HTMLElement) => {
  el.focus();
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  fireEvent(document, new Event('selectionchange'));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
};

describe('rich-text editor', () => {
  it('shows a labelled toolbar with pressed states and names for every tool', async () => {
    render(<Harness initial="<p>第一段</p>" />);
    await waitFor(() => expect(textbox().textContent).toBe('第一段'));
    const toolbar = screen.getByRole('toolbar', { name: '正文格式' });
    const names = Array.from(toolbar.querySelectorAll('button')).map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      '标题 H2',
      '小标题 H3',
      '加粗',
      '斜体',
      '无序列表',
      '有序列表',
      '引用',
      '代码块',
      '链接',
      '上传图片',
      '撤销',
      '重做',
    ]);
    expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('false');
    // undo has nothing to undo yet: announced as unavailable, still reachable
    expect(screen.getByRole('button', { name: '撤销' }).getAttribute('aria-disabled')).toBe('true');
    // one button in the tab order; the arrows move between them
    const buttons = Array.from(toolbar.querySelectorAll('button'));
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0]?.focus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(toolbar, { key: 'End' });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);
  });

  it('runs a command: 加粗 makes the selection bold, reports the HTML and shows the button pressed', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>重点内容</p>" onChange={onChange} />);
    await waitFor(() => expect(textbox().textContent).toBe('重点内容'));
    await selectAll(textbox());
    fireEvent.click(screen.getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>重点内容</strong></p>'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.getByRole('button', { name: '撤销' }).getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>重点内容</p>'));
  });

  it('turns a paragraph into a heading and takes a value set from outside without reporting it back', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>标题文字</p>" onChange={onChange} />);
    await waitFor(() => expect(textbox().textContent).toBe('标题文字'));
    await selectAll(textbox());
    fireEvent.click(screen.getByRole('button', { name: '标题 H2' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>标题文字</h2>'));
    onChange.mockClear();
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(textbox().textContent).toBe('重置后的内容'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks for a link address in place and refuses one that is not a web address', async () => {
    render(<Harness initial="<p>官网</p>" />);
    await waitFor(() => expect(textbox().textContent).toBe('官网'));
    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    const input = await screen.findByLabelText('链接地址');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    // the Enter that ends an IME composition does not apply it
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toContain('链接地址');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByLabelText('链接地址')).toBeNull();
  });

  it('accepts web, mail and site addresses as links', () => {
    expect(isLinkAddress('https://uplus.example.com/a')).toBe(true);
    expect(isLinkAddress('/alliance/index')).toBe(true);
    expect(isLinkAddress('mailto:office@uplus.cn')).toBe(true);
    expect(isLinkAddress('javascript:alert(1)')).toBe(false);
    expect(isLinkAddress('www.example.com')).toBe(false);
  });

  it('refuses a picture of the wrong type before uploading it', async () => {
    render(<Harness initial="" />);
    const input = screen.getByTestId('rte-file') as HTMLInputElement;
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/图片/);
  });
});
