import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Select } from 'antd';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { lazyPart } from '../../../components/lazy-part';
import type { ImportTarget } from '../../question-bank/ai-generator/api';
import { useDraftHomeworks } from './api';
import './teacher.css';

/*
 * 智能出题 and 智能判题 opened in place inside the assistant panel (issue 16 part 3): the AI toolkit's
 * generator and judge, shown inline (no drawer) and loaded on first open (they are big). 返回 goes back to
 * the chat; while the generator is working it asks first, as the generator's own close does.
 */
export type TeacherPanelProps = {
  kind: 'smartQuestion' | 'smartGrading';
  courseId: number | null;
  onClose: () => void;
};

export const PANEL_TITLES: Record<TeacherPanelProps['kind'], string> = {
  smartQuestion: '智能出题',
  smartGrading: '智能判题',
};

/** Asked before 返回 drops a generation, a test run or an import in progress. */
export const LEAVE_WORKING = '当前有任务正在进行，返回将中止任务，确定返回吗？';

const Generator = lazyPart(
  async () => (await import('../../question-bank/ai-generator/generator-panel')).GeneratorPanel,
);
const Judge = lazyPart(async () => (await import('../../question-bank/ai-judge/judge-panel')).JudgeHomePanel);

/** The value of the 导入到 select: the question library, or a draft homework of the course. */
const LIBRARY = 'library';
const homeworkValue = (id: string) => `homework:${id}`;
const targetOf = (value: string): ImportTarget =>
  value.startsWith('homework:') ? { kind: 'homework', homeworkId: value.slice(9) } : { kind: 'library' };

/** The libraries' and homework pages' caches an import makes stale (prefixes of their query keys). */
const importedKeys = (target: ImportTarget, courseId: string | null): unknown[][] =>
  target.kind === 'homework' && courseId && target.homeworkId
    ? [
        ['teaching', 'homework', courseId, target.homeworkId],
        ['homework', 'teaching', courseId],
      ]
    : [['libQuestions']];

/** 智能出题: where the questions go (the library; with a course, also its unpublished homework), then the generator. */
function SmartQuestion({
  courseId,
  onWorkingChange,
  onClose,
}: {
  courseId: string | null;
  onWorkingChange: (working: boolean) => void;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const drafts = useDraftHomeworks(courseId);
  const [value, setValue] = useState(LIBRARY);
  const target = targetOf(value);
  const options = [
    { value: LIBRARY, label: '我的题库' },
    ...(drafts.data ?? []).map((h) => ({ value: homeworkValue(h.id), label: `作业：${h.name}` })),
  ];
  return (
    <>
      <div className="teacher-panel__target">
        <label htmlFor={`${id}-target`}>导入到</label>
        <Select
          id={`${id}-target`}
          value={value}
          options={options}
          loading={drafts.isFetching}
          onChange={setValue}
          aria-describedby={`${id}-target-note`}
          data-testid="teacher-panel-target"
          popupMatchSelectWidth={false}
        />
        <p className="teacher-panel__note" id={`${id}-target-note`}>
          {courseId === null
            ? '生成的题目可导入我的题库。'
            : drafts.isError
              ? '本课程的作业暂时无法加载，生成的题目可先导入我的题库。'
              : '生成的题目可导入我的题库，或本课程尚未发布的作业。'}
        </p>
      </div>
      <Generator
        open
        inline
        variant="common"
        target={target}
        onClose={onClose}
        onWorkingChange={onWorkingChange}
        onImported={() => {
          for (const queryKey of importedKeys(target, courseId))
            void queryClient.invalidateQueries({ queryKey });
        }}
      />
    </>
  );
}

/** The panel in place of the chat: 返回, its title, and the generator or the judge. */
export function TeacherPanel({ kind, courseId, onClose }: TeacherPanelProps) {
  const id = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const working = useRef(false);
  const [askLeave, setAskLeave] = useState(false);
  const onWorkingChange = useCallback((value: boolean) => {
    working.current = value;
  }, []);

  // The panel replaces the chat: focus moves to its title so a screen reader says where the user is.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  const back = () => {
    if (working.current) setAskLeave(true);
    else onClose();
  };

  return (
    <section className="teacher-panel" aria-labelledby={`${id}-title`} data-testid={`teacher-panel-${kind}`}>
      <header className="teacher-panel__head">
        <Button
          icon={<ArrowLeftOutlined aria-hidden />}
          onClick={back}
          data-testid="teacher-panel-back"
          size="small"
        >
          返回
        </Button>
        <h3 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="teacher-panel__title">
          {PANEL_TITLES[kind]}
        </h3>
      </header>
      <div className="teacher-panel__body">
        {kind === 'smartQuestion' ? (
          <SmartQuestion
            courseId={courseId === null ? null : String(courseId)}
            onWorkingChange={onWorkingChange}
            onClose={onClose}
          />
        ) : (
          <Judge open inline onClose={onClose} />
        )}
      </div>
      <Modal
        open={askLeave}
        title="确认返回"
        okText="返回"
        cancelText="取消"
        onOk={() => {
          setAskLeave(false);
          onClose();
        }}
        onCancel={() => setAskLeave(false)}
      >
        {LEAVE_WORKING}
      </Modal>
    </section>
  );
}
