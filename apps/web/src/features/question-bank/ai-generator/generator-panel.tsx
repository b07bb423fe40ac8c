import { ExclamationCircleOutlined } from '@ant-design/icons';
import {
  EXERCISE_SET_QSN_TYPES,
  GENERATOR_QSN_TYPES,
  importPartialMessage,
  isCodeType,
  PROGRAM_EXECUTION_MSG,
  PROGRAM_STAGES,
  type ProgramStageResult,
  purposeOfSource,
  QSN_TYPE_NAMES,
  QUESTION_LIMITS,
  QUESTION_MSG,
} from '@uplus/shared';
import { Alert, Button, Drawer, Empty, Form, Input, InputNumber, Modal, Select } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { errorMessage, isHandledError } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import {
  GenerateError,
  type ImportTarget,
  importQuestions,
  pollProgram,
  sourceOf,
  stopTask,
  streamDraft,
  structureQuestions,
  submitProgram,
  useLanguages,
} from './api';
import { QuestionEditor } from './question-editor';
import { type EditableQuestion, isValidQuestion, shortfallNote, toEditable } from './question-model';
import { caseVerdicts, failedStage, runTestCases } from './test-run';
import { TypingText } from './typing-text';
import './generator-panel.css';

/** Generation states (spec 4): idle, typing (draft streams in), generating (structuring), generated. */
export type GeneratorPhase = 'idle' | 'typing' | 'generating' | 'generated';

export const GENERATOR_TEXT = {
  title: 'AI出题',
  start: '开始出题',
  cancel: '取消出题',
  again: '重新出题',
  structuring: '正在生成结构化数据，请稍候...',
  previewTitle: '题目预览',
  previewNote: '以下内容由AI生成，仅供参考，请人工审核后使用',
  queryRequired: '请输入出题要求',
  run: '运行验证',
  running: '正在执行',
  import: '导入',
  importing: '导入中...',
  remove: '删除',
  regenerate: '重新生成',
  confirmClose: '当前有任务正在进行，关闭后将中止任务，确定关闭吗？',
} as const;

/** Stage names for the run view. */
const STAGE_NAMES: Record<string, string> = {
  VERIFY: '验证',
  PREPROCESS: '预处理',
  COMPILE: '编译',
  RUN: '运行',
  COMPLETE: '完成',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type RunState =
  | { status: 'idle' }
  | { status: 'running'; stages: ProgramStageResult[]; caseIds: string[] }
  | { status: 'done'; stages: ProgramStageResult[]; caseIds: string[] }
  | { status: 'failed'; message: string };

type Props = {
  open: boolean;
  onClose: () => void;
  /** home: preview only (no 导入); common: imports to `target` */
  variant: 'home' | 'common';
  target: ImportTarget | null;
  onImported?: () => void;
  /** typing speed of the draft display, ms (held to 50..1000) */
  typingSpeed?: number;
  /**
   * Shown in place inside a narrow container (the teaching assistant's panel, 420-896 px) instead of a
   * drawer: the form above the preview, the footer's buttons below; the host closes it (`open` is ignored).
   */
  inline?: boolean;
  /** told whenever a generation, a run or an import starts or ends (an inline host confirms before closing) */
  onWorkingChange?: (working: boolean) => void;
};

/** The AI question-generation panel (spec 000 sections 2.1, 4, 5.1, 5.3, 5.5, 8). */
export function GeneratorPanel({
  open,
  onClose,
  variant,
  target,
  onImported,
  typingSpeed,
  inline = false,
  onWorkingChange,
}: Props) {
  const toast = useToast();
  const [confirmClose, setConfirmClose] = useState(false);
  const types = target?.kind === 'exerciseSet' ? EXERCISE_SET_QSN_TYPES : GENERATOR_QSN_TYPES;
  const [qsnType, setQsnType] = useState<number>(types[0]);
  const [count, setCount] = useState<number>(1);
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [query, setQuery] = useState('');
  const [phase, setPhase] = useState<GeneratorPhase>('idle');
  const [draft, setDraft] = useState('');
  const [questions, setQuestions] = useState<EditableQuestion[]>([]);
  /** the question being regenerated alone (the others stay) */
  const [regenKey, setRegenKey] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** fewer usable questions came than were asked for: how many, and why */
  const [shortfall, setShortfall] = useState<string | null>(null);
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const [importing, setImporting] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const taskRef = useRef<string | null>(null);
  const runToken = useRef(0);

  const code = isCodeType(qsnType);
  const languages = useLanguages(open || inline);
  const languageOptions = (languages.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  useEffect(() => {
    if (code && !language && languageOptions[0]) setLanguage(languageOptions[0].value);
  }, [code, language, languageOptions]);

  const busy = phase === 'typing' || phase === 'generating';
  const working = busy || run.status === 'running' || importing;
  const source = sourceOf(target);

  useEffect(() => onWorkingChange?.(working), [working, onWorkingChange]);
  // Leaving while a draft streams (the inline host went back, the page went away) stops the remote task too.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      const taskId = taskRef.current;
      taskRef.current = null;
      if (taskId) void stopTask(taskId).catch(() => {});
    },
    [],
  );

  /** Streams a draft and structures it; resolves with the questions or null (failed or cancelled). */
  const generate = async (
    num: number,
    history?: string[],
  ): Promise<EditableQuestion[] | 'failed' | 'cancelled'> => {
    const controller = new AbortController();
    abortRef.current = controller;
    taskRef.current = null;
    setDraft('');
    setFailure(null);
    setPhase('typing');
    try {
      const text = await streamDraft(
        {
          query: query.trim(),
          questionType: qsnType,
          questionNum: code ? 1 : num,
          language: code ? (language ?? '') : '',
          source,
          ...(history ? { questionHistory: JSON.stringify(history) } : {}),
        },
        {
          signal: controller.signal,
          onTask: (taskId) => {
            taskRef.current = taskId;
          },
          onText: (delta) => setDraft((d) => d + delta),
        },
      );
      setPhase('generating');
      const list = await structureQuestions(
        {
          question: text,
          questionType: qsnType,
          language: code ? (language ?? '') : '',
          source,
          questionNum: code ? 1 : num,
          query: query.trim(),
        },
        controller.signal,
      );
      const purpose = purposeOfSource(source);
      const made = list.map((q) => toEditable(q, purpose)).filter((q): q is EditableQuestion => q !== null);
      if (made.length === 0) throw new GenerateError(QUESTION_MSG.generationFailed);
      return made;
    } catch (error) {
      if (controller.signal.aborted) return 'cancelled';
      const message =
        error instanceof GenerateError ? error.message : errorMessage(error) || QUESTION_MSG.generationFailed;
      setFailure(message);
      if (!isHandledError(error)) toast.error(message);
      return 'failed';
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const startAll = async () => {
    setQuestions([]);
    setShortfall(null);
    setRun({ status: 'idle' });
    setRegenKey(null);
    const asked = code ? 1 : count;
    const made = await generate(asked);
    if (made === 'cancelled') return;
    if (made === 'failed') setPhase('idle');
    else {
      setQuestions(made);
      setShortfall(shortfallNote(asked, made));
      setPhase('generated');
    }
  };

  const regenerateOne = async (key: string) => {
    setRegenKey(key);
    setRun({ status: 'idle' });
    const history = questions.map((q) => q.titleText).filter(Boolean);
    const made = await generate(1, history);
    if (made === 'cancelled') return;
    const first = made === 'failed' ? undefined : made[0];
    if (first) setQuestions((list) => list.map((q) => (q.key === key ? first : q)));
    setRegenKey(null);
    setPhase('generated');
  };

  /** Aborts the stream or the structuring call and stops the remote task. */
  const cancel = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    const taskId = taskRef.current;
    taskRef.current = null;
    if (taskId) void stopTask(taskId).catch(() => {});
    setRegenKey(null);
    setPhase(questions.length > 0 ? 'generated' : 'idle');
  };

  const mainClick = () => {
    if (busy) cancel();
    else void startAll();
  };

  const update = (next: EditableQuestion) =>
    setQuestions((list) => list.map((q) => (q.key === next.key ? { ...next, failureMsg: undefined } : q)));

  const remove = (key: string) => {
    setQuestions((list) => list.filter((q) => q.key !== key));
    setRun({ status: 'idle' });
  };

  const single = questions.length === 1 ? questions[0] : undefined;
  const canRun = !!single && isCodeType(single.qsnType);

  const startRun = async () => {
    if (!single) return;
    runToken.current += 1;
    const token = runToken.current;
    setRun({ status: 'running', stages: [], caseIds: [] });
    const result = await runTestCases(single, {
      submit: submitProgram,
      poll: pollProgram,
      sleep,
      cancelled: () => runToken.current !== token,
      onStages: (stages, caseIds) => {
        if (runToken.current === token) setRun({ status: 'running', stages, caseIds });
      },
    });
    if (runToken.current !== token) return;
    if (result.kind === 'finished') {
      setRun({ status: 'done', stages: result.stages, caseIds: result.caseIds });
      const verdicts = caseVerdicts(result.stages, result.caseIds);
      setQuestions((list) =>
        list.map((q) =>
          q.key === single.key
            ? {
                ...q,
                testcases: (q.testcases ?? []).map((c, i) => ({
                  ...c,
                  tested: verdicts[i] !== null,
                  outputQualified: verdicts[i] ?? null,
                })),
              }
            : q,
        ),
      );
    } else {
      setRun({ status: 'failed', message: result.message });
      if (result.message) toast.error(result.message);
    }
  };

  const clearRun = () => {
    runToken.current += 1;
    setRun({ status: 'idle' });
  };

  const doImport = async () => {
    if (!target) return;
    if (questions.some((q) => !isValidQuestion(q))) {
      toast.error(QUESTION_MSG.importInvalid);
      return;
    }
    setImporting(true);
    try {
      const failed = await importQuestions(target, questions);
      const total = questions.length;
      if (failed.length === 0) {
        toast.success(QUESTION_MSG.importSucceeded);
        setQuestions([]);
        setPhase('idle');
        setRun({ status: 'idle' });
      } else {
        if (failed.length === total) toast.error(QUESTION_MSG.importFailedCheck);
        else toast.warning(importPartialMessage(total - failed.length, failed.length));
        const byIndex = new Map(failed.map((f) => [f.index, f.failureMsg]));
        setQuestions(
          questions.flatMap((q, i) => (byIndex.has(i) ? [{ ...q, failureMsg: byIndex.get(i) }] : [])),
        );
      }
      if (failed.length < total) onImported?.();
    } catch (error) {
      if (!isHandledError(error)) toast.error(errorMessage(error) || QUESTION_MSG.importFailed);
    } finally {
      setImporting(false);
    }
  };

  const reset = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    const taskId = taskRef.current;
    taskRef.current = null;
    if (taskId) void stopTask(taskId).catch(() => {});
    runToken.current += 1;
    setPhase('idle');
    setDraft('');
    setQuestions([]);
    setFailure(null);
    setShortfall(null);
    setRun({ status: 'idle' });
    setRegenKey(null);
  };

  const close = () => {
    if (!working) {
      reset();
      onClose();
      return;
    }
    setConfirmClose(true);
  };

  // Chinese IME: Enter while composing picks a candidate; it never submits (Safari reports the Enter that
  // ends a composition with isComposing false but keyCode 229).
  const onQueryKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229 || e.shiftKey) return;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      if (!busy && query.trim()) void startAll();
    }
  };

  const showPreview = phase !== 'idle' || questions.length > 0 || failure !== null;
  const mainText = busy
    ? GENERATOR_TEXT.cancel
    : phase === 'generated'
      ? GENERATOR_TEXT.again
      : GENERATOR_TEXT.start;
  const verdicts =
    run.status === 'running' || run.status === 'done' ? caseVerdicts(run.stages, run.caseIds) : undefined;
  const stageFailure = run.status === 'running' || run.status === 'done' ? failedStage(run.stages) : null;

  const typingBox = (
    <div className="ai-typing" data-testid="ai-typing" aria-live="polite">
      {phase === 'typing' ? (
        <TypingText key="draft" text={draft} speed={typingSpeed} />
      ) : (
        <TypingText key="structuring" text={GENERATOR_TEXT.structuring} speed={typingSpeed} />
      )}
    </div>
  );

  const footer =
    questions.length > 0 && !busy ? (
      <div className="ai-generator__footer">
        {canRun && (
          <Button
            data-testid="ai-run-verify"
            loading={run.status === 'running'}
            onClick={() => void startRun()}
          >
            {run.status === 'running' ? GENERATOR_TEXT.running : GENERATOR_TEXT.run}
          </Button>
        )}
        {variant === 'common' && target && (
          <Button
            type="primary"
            data-testid="ai-import"
            loading={importing}
            disabled={run.status === 'running'}
            onClick={() => void doImport()}
          >
            {importing ? GENERATOR_TEXT.importing : GENERATOR_TEXT.import}
          </Button>
        )}
      </div>
    ) : null;

  const preview = showPreview ? (
    <section className="ai-preview" aria-labelledby="ai-preview-title">
      <h2 id="ai-preview-title">{GENERATOR_TEXT.previewTitle}</h2>
      <p className="ai-preview__note">{GENERATOR_TEXT.previewNote}</p>
      {busy && regenKey === null && typingBox}
      {failure && !busy && (
        <div className="ai-preview__failure" role="alert">
          {failure}
        </div>
      )}
      {shortfall && !busy && (
        <Alert
          className="ai-preview__shortfall"
          type="warning"
          showIcon
          role="status"
          data-testid="ai-shortfall"
          title={shortfall}
        />
      )}
      {questions.map((q, i) => (
        <article key={q.key} className="ai-question" data-testid="ai-question-item">
          {regenKey === q.key && busy ? (
            typingBox
          ) : (
            <>
              {questions.length > 1 && (
                <div className="ai-question__links">
                  <Button type="link" size="small" disabled={busy} onClick={() => remove(q.key)}>
                    {GENERATOR_TEXT.remove}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    disabled={busy || !query.trim()}
                    onClick={() => void regenerateOne(q.key)}
                  >
                    {GENERATOR_TEXT.regenerate}
                  </Button>
                </div>
              )}
              <QuestionEditor
                question={q}
                index={i}
                onChange={update}
                languages={languageOptions}
                verdicts={questions.length === 1 ? verdicts : undefined}
                disabled={busy || importing}
              />
            </>
          )}
        </article>
      ))}
      {canRun && run.status !== 'idle' && (
        <section className="ai-run" aria-label="运行结果" data-testid="ai-run-result">
          {run.status === 'failed' ? (
            run.message && <div className="ai-run__error">{run.message}</div>
          ) : (
            <ol className="ai-run__stages">
              {PROGRAM_STAGES.filter((s) => run.stages.some((r) => r.stage === s)).map((s) => {
                const rows = run.stages.filter((r) => r.stage === s);
                const ok = rows.every((r) => r.success);
                return (
                  <li key={s} className={ok ? 'is-ok' : 'is-bad'}>
                    {STAGE_NAMES[s]} {ok ? '✓' : '✗'}
                  </li>
                );
              })}
            </ol>
          )}
          {stageFailure && (
            <div className="ai-run__error" role="alert">
              <strong>{PROGRAM_EXECUTION_MSG.compileFailedShown}</strong>
              <div>{stageFailure.message}</div>
              {stageFailure.output && <pre>{stageFailure.output}</pre>}
            </div>
          )}
          {run.status !== 'running' && (
            <Button type="link" size="small" onClick={clearRun}>
              {PROGRAM_EXECUTION_MSG.clearResults}
            </Button>
          )}
        </section>
      )}
      {!busy && questions.length === 0 && !failure && <Empty description="暂无题目" />}
    </section>
  ) : null;

  const form = (
    <Form layout="vertical" className="ai-generator__form" onSubmitCapture={(e) => e.preventDefault()}>
      <Form.Item label="题目类型">
        <Select
          aria-label="题目类型"
          value={qsnType}
          disabled={busy}
          options={types.map((t) => ({ value: t, label: QSN_TYPE_NAMES[t] }))}
          onChange={(v: number) => setQsnType(v)}
        />
      </Form.Item>
      {code ? (
        <Form.Item label="编程语言">
          <Select
            aria-label="编程语言"
            value={language}
            disabled={busy}
            loading={languages.isPending}
            options={languageOptions}
            notFoundContent="暂无可用的编程语言"
            placeholder="请选择编程语言"
            onChange={(v: string) => setLanguage(v)}
          />
        </Form.Item>
      ) : (
        <Form.Item label="题目数量">
          <InputNumber
            aria-label="题目数量"
            min={1}
            max={5}
            precision={0}
            value={count}
            disabled={busy}
            onChange={(v) => setCount(typeof v === 'number' ? Math.min(5, Math.max(1, v)) : 1)}
          />
        </Form.Item>
      )}
      <Form.Item label="出题要求" required>
        <Input.TextArea
          aria-label="出题要求"
          placeholder={GENERATOR_TEXT.queryRequired}
          value={query}
          maxLength={QUESTION_LIMITS.maxTextLength}
          showCount
          autoSize={{ minRows: 6, maxRows: 14 }}
          disabled={busy}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onQueryKey}
        />
      </Form.Item>
      <Button
        type="primary"
        block
        data-testid="ai-generator-start"
        danger={busy}
        disabled={!busy && (!query.trim() || (code && !language) || importing)}
        onClick={mainClick}
      >
        {mainText}
      </Button>
    </Form>
  );

  if (inline)
    return (
      <div className="ai-generator-inline">
        <div className="ai-generator is-inline" data-testid="ai-generator-panel">
          {form}
          {preview}
        </div>
        {footer}
      </div>
    );

  return (
    <Drawer
      open={open}
      placement="right"
      size={showPreview ? 480 + 640 : 480}
      title={GENERATOR_TEXT.title}
      onClose={close}
      mask={{ closable: false }}
      keyboard={!working}
      destroyOnHidden
      rootClassName="ai-generator-drawer"
      styles={{ body: { padding: 0 } }}
      footer={footer}
    >
      <Modal
        open={confirmClose}
        title={
          <span>
            <ExclamationCircleOutlined className="ai-generator__warn" /> 确认关闭
          </span>
        }
        okText="确定"
        cancelText="取消"
        onOk={() => {
          setConfirmClose(false);
          reset();
          onClose();
        }}
        onCancel={() => setConfirmClose(false)}
      >
        {GENERATOR_TEXT.confirmClose}
      </Modal>
      <div className="ai-generator" data-testid="ai-generator-panel">
        {preview}
        {form}
      </div>
    </Drawer>
  );
}
