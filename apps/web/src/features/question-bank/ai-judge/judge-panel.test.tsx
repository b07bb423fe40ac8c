import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderWithRouter, setSite, signIn, stubBrowser, stubFetch } from '../../../test/helpers';
import { JUDGE_EXAMPLES } from './judge-examples';
import { JudgeCommonPanel, JudgeHomePanel } from './judge-panel';

const JUDGE = 'POST /api/course/ai/judge_questions';
const RESULT = {
  score: 7.5,
  comment: '要点基本正确，未说明序列号同步。',
  basis: '命中：三次报文；未命中：初始序列号',
  questionScore: 10,
};

/** A judge answer held until `release` is called, so the loading text can be seen. */
const held = (answer = ok(RESULT)) => {
  let release: () => void = () => {};
  const handler = () => new Promise<typeof answer>((r) => (release = () => r(answer)));
  return { handler, release: () => release() };
};

const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) }) as HTMLButtonElement;

describe('AI judge panels', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });

  it('home variant: pre-filled per type, AI智能判题中... while judging, then 评分/评语/依据', async () => {
    const judge = held();
    const calls = stubFetch({ [JUDGE]: judge.handler });
    renderWithRouter(<JudgeHomePanel open onClose={() => {}} />);
    await screen.findByTestId('ai-judge-panel');
    expect(screen.getByDisplayValue(JUDGE_EXAMPLES.ShortAnswer.question)).toBeTruthy();
    fireEvent.click(screen.getByTestId('ai-judge-start'));
    expect(await screen.findByText('AI智能判题中...')).toBeTruthy();
    judge.release();
    expect((await screen.findByTestId('ai-judge-score')).textContent).toBe('7.5 / 10');
    expect(screen.getByText('评分')).toBeTruthy();
    expect(screen.getByText(RESULT.comment)).toBeTruthy();
    expect(screen.getByText('依据')).toBeTruthy();
    expect(screen.getByText(RESULT.basis)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ ...JUDGE_EXAMPLES.ShortAnswer, questionType: 'ShortAnswer' });

    fireEvent.mouseDown(screen.getByLabelText('题目类型'));
    fireEvent.click((await screen.findAllByTitle('编程题'))[0] as HTMLElement);
    await waitFor(() => expect(screen.getByDisplayValue(JUDGE_EXAMPLES.Programming.question)).toBeTruthy());
  });

  it('home variant: the 5.4 rules with their messages, no call while invalid', async () => {
    const calls = stubFetch({ [JUDGE]: ok(RESULT) });
    renderWithRouter(<JudgeHomePanel open onClose={() => {}} />);
    await screen.findByTestId('ai-judge-panel');
    fireEvent.change(screen.getByDisplayValue(JUDGE_EXAMPLES.ShortAnswer.question), {
      target: { value: '' },
    });
    fireEvent.change(screen.getByDisplayValue(JUDGE_EXAMPLES.ShortAnswer.studentAnswer), {
      target: { value: '' },
    });
    fireEvent.change(screen.getByLabelText('分值'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('ai-judge-start'));
    expect(await screen.findByText('请输入题目内容')).toBeTruthy();
    expect(await screen.findByText('请输入学生答案')).toBeTruthy();
    expect(await screen.findByText('请输入分值')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('home variant: a failed judge shows the server message or AI判题失败', async () => {
    let answer = fail(503, 'AI服务未配置，请设置 LLM_BASE_URL');
    stubFetch({ [JUDGE]: () => answer });
    const first = renderWithRouter(<JudgeHomePanel open onClose={() => {}} />);
    await screen.findByTestId('ai-judge-panel');
    fireEvent.click(screen.getByTestId('ai-judge-start'));
    expect((await screen.findAllByText('AI服务未配置，请设置 LLM_BASE_URL')).length).toBeGreaterThan(0);
    first.unmount();
    answer = fail(500, '服务器内部错误，请稍后重试');
    renderWithRouter(<JudgeHomePanel open onClose={() => {}} />);
    await screen.findByTestId('ai-judge-panel');
    fireEvent.click(screen.getByTestId('ai-judge-start'));
    expect((await screen.findAllByText('AI判题失败')).length).toBeGreaterThan(0);
  });

  it('common variant: judges on opening; 引用 only while the score is valid; 重新生成 judges again', async () => {
    let round = 0;
    const calls = stubFetch({
      [JUDGE]: () => {
        round += 1;
        return ok({ ...RESULT, score: round === 1 ? 7.5 : 8 });
      },
    });
    const onApply = vi.fn();
    const payload = {
      question: '简述栈的特点',
      questionScore: 10,
      questionType: 'ShortAnswer' as const,
      realAnswer: '后进先出',
      studentAnswer: '先进后出',
    };
    renderWithRouter(<JudgeCommonPanel open onClose={() => {}} payload={payload} onApply={onApply} />);
    const score = (await screen.findByTestId('ai-judge-score')) as HTMLInputElement;
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual(payload);
    expect(score.value).toBe('7.5');
    expect(screen.getByText('评语')).toBeTruthy();
    expect(screen.getByText('评判依据')).toBeTruthy();
    expect(button('引用').disabled).toBe(false);

    fireEvent.change(score, { target: { value: '11' } });
    expect(await screen.findByText('得分必须在0到分值之间，最多保留一位小数')).toBeTruthy();
    expect(score.getAttribute('aria-invalid')).toBe('true');
    expect(button('引用').disabled).toBe(true);
    fireEvent.change(score, { target: { value: '' } });
    expect(await screen.findByText('请输入得分')).toBeTruthy();
    expect(button('引用').disabled).toBe(true);
    fireEvent.change(score, { target: { value: '6.25' } });
    await waitFor(() => expect(button('引用').disabled).toBe(true));
    fireEvent.change(score, { target: { value: '6.5' } });
    await waitFor(() => expect(button('引用').disabled).toBe(false));
    fireEvent.click(button('引用'));
    expect(onApply).toHaveBeenCalledWith({
      score: 6.5,
      comment: RESULT.comment,
      basis: RESULT.basis,
      questionScore: 10,
    });

    fireEvent.click(button('重新生成'));
    await waitFor(() => expect((screen.getByTestId('ai-judge-score') as HTMLInputElement).value).toBe('8.0'));
    expect(calls).toHaveLength(2);
  });

  it('home variant: a held model score (999 of 10) shows 10 / 10 with the review notice naming 999', async () => {
    stubFetch({
      [JUDGE]: ok({
        ...RESULT,
        score: 10,
        needsReview: true,
        rawScore: '999',
        reviewReason: '模型给出的得分999超出了0到10分的范围，已按10分显示，请人工复核',
      }),
    });
    renderWithRouter(<JudgeHomePanel open onClose={() => {}} />);
    await screen.findByTestId('ai-judge-panel');
    fireEvent.click(screen.getByTestId('ai-judge-start'));
    expect((await screen.findByTestId('ai-judge-score')).textContent).toBe('10 / 10');
    const notice = screen.getByTestId('ai-judge-review');
    expect(notice.textContent).toContain('需要人工复核');
    expect(notice.textContent).toContain('模型给出的得分999超出了0到10分的范围，已按10分显示，请人工复核');
  });

  it('common variant: a score that was not a number is flagged; an in-range one shows no notice', async () => {
    let answer = ok({
      ...RESULT,
      score: 0,
      needsReview: true,
      rawScore: '满分',
      reviewReason: '模型给出的得分“满分”不是数字，已按0分显示，请人工复核',
    });
    stubFetch({ [JUDGE]: () => answer });
    const payload = {
      question: '简述栈的特点',
      questionScore: 10,
      questionType: 'ShortAnswer' as const,
      realAnswer: '后进先出',
      studentAnswer: '先进后出',
    };
    const view = renderWithRouter(
      <JudgeCommonPanel open onClose={() => {}} payload={payload} onApply={() => {}} />,
    );
    expect((await screen.findByTestId('ai-judge-review')).textContent).toContain(
      '模型给出的得分“满分”不是数字，已按0分显示，请人工复核',
    );
    view.unmount();
    answer = ok(RESULT);
    renderWithRouter(<JudgeCommonPanel open onClose={() => {}} payload={payload} onApply={() => {}} />);
    await screen.findByTestId('ai-judge-score');
    expect(screen.queryByTestId('ai-judge-review')).toBeNull();
  });

  it('common variant: 引用 says what it does; a save that fails keeps the panel and the result', async () => {
    stubFetch({ [JUDGE]: ok(RESULT) });
    let reject: (e: Error) => void = () => {};
    const onApply = vi.fn(() => new Promise((_, r) => (reject = r)));
    const payload = {
      question: '简述栈的特点',
      questionScore: 10,
      questionType: 'ShortAnswer' as const,
      realAnswer: '后进先出',
      studentAnswer: '先进后出',
    };
    renderWithRouter(
      <JudgeCommonPanel open onClose={() => {}} payload={payload} onApply={onApply} applyNote="引用后保存" />,
    );
    await screen.findByTestId('ai-judge-score');
    expect(screen.getByTestId('ai-judge-apply-note').textContent).toBe('引用后保存');
    fireEvent.click(button('引用'));
    expect(onApply).toHaveBeenCalledTimes(1);
    reject(new Error('保存失败'));
    await waitFor(() => expect(button('引用').disabled).toBe(false));
    expect((screen.getByTestId('ai-judge-score') as HTMLInputElement).value).toBe('7.5');
  });
  it('home variant inline (the teaching assistant): the same form and result without the drawer', async () => {
    stubFetch({ [JUDGE]: ok(RESULT) });
    renderWithRouter(<JudgeHomePanel open={false} inline onClose={() => {}} />);
    const panel = await screen.findByTestId('ai-judge-panel');
    expect(panel.classList.contains('is-inline')).toBe(true);
    expect(document.querySelector('.ant-drawer')).toBeNull();
    fireEvent.click(screen.getByTestId('ai-judge-start'));
    expect((await screen.findByTestId('ai-judge-score')).textContent).toBe('7.5 / 10');
  });
});
