import { StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type LibQuestionRow, MSG, parseKnowledges, QSN_TYPE_NAMES, toRole } from '@uplus/shared';
import { Rate, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { StatusPanel } from '../../../components/status-panel';
import { useStored } from '../../../lib/storage';
import { AiGenerateButton, AiJudgeButton } from '../ai-generator/ai-buttons';
import { AiPanels } from '../ai-generator/ai-panels';
import { aiScene } from '../ai-generator/ai-scene';
import type { ImportTarget } from '../ai-generator/api';
import { isJudgeable, type JudgeableQuestion } from '../teacher-course/judge-payload';
import { useAiJudge } from '../teacher-course/use-ai-judge';
import { libraryKeys, useLibQuestions, useMyCourses } from './api';
import './question-library-page.css';

/** The route name of this page (the generator shows only here once opened from it). */
const ROUTE_NAMES = ['exerciseLibs'];
const PAGE_SIZE = 10;

/** A library row as the judge takes it: its title (and description), score and reference answer. */
const judgeable = (row: LibQuestionRow): JudgeableQuestion & { id: string } => ({
  id: row.id,
  qsnType: row.qsnType,
  title: row.titleText,
  description: row.description ?? '',
  score: row.everyScore,
  answer: row.answer,
});

/** 我的习题: the teacher's question library, with the AI generator importing into it. */
export function QuestionLibraryPage() {
  const role = useStored('role');
  const isTeacher = toRole(role) === 'Teacher';
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const list = useLibQuestions(page, PAGE_SIZE, isTeacher);
  const courses = useMyCourses(isTeacher);
  const [targetKey, setTargetKey] = useState('library');
  // AI判题 of a student's answer to a 简答题, 编程题 or 函数题; 引用 puts the result under the row.
  const judge = useAiJudge<ReturnType<typeof judgeable>>(ROUTE_NAMES);

  if (!isTeacher) {
    return (
      <StatusPanel
        icon={<StopOutlined className="is-error" />}
        title="无法访问"
        description={toRole(role) === 'Student' ? MSG.studentCannotView : MSG.noPermission}
      />
    );
  }

  // Where generated questions go: the library, or one of the teacher's homeworks or exercise sets.
  const targets: { key: string; label: string; target: ImportTarget }[] = [
    { key: 'library', label: '我的题库', target: { kind: 'library' } },
    ...(courses.data ?? []).flatMap((c) => [
      ...c.homeworks.map((h) => ({
        key: `homework:${h.id}`,
        label: `${c.name} / 作业：${h.name}`,
        target: { kind: 'homework', homeworkId: h.id } as ImportTarget,
      })),
      ...c.exerciseSets.map((s) => ({
        key: `exercises:${c.id}:${s.id}`,
        label: `${c.name} / 练习集：${s.name}`,
        target: { kind: 'exerciseSet', courseId: c.id, setId: s.id } as ImportTarget,
      })),
    ]),
  ];
  const chosen = targets.find((t) => t.key === targetKey) ?? targets[0];

  const openGenerator = () =>
    aiScene.openGenerator({
      routeNames: ROUTE_NAMES,
      variant: 'common',
      target: chosen?.target ?? { kind: 'library' },
      onImported: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    });

  return (
    <section className="question-library" aria-labelledby="question-library-title">
      <header className="question-library__head">
        <h1 id="question-library-title">我的题库</h1>
        <div className="question-library__actions">
          <span aria-hidden>导入到</span>
          <Select
            aria-label="导入到"
            className="question-library__target"
            value={chosen?.key}
            options={targets.map((t) => ({ value: t.key, label: t.label }))}
            onChange={setTargetKey}
            loading={courses.isPending}
          />
          <AiGenerateButton onClick={openGenerator} testId="library-ai-generate" />
        </div>
      </header>
      <Table<LibQuestionRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: '题库暂无题目，可使用AI出题导入' }}
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: Object.keys(judge.grades),
          rowExpandable: (row) => !!judge.grades[row.id],
          expandedRowRender: (row) => judge.gradingBox(row.id, row.everyScore),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '题型',
            dataIndex: 'qsnType',
            width: 100,
            render: (t: LibQuestionRow['qsnType']) => <Tag color="blue">{QSN_TYPE_NAMES[t]}</Tag>,
          },
          { title: '题目', dataIndex: 'titleText', ellipsis: true },
          {
            title: '难度',
            dataIndex: 'difficulty',
            width: 150,
            render: (d: number) => <Rate disabled count={5} value={d} aria-label={`难度${d}星`} />,
          },
          {
            title: '知识点',
            dataIndex: 'knowledges',
            width: 240,
            render: (k: string) =>
              parseKnowledges(k).map((tag) => (
                <Tag key={tag} className="question-library__tag">
                  {tag}
                </Tag>
              )),
          },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, row: LibQuestionRow) =>
              isJudgeable(row.qsnType) && (
                <AiJudgeButton
                  onClick={() => judge.startJudging(judgeable(row))}
                  label={row.titleText}
                  testId="library-ai-judge"
                />
              ),
          },
        ]}
      />
      {judge.dialog}
      <AiPanels />
    </section>
  );
}
