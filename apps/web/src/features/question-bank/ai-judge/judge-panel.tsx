import {
  AI_LIMITS,
  AI_MSG,
  checkResultScore,
  type JudgeBody,
  type JudgeQuestionType,
  type JudgeResult,
  judgeBody,
} from '@uplus/shared';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isHandledError } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useJudge } from './api';
import { JUDGE_EXAMPLES } from './judge-examples';
import './judge-panel.css';

/** The shared rule of one judge field (spec 5.4) as an antd form rule: same schema, same message. */
const schemaRule = (field: keyof typeof judgeBody.shape): Rule => ({
  validator: async (_rule, value) => {
    const parsed = judgeBody.shape[field].safeParse(value);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? AI_MSG.judgeFailed);
  },
});

const TYPE_OPTIONS: { value: JudgeQuestionType; label: string }[] = [
  { value: 'ShortAnswer', label: '主观题' },
  { value: 'Programming', label: '编程题' },
];

/** The failure text: the server's message, else AI判题失败 (spec 8). */
const judgeFailure = (error: unknown) => {
  const text = errorMessage(error);
  return text && text !== '服务器内部错误，请稍后重试' ? text : AI_MSG.judgeFailed;
};

/** Shows a failed judging as a toast, unless the request layer already told the user. */
const useFailureToast = () => {
  const toast = useToast();
  return (error: unknown) => {
    if (!isHandledError(error)) toast.error(judgeFailure(error));
  };
};

/** AI智能判题中... while a judging runs. */
const JudgingNotice = () => (
  <div className="ai-judge__loading" role="status">
    <Spin size="small" /> {AI_MSG.judging}
  </div>
);

/** A long text of the judge form (question, reference answer, student answer). */
const TextItem = (props: {
  label: string;
  name: 'question' | 'realAnswer' | 'studentAnswer';
  minRows: number;
  maxRows: number;
}) => (
  <Form.Item label={props.label} name={props.name} rules={[schemaRule(props.name)]}>
    <Input.TextArea
      autoSize={{ minRows: props.minRows, maxRows: props.maxRows }}
      showCount
      maxLength={AI_LIMITS.maxTextLength}
    />
  </Form.Item>
);

/**
 * The model's score was out of range or not a number: the score shown was held, so the teacher is told what
 * the model gave and asked to check it (issue 10 part 9).
 */
const ReviewNotice = ({ result }: { result: JudgeResult }) =>
  result.needsReview ? (
    <Alert
      className="ai-judge__review"
      type="warning"
      showIcon
      role="alert"
      data-testid="ai-judge-review"
      title="需要人工复核"
      description={result.reviewReason || `模型给出的得分${result.rawScore ?? ''}无效，请人工复核`}
    />
  ) : null;

type HomeProps = {
  open: boolean;
  onClose: () => void;
  /**
   * Shown in place inside a narrow container (the teaching assistant's panel, 420-896 px) instead of the
   * 1000 px drawer; the host closes it (`open` is ignored).
   */
  inline?: boolean;
};

/** Home-page variant (spec 2.2): 1000 px, a pre-filled form, 开始判题, result 评分/评语/依据 below. */
export function JudgeHomePanel({ open, onClose, inline = false }: HomeProps) {
  const [form] = Form.useForm<JudgeBody>();
  const judge = useJudge();
  const onFailure = useFailureToast();

  const pickType = (type: JudgeQuestionType) => {
    form.setFieldsValue({ ...JUDGE_EXAMPLES[type], questionType: type });
    judge.reset();
  };

  const submit = (values: JudgeBody) => {
    judge.mutate({ ...values, questionScore: Number(values.questionScore) }, { onError: onFailure });
  };

  const close = () => {
    judge.reset();
    onClose();
  };

  const content = (
    <div data-testid="ai-judge-panel" className={inline ? 'ai-judge is-inline' : 'ai-judge'}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...JUDGE_EXAMPLES.ShortAnswer, questionType: 'ShortAnswer' }}
        onFinish={submit}
        disabled={judge.isPending}
      >
        <div className="ai-judge__row">
          <Form.Item label="题目类型" name="questionType" rules={[schemaRule('questionType')]}>
            <Select aria-label="题目类型" options={TYPE_OPTIONS} onChange={pickType} />
          </Form.Item>
          <Form.Item label="分值" name="questionScore" rules={[schemaRule('questionScore')]}>
            <InputNumber aria-label="分值" min={1} max={AI_LIMITS.maxQuestionScore} precision={0} />
          </Form.Item>
        </div>
        <TextItem label="题目" name="question" minRows={2} maxRows={8} />
        <TextItem label="参考答案" name="realAnswer" minRows={3} maxRows={10} />
        <TextItem label="学生答案" name="studentAnswer" minRows={3} maxRows={10} />
        <Button type="primary" htmlType="submit" data-testid="ai-judge-start" loading={judge.isPending}>
          开始判题
        </Button>
      </Form>
      <section className="ai-judge__result" aria-label="判题结果" aria-live="polite">
        {judge.isPending && <JudgingNotice />}
        {judge.isError && <div className="ai-judge__error">{judgeFailure(judge.error)}</div>}
        {judge.data && <ReviewNotice result={judge.data} />}
        {judge.data && (
          <dl className="ai-judge__dl">
            <dt>评分</dt>
            <dd data-testid="ai-judge-score">
              {judge.data.score} / {judge.data.questionScore}
            </dd>
            <dt>评语</dt>
            <dd>{judge.data.comment}</dd>
            <dt>依据</dt>
            <dd className="ai-judge__basis">{judge.data.basis}</dd>
          </dl>
        )}
      </section>
    </div>
  );

  if (inline) return content;
  return (
    <Drawer
      open={open}
      placement="right"
      size={1000}
      title="AI判题"
      onClose={close}
      destroyOnHidden
      rootClassName="ai-judge-drawer"
    >
      {content}
    </Drawer>
  );
}

type ResultForm = { score: number | null; comment: string; basis: string };

type CommonProps = {
  open: boolean;
  onClose: () => void;
  payload: JudgeBody;
  /**
   * 引用: apply the (possibly edited) result. A promise (a save) keeps the button busy until it settles; a
   * rejected one leaves the panel open (the caller has told the user why).
   */
  onApply: (result: JudgeResult) => unknown;
  /** what 引用 does on this page (e.g. saved against the answer, or only filled in), shown by the button */
  applyNote?: string;
};

/**
 * Common variant (spec 2.2): 480 px, judges as soon as it opens; 得分 (editable, 5.4), 评语, 评判依据;
 * 重新生成 judges again, 引用 applies the result and is enabled only while the result form is valid.
 */
export function JudgeCommonPanel({ open, onClose, payload, onApply, applyNote }: CommonProps) {
  const judge = useJudge();
  const onFailure = useFailureToast();
  const [result, setResult] = useState<ResultForm | null>(null);
  const [applying, setApplying] = useState(false);
  const started = useRef(false);

  const run = () => {
    setResult(null);
    judge.mutate(payload, {
      onSuccess: (data) => setResult({ score: data.score, comment: data.comment, basis: data.basis }),
      onError: onFailure,
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: judges once per opening
  useEffect(() => {
    if (open && !started.current) {
      started.current = true;
      run();
    }
    if (!open) started.current = false;
  }, [open]);

  const scoreError = result ? checkResultScore(result.score, payload.questionScore) : null;
  const valid = !!result && scoreError === null;

  const close = () => {
    judge.reset();
    setResult(null);
    onClose();
  };

  return (
    <Drawer
      open={open}
      placement="right"
      size={480}
      title="AI判题"
      onClose={close}
      destroyOnHidden
      rootClassName="ai-judge-drawer"
      footer={
        <div className="ai-judge__footer">
          <Button onClick={run} disabled={judge.isPending}>
            重新生成
          </Button>
          <Button
            type="primary"
            disabled={!valid || judge.isPending}
            loading={applying}
            aria-describedby={applyNote ? 'ai-judge-apply-note' : undefined}
            onClick={async () => {
              if (!result || !valid || applying) return;
              setApplying(true);
              try {
                await onApply({
                  score: Number(result.score),
                  comment: result.comment,
                  basis: result.basis,
                  questionScore: payload.questionScore,
                });
              } catch {
                // The caller has said why; the result stays for another try.
              } finally {
                setApplying(false);
              }
            }}
          >
            引用
          </Button>
          {applyNote && (
            <p id="ai-judge-apply-note" className="ai-judge__apply-note" data-testid="ai-judge-apply-note">
              {applyNote}
            </p>
          )}
        </div>
      }
    >
      <div data-testid="ai-judge-panel" className="ai-judge">
        {judge.isPending && <JudgingNotice />}
        {judge.isError && !judge.isPending && (
          <div className="ai-judge__error">{judgeFailure(judge.error)}</div>
        )}
        {result && !judge.isPending && judge.data && <ReviewNotice result={judge.data} />}
        {result && !judge.isPending && (
          <div className="ai-judge__form">
            <label className="ai-field__label" htmlFor="ai-judge-score">
              得分（满分{payload.questionScore}）
            </label>
            <InputNumber
              id="ai-judge-score"
              data-testid="ai-judge-score"
              aria-invalid={scoreError ? true : undefined}
              aria-describedby={scoreError ? 'ai-judge-score-error' : undefined}
              status={scoreError ? 'error' : undefined}
              value={result.score}
              step={0.5}
              onChange={(v) => setResult({ ...result, score: typeof v === 'number' ? v : null })}
            />
            {scoreError && (
              <div id="ai-judge-score-error" className="ai-field__error" role="alert">
                {scoreError}
              </div>
            )}
            <label className="ai-field__label" htmlFor="ai-judge-comment">
              评语
            </label>
            <Input.TextArea
              id="ai-judge-comment"
              value={result.comment}
              autoSize={{ minRows: 3, maxRows: 10 }}
              onChange={(e) => setResult({ ...result, comment: e.target.value })}
            />
            <div className="ai-field__label">评判依据</div>
            <div className="ai-judge__basis">{result.basis}</div>
          </div>
        )}
      </div>
    </Drawer>
  );
}
