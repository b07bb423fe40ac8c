import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ok,
  type RecordedCall,
  renderWithRouter,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { QuestionEditor } from '../ai-generator/question-editor';
import { type EditableQuestion, toEditable } from '../ai-generator/question-model';
import { singleChoice } from '../ai-generator/test-support';

const LIST = '/api/course/libKnowledges/list';
const CREATE = 'POST /api/course/libKnowledges';
const TAGS = ['二叉树', '哈希表', '栈', '队列'];

/** The server's answer: the tags whose name contains keyWord (as the real list call filters). */
const listAnswer = (names: string[]) => (call: RecordedCall) => {
  const keyWord = call.query.get('keyWord') ?? '';
  return ok({
    fieldList: names.filter((n) => n.includes(keyWord)).map((name, i) => ({ id: String(i + 1), name })),
  });
};

function Harness({ knowledges = '' }: { knowledges?: string }) {
  const [q, setQ] = useState<EditableQuestion>(() => {
    const made = toEditable({ ...singleChoice('栈的特点是？'), knowledges });
    if (!made) throw new Error('fixture');
    return made;
  });
  return (
    <>
      <QuestionEditor question={q} index={0} onChange={setQ} languages={[]} />
      <output data-testid="knowledges">{q.knowledges}</output>
    </>
  );
}

const tagInput = () => screen.getByLabelText('知识点') as HTMLInputElement;
const knowledges = () => screen.getByTestId('knowledges').textContent;
const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === LIST);

describe('knowledge-tag suggestions in the question editor', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('suggests the teacher’s tags (isLibrary=1) in a combobox; arrow keys and Enter pick one without creating it', async () => {
    const calls = stubFetch({ [`GET ${LIST}`]: listAnswer(TAGS), [CREATE]: ok({ id: '9', name: 'x' }) });
    renderWithRouter(<Harness />);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    expect(listCalls(calls)[0]?.query.get('isLibrary')).toBe('1');
    const input = tagInput();
    expect(input.getAttribute('role')).toBe('combobox');
    input.focus();
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    for (const name of TAGS) expect((await screen.findAllByTitle(name)).length).toBeGreaterThan(0);
    // The first suggestion is active: Enter takes it.
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(knowledges()).toBe('二叉树'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('narrows the suggestions by what is typed (keyWord), and a picked tag is not created again', async () => {
    const calls = stubFetch({ [`GET ${LIST}`]: listAnswer(TAGS), [CREATE]: ok({ id: '9', name: 'x' }) });
    renderWithRouter(<Harness knowledges="栈" />);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    fireEvent.change(tagInput(), { target: { value: '哈希' } });
    await waitFor(() => expect(listCalls(calls).some((c) => c.query.get('keyWord') === '哈希')).toBe(true));
    // What is typed comes first; the suggestion below it is one arrow key away.
    await screen.findAllByTitle('哈希表');
    fireEvent.keyDown(tagInput(), { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    fireEvent.keyDown(tagInput(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(knowledges()).toBe('栈,哈希表'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a new tag the teacher typed (POST libKnowledges, isLibrary 0) and suggests it from then on', async () => {
    const names = [...TAGS];
    const calls = stubFetch({
      [`GET ${LIST}`]: (call) => listAnswer(names)(call),
      [CREATE]: (call) => {
        const { name } = call.body as { name: string };
        names.push(name);
        return ok({ id: '99', name });
      },
    });
    renderWithRouter(<Harness />);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    fireEvent.change(tagInput(), { target: { value: '红黑树' } });
    fireEvent.keyDown(tagInput(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(knowledges()).toBe('红黑树'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { name: '红黑树', isLibrary: 0 },
      ]),
    );
    // The suggestions are asked for again after the tag was created, and now hold it.
    const created = calls.findIndex((c) => c.method === 'POST');
    await waitFor(() => expect(calls.slice(created + 1).some((c) => c.path === LIST)).toBe(true));
    fireEvent.mouseDown(tagInput());
    expect((await screen.findAllByTitle('红黑树')).length).toBeGreaterThan(0);
  });

  it('keeps the 5.1 limits: over 20 characters 输入的字符过长!, an 11th tag 知识点最多10个; neither is created', async () => {
    const calls = stubFetch({ [`GET ${LIST}`]: listAnswer(TAGS), [CREATE]: ok({ id: '9', name: 'x' }) });
    const ten = Array.from({ length: 10 }, (_, i) => `知识点${i + 1}`).join(',');
    renderWithRouter(<Harness knowledges={ten} />);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    fireEvent.change(tagInput(), { target: { value: '第十一个' } });
    fireEvent.keyDown(tagInput(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('知识点最多10个')).toBeTruthy();
    expect(knowledges()?.split(',')).toHaveLength(10);
    fireEvent.change(tagInput(), { target: { value: `${'长'.repeat(21)},` } });
    expect(await screen.findByText('输入的字符过长!')).toBeTruthy();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
