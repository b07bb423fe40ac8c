import {
  ApartmentOutlined,
  AuditOutlined,
  BulbOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  FlagOutlined,
  FormOutlined,
  FundOutlined,
  RadarChartOutlined,
  ReadOutlined,
  RightOutlined,
  ScheduleOutlined,
} from '@ant-design/icons';
import {
  type AssistantContext,
  TEACHER_MENU,
  type TeacherMenuEntryDef,
  type TeacherPerm,
} from '@uplus/shared';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import './teacher.css';

/*
 * The teaching assistant's feature menu (portal spec 2.15, 6). The chat panel (as-web-chat) renders it for
 * teachers and is told which entry was picked: a chat entry starts a conversation with its teacher task; a
 * panel entry (智能出题, 智能判题) opens <TeacherPanel> in place.
 */
export type TeacherMenuProps = {
  context: AssistantContext;
  onStartTask: (entry: Extract<TeacherMenuEntryDef, { kind: 'chat' }>) => void;
  onOpenPanel: (kind: 'smartQuestion' | 'smartGrading') => void;
};

export type TeacherMenuGroup = {
  key: string;
  title: string;
  entries: TeacherMenuEntryDef[];
};

/** Spec 6: whether the organisation has what an entry needs. */
const allowed = (needs: TeacherPerm | undefined, context: AssistantContext) =>
  needs === undefined || (needs === 'aiJudge' ? context.hasAiJudgePerm : context.hasTeachingAnalysisPerm);

/**
 * The menu for a permission context: an entry whose permission the organisation lacks is left out (spec 6:
 * 智能判题 needs the batch AI question permission, 课程分析 the teaching-analysis permission), as the panel
 * did before; a group left empty is dropped.
 */
export const teacherMenuFor = (context: AssistantContext): TeacherMenuGroup[] =>
  TEACHER_MENU.map((group) => ({
    key: group.key,
    title: group.title,
    entries: group.entries.filter((entry) => allowed(entry.needs, context)),
  })).filter((group) => group.entries.length > 0);

/** The icon of each entry (decorative: the label says what it is). */
const ICONS: Record<TeacherMenuEntryDef['key'], ReactNode> = {
  knowledgeGraph: <ApartmentOutlined />,
  teachingCase: <ReadOutlined />,
  politicalCase: <FlagOutlined />,
  teachingPlan: <ScheduleOutlined />,
  expRecommend: <ExperimentOutlined />,
  expCase: <FileSearchOutlined />,
  practiceTopic: <BulbOutlined />,
  smartQuestion: <FormOutlined />,
  smartGrading: <AuditOutlined />,
  commonInsight: <RadarChartOutlined />,
  courseAnalysis: <FundOutlined />,
};

/** What the two panel entries do (the chat entries carry their hint in the shared menu). */
export const PANEL_HINTS: Record<'smartQuestion' | 'smartGrading', string> = {
  smartQuestion: '描述出题要求，AI生成题目，可导入题库或本课程的作业',
  smartGrading: '输入题目、参考答案和学生答案，AI给出评分与评语',
};

const hintOf = (entry: TeacherMenuEntryDef) => (entry.kind === 'chat' ? entry.hint : PANEL_HINTS[entry.key]);

/**
 * Arrow keys move between the menu's entries (Home and End to the first and last); every entry stays in the
 * Tab order, so Tab and Shift+Tab work as everywhere else.
 */
const moveFocus = (e: KeyboardEvent<HTMLElement>) => {
  const step =
    e.key === 'ArrowDown' || e.key === 'ArrowRight'
      ? 1
      : e.key === 'ArrowUp' || e.key === 'ArrowLeft'
        ? -1
        : e.key === 'Home'
          ? 'first'
          : e.key === 'End'
            ? 'last'
            : null;
  if (step === null) return;
  const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button.teacher-entry'));
  if (buttons.length === 0) return;
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    step === 'first'
      ? 0
      : step === 'last'
        ? buttons.length - 1
        : at < 0
          ? 0
          : (at + step + buttons.length) % buttons.length;
  e.preventDefault();
  buttons[next]?.focus();
};

/** The teacher menu of spec 2.15: four groups, each entry an icon, its name and what it does. */
export function TeacherMenu({ context, onStartTask, onOpenPanel }: TeacherMenuProps) {
  const id = useId();
  const groups = teacherMenuFor(context);
  return (
    <nav
      className="teacher-menu"
      aria-label="教学助手功能"
      data-testid="assistant-teacher-menu"
      onKeyDown={moveFocus}
    >
      {groups.map((group) => (
        <section key={group.key} className="teacher-menu__group" aria-labelledby={`${id}-${group.key}`}>
          <h3 id={`${id}-${group.key}`} className="teacher-menu__title">
            {group.title}
          </h3>
          <ul className="teacher-menu__list">
            {group.entries.map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  className="teacher-entry"
                  data-testid={`assistant-entry-${entry.key}`}
                  // the name is the label and its hint, both visible (WCAG 2.5.3: the visible text is in the name)
                  aria-labelledby={`${id}-${entry.key}-label ${id}-${entry.key}-hint`}
                  onClick={() => (entry.kind === 'chat' ? onStartTask(entry) : onOpenPanel(entry.key))}
                >
                  <span className="teacher-entry__icon" aria-hidden>
                    {ICONS[entry.key]}
                  </span>
                  <span className="teacher-entry__text">
                    <span id={`${id}-${entry.key}-label`} className="teacher-entry__label">
                      {entry.label}
                    </span>
                    <span id={`${id}-${entry.key}-hint`} className="teacher-entry__hint">
                      {hintOf(entry)}
                    </span>
                  </span>
                  {entry.kind === 'panel' && <RightOutlined className="teacher-entry__go" aria-hidden />}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
