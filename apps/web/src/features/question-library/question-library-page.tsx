import { BulbOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type LibQuestionRow, MSG, parseKnowledges, QSN_TYPE_NAMES, toRole } from '@uplus/shared';
import { Button, Rate, Table, Tag } from 'antd';
import { useState } from 'react';
import { StatusPanel } from '../../components/status-panel';
import { useStored } from '../../lib/storage';
import { AiPanels } from '../ai-generator/ai-panels';
import { aiScene } from '../ai-generator/ai-scene';
import { libraryKeys, useLibQuestions } from './api';
import './question-library-page.css';

/** The route name of this page (the generator shows only here once opened from it). */
const ROUTE_NAMES = ['exerciseLibs'];
const PAGE_SIZE = 10;

/** 我的习题: the teacher's question library, with the AI generator importing into it. */
export function QuestionLibraryPage() {
  const role = useStored('role');
  const isTeacher = toRole(role) === 'Teacher';
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const list = useLibQuestions(page, PAGE_SIZE, isTeacher);

  if (!isTeacher) {
    return (
      <StatusPanel
        icon={<StopOutlined className="is-error" />}
        title="无法访问"
        description={toRole(role) === 'Student' ? MSG.studentCannotView : MSG.noPermission}
      />
    );
  }

  const openGenerator = () =>
    aiScene.openGenerator({
      routeNames: ROUTE_NAMES,
      variant: 'common',
      target: { kind: 'library' },
      onImported: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    });

  return (
    <section className="question-library" aria-labelledby="question-library-title">
      <header className="question-library__head">
        <h1 id="question-library-title">我的题库</h1>
        <Button
          type="primary"
          icon={<BulbOutlined />}
          onClick={openGenerator}
          data-testid="library-ai-generate"
        >
          AI出题
        </Button>
      </header>
      <Table<LibQuestionRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: '题库暂无题目，可使用AI出题导入' }}
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
        ]}
      />
      <AiPanels />
    </section>
  );
}
