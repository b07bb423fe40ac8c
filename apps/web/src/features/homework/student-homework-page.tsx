import {
  formatDate,
  GRADE_SOURCE_TEXT,
  GRADE_STATE_TEXT,
  type HomeworkPaper,
  isChoiceType,
  isCodeType,
  type PaperItem,
  QSN_TYPE,
  SUBMISSION_LIMITS,
  SUBMISSION_MSG,
} from '@uplus/shared';
import { Button, Modal, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useToast } from '../../lib/toast';
import { useAssistantScene } from '../assistants/scene';
import { answerText, isAnswered } from './answer-format';
import { AnswerInput } from './answer-input';
import { saveDraft, usePaper, useSubmitHomework } from './api';
import { CodeCases } from './code-cases';
import { deadlineText, scoreText } from './format';
import { PageStates } from './page-states';
import { STUDENT_COURSES_PATH, studentCoursePath } from './paths';
import { Crumbs, STUDY_STATUS_COLOR } from './student-course-page';
import { type DraftState, readBackup, useDraft } from './use-draft';
import './homework.css';

/** The answer a question starts with: the saved one, or a function question's starter code. */
const startingAnswer = (item: PaperItem) => item.answer || item.question.codeModel || '';

/** 已保存 / 保存中 / 保存失败 beside the title: where the draft stands. */
function DraftIndicator({ state, onRetry }: { state: DraftState; onRetry: () => void }) {
  const text =
    state.kind === 'saving'
      ? '保存中…'
      : state.kind === 'pending'
        ? '有未保存的修改'
        : state.kind === 'error'
          ? `保存失败：${state.message}`
          : state.savedAt
            ? `已保存 ${formatDate(state.savedAt, '{h}:{i}:{s}')}`
            : '尚未作答';
  return (
    <span className={`hw-draft is-${state.kind}`} data-testid="draft-state">
      <span role="status">{text}</span>
      {state.kind === 'error' && (
        <Button size="small" type="link" onClick={onRetry}>
          重试
        </Button>
      )}
    </span>
  );
}

/** What the student is told about the paper's state, above the questions. */
const noticeOf = (paper: HomeworkPaper): string | null => {
  if (paper.status === 'graded') return '成绩已公布，可查看每道题的得分、评语和正确答案。';
  if (paper.status === 'submitted')
    return `作业已于 ${formatDate(paper.submittedAt, '{y}-{m}-{d} {h}:{i}')} 提交，不能再修改；老师公布成绩后可查看结果。`;
  if (paper.status === 'closed')
    return paper.homework.releasedAt !== null
      ? '成绩已公布，你未提交这份作业。'
      : '已超过截止时间，不能再作答或提交。';
  return null;
};

/** A released result of one answer: score, who graded, comment, basis, the correct answer, code cases. */
function AnswerResult({ item }: { item: PaperItem }) {
  const r = item.result;
  if (!r) return null;
  const q = item.question;
  const reference =
    q.qsnType === QSN_TYPE.fillBlank && r.reference.answerList.length > 0
      ? r.reference.answerList.map((a, i) => `第${i + 1}空：${a}`).join('；')
      : q.qsnType === QSN_TYPE.judgment
        ? r.reference.answer === 'true'
          ? '正确'
          : '错误'
        : r.reference.answer;
  return (
    <section className="hw-result" aria-label="批改结果" data-testid="answer-result">
      <p className="hw-result__score">
        得分：
        <strong>
          {r.score === null ? GRADE_STATE_TEXT[r.gradeState] : `${scoreText(r.score)}/${r.maxScore}`}
        </strong>
        {r.gradeSource && <Tag className="hw-result__source">{GRADE_SOURCE_TEXT[r.gradeSource]}</Tag>}
      </p>
      {r.comment && (
        <p>
          <span className="hw-label">评语：</span>
          {r.comment}
        </p>
      )}
      {r.basis && (
        <div>
          <span className="hw-label">评判依据：</span>
          <p className="hw-result__basis">{r.basis}</p>
        </div>
      )}
      {r.codeDetail && <CodeCases detail={r.codeDetail} />}
      {isChoiceType(q.qsnType) && (
        <p>
          <span className="hw-label">你的答案：</span>
          {answerText(q.qsnType, item.answer)}
        </p>
      )}
      <div>
        <span className="hw-label">正确答案：</span>
        {isCodeType(q.qsnType) ? <pre className="hw-code">{reference}</pre> : <span>{reference}</span>}
      </div>
      {r.reference.analysis && (
        <p>
          <span className="hw-label">解析：</span>
          {r.reference.analysis}
        </p>
      )}
    </section>
  );
}

/** The questions' numbers, each marked answered or not; a click goes to the question. */
function Navigator({
  items,
  answers,
  onGo,
}: {
  items: PaperItem[];
  answers: Record<string, string>;
  onGo: (questionId: string) => void;
}) {
  const done = items.filter((i) =>
    isAnswered({ ...i.question, blankCount: i.question.blankCount ?? 1 }, answers[i.question.id]),
  ).length;
  return (
    <nav className="hw-nav" aria-label="题目导航" data-testid="question-nav">
      <p className="hw-nav__count">
        已答 {done}/{items.length}
      </p>
      <ol className="hw-nav__list">
        {items.map((item, i) => {
          const answered = isAnswered(
            { ...item.question, blankCount: item.question.blankCount ?? 1 },
            answers[item.question.id],
          );
          return (
            <li key={item.question.id}>
              <button
                type="button"
                className={`hw-nav__item${answered ? ' is-answered' : ''}`}
                aria-label={`第${i + 1}题，${answered ? '已作答' : '未作答'}`}
                onClick={() => onGo(item.question.id)}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="hw-nav__legend">
        <span className="hw-nav__swatch is-answered" aria-hidden /> 已作答
        <span className="hw-nav__swatch" aria-hidden /> 未作答
      </p>
    </nav>
  );
}

/** The paper once loaded: questions with their answers, the navigator, saving and submit. */
function Paper({ paper, courseId }: { paper: HomeworkPaper; courseId: string }) {
  const homeworkId = paper.homework.id;
  const toast = useToast();
  const editable = paper.editable;
  const [answers, setAnswers] = useState<Record<string, string>>(() => {
    const start = Object.fromEntries(paper.items.map((i) => [i.question.id, startingAnswer(i)]));
    if (!editable) return start;
    const known = new Set(paper.items.map((i) => i.question.id));
    const backup = Object.entries(readBackup(homeworkId)).filter(([id]) => known.has(id));
    return { ...start, ...Object.fromEntries(backup) };
  });
  const draft = useDraft(
    homeworkId,
    (list) => saveDraft(courseId, homeworkId, { answers: list }),
    paper.savedAt,
    editable,
  );
  const submit = useSubmitHomework(courseId, homeworkId);
  const [confirming, setConfirming] = useState(false);
  const questionRefs = useRef(new Map<string, HTMLElement>());

  // Answers typed on an earlier visit that the server never confirmed are sent again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening the paper
  useEffect(() => {
    if (!editable) return;
    const known = new Set(paper.items.map((i) => i.question.id));
    draft.restore(Object.fromEntries(Object.entries(readBackup(homeworkId)).filter(([id]) => known.has(id))));
  }, []);

  // Leaving with answers not yet saved asks first (they are kept in the browser too).
  const { hasUnsaved } = draft;
  useEffect(() => {
    if (!editable) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (hasUnsaved()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [editable, hasUnsaved]);

  const unanswered = useMemo(
    () =>
      paper.items
        .map((item, i) => ({ item, number: i + 1 }))
        .filter(
          ({ item }) =>
            !isAnswered(
              { ...item.question, blankCount: item.question.blankCount ?? 1 },
              answers[item.question.id],
            ),
        ),
    [paper.items, answers],
  );

  const change = (questionId: string, value: string) => {
    setAnswers((all) => ({ ...all, [questionId]: value }));
    draft.change(questionId, value);
  };

  const go = (questionId: string) => {
    const el = questionRefs.current.get(questionId);
    el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    el?.focus({ preventScroll: true });
  };

  const doSubmit = async () => {
    try {
      await submit.mutateAsync({
        answers: paper.items
          .filter((i) => answers[i.question.id] !== undefined)
          .map((i) => ({ questionId: i.question.id, answer: answers[i.question.id] ?? '' })),
      });
      draft.reset();
      setConfirming(false);
      toast.success(SUBMISSION_MSG.submitted);
    } catch {
      // The request layer has shown why; the answers stay (and stay saved as a draft).
      setConfirming(false);
    }
  };

  const notice = noticeOf(paper);
  const h = paper.homework;

  return (
    <div className="hw-paper">
      <header className="hw-paper__head">
        <Crumbs
          trail={[
            { to: STUDENT_COURSES_PATH, text: '我的课程' },
            { to: studentCoursePath(courseId), text: '课程作业' },
          ]}
          current={h.name}
        />
        <div className="hw-paper__title">
          <h1 id="hw-paper-title">{h.name}</h1>
          <Tag color={STUDY_STATUS_COLOR[paper.status]} data-testid="paper-status">
            {paper.statusText}
          </Tag>
          {editable && (
            <DraftIndicator state={draft.state} onRetry={() => void draft.flush().catch(() => undefined)} />
          )}
        </div>
        <dl className="hw-facts">
          <dt>截止时间</dt>
          <dd>{deadlineText(h.deadline)}</dd>
          <dt>题目</dt>
          <dd>
            共{paper.items.length}题，满分{h.totalScore}分
          </dd>
          {paper.score !== null && (
            <>
              <dt>总得分</dt>
              <dd data-testid="paper-score">
                <strong>{scoreText(paper.score)}</strong>/{h.totalScore}
                {paper.pendingCount ? `（${paper.pendingCount}题待批改）` : ''}
              </dd>
            </>
          )}
        </dl>
        {h.description && <p className="hw-paper__description">{h.description}</p>}
        {notice && (
          <p className="hw-notice" role="status" data-testid="paper-notice">
            {notice}
          </p>
        )}
      </header>
      <div className="hw-paper__body">
        <ol className="hw-questions" aria-label="题目">
          {paper.items.map((item, i) => {
            const q = item.question;
            const headingId = `hw-q-${q.id}`;
            const code = isCodeType(q.qsnType);
            return (
              <li
                key={q.id}
                className="hw-question"
                tabIndex={-1}
                ref={(el) => {
                  if (el) questionRefs.current.set(q.id, el);
                  else questionRefs.current.delete(q.id);
                }}
                aria-labelledby={headingId}
                data-testid="paper-question"
              >
                <div className="hw-question__head">
                  <span className="hw-question__no">第{i + 1}题</span>
                  <Tag color="blue">{q.typeName}</Tag>
                  <span className="hw-question__score">{q.score}分</span>
                </div>
                <h2 id={headingId} className="hw-question__title">
                  {q.title}
                </h2>
                {q.description && <p className="hw-question__description">{q.description}</p>}
                <AnswerInput
                  question={{ ...q, blankCount: q.blankCount ?? 1 }}
                  value={answers[q.id] ?? ''}
                  onChange={(v) => change(q.id, v)}
                  readOnly={!editable}
                  labelledBy={headingId}
                  maxLength={code ? undefined : SUBMISSION_LIMITS.maxTextLength}
                />
                <AnswerResult item={item} />
              </li>
            );
          })}
        </ol>
        <aside className="hw-paper__aside">
          <Navigator items={paper.items} answers={answers} onGo={go} />
          {editable && (
            <Button
              type="primary"
              block
              className="hw-submit"
              onClick={() => setConfirming(true)}
              data-testid="paper-submit"
            >
              提交作业
            </Button>
          )}
        </aside>
      </div>
      <Modal
        open={confirming}
        title="提交作业"
        okText="确认提交"
        cancelText="再检查一下"
        confirmLoading={submit.isPending}
        onOk={() => void doSubmit()}
        onCancel={() => setConfirming(false)}
        okButtonProps={{ 'data-testid': 'paper-submit-confirm' } as Record<string, string>}
      >
        {unanswered.length > 0 ? (
          <div data-testid="submit-unanswered">
            <p>还有 {unanswered.length} 道题未作答：</p>
            <ul className="hw-unanswered">
              {unanswered.map(({ item, number }) => (
                <li key={item.question.id}>
                  第{number}题 {item.question.typeName}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p>所有题目均已作答。</p>
        )}
        <p>作业只能提交一次，提交后不能再修改。确定提交吗？</p>
      </Modal>
    </div>
  );
}

/**
 * A homework of the student's course (/u/course/{courseId}/homework/{homeworkId}): answered question by
 * question, saved as a draft while typing, submitted once before the deadline; once the teacher releases
 * the results, each answer's score, comment, basis, the correct answer and the code cases passed.
 */
export function StudentHomeworkPage() {
  const { courseId = '', homeworkId = '' } = useParams();
  const paper = usePaper(courseId, homeworkId);
  // the study companion guides on this homework without handing out its answers (issue 16 part 7)
  useAssistantScene(
    Number(courseId) > 0 && Number(homeworkId) > 0
      ? { scene: 'HomeworkAnswer', courseId: Number(courseId), homeworkId: Number(homeworkId) }
      : null,
  );
  return (
    <section className="hw-page" aria-labelledby="hw-paper-title">
      <PageStates
        query={paper}
        loadingText="正在加载作业…"
        back={{ to: studentCoursePath(courseId), text: '返回课程' }}
      >
        {(data) => <Paper key={`${data.status}:${data.submittedAt ?? 0}`} paper={data} courseId={courseId} />}
      </PageStates>
    </section>
  );
}
