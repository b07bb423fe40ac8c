import { COURSE_LIMITS, COURSES_MSG, formatDate, type RosterRow } from '@uplus/shared';
import { Button, Select, Table } from 'antd';
import { useState } from 'react';
import { useToast } from '../../../lib/toast';
import { ROSTER_PAGE_SIZE, useRemoveStudent, useRoster, useTeachingClasses } from '../api';
import { ListState, Pager, SearchBox, useBackToLastPage, useConfirm } from '../course-parts';

/**
 * 学生: the course's roster, latest joined first, filtered by class and searched by name or username,
 * paged; 移除 takes a student out of the course after a confirmation (their submissions stay).
 */
export function RosterSection({ courseId }: { courseId: string }) {
  const [classId, setClassId] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const roster = useRoster(courseId, { classId, search, page });
  const classes = useTeachingClasses(courseId);
  const remove = useRemoveStudent(courseId);
  const toast = useToast();
  const confirm = useConfirm();
  useBackToLastPage(roster.data, page, ROSTER_PAGE_SIZE, setPage);

  const askRemove = (row: RosterRow) =>
    confirm.ask({
      title: '移除学生',
      content: `${row.name}（${row.username}）：${COURSES_MSG.removeStudentConfirm}`,
      okText: '移除',
      danger: true,
      onConfirm: async () => {
        await remove.mutateAsync(row.userId);
        toast.success(COURSES_MSG.studentRemoved);
      },
    });

  return (
    <section aria-labelledby="roster-title">
      <div className="course-section-head">
        <h2 id="roster-title">学生</h2>
      </div>
      <div className="roster-filters">
        <Select
          style={{ width: 220 }}
          value={classId}
          onChange={(value: string) => {
            setClassId(value);
            setPage(1);
          }}
          options={[
            { value: '', label: '全部教学班' },
            ...(classes.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
          aria-label="按教学班筛选"
          data-testid="roster-class"
        />
        <SearchBox
          value={search}
          placeholder="请输入学生姓名或账号"
          label="搜索学生"
          maxLength={COURSE_LIMITS.maxSearchLength}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
      </div>
      <ListState
        query={roster}
        loadingText="正在加载学生…"
        isEmpty={(data) => data.rows.length === 0}
        empty={
          search || classId ? '没有符合条件的学生' : '还没有学生加入。把教学班的班级码发给学生即可加入。'
        }
      >
        {(data) => (
          <>
            <Table<RosterRow>
              rowKey="userId"
              dataSource={data.rows}
              pagination={false}
              size="middle"
              data-testid="roster-table"
              columns={[
                { title: '姓名', dataIndex: 'name' },
                { title: '账号', dataIndex: 'username' },
                { title: '教学班', dataIndex: 'className', render: (v: string | null) => v ?? '—' },
                {
                  title: '加入时间',
                  dataIndex: 'joinedAt',
                  render: (v: number) => formatDate(v, '{y}-{m}-{d} {h}:{i}'),
                },
                {
                  title: '操作',
                  key: 'actions',
                  render: (_v, row) => (
                    <Button
                      type="link"
                      danger
                      size="small"
                      onClick={() => askRemove(row)}
                      aria-label={`移除 ${row.name}`}
                    >
                      移除
                    </Button>
                  ),
                },
              ]}
            />
            <Pager
              page={page}
              pageSize={ROSTER_PAGE_SIZE}
              total={data.total}
              label="学生分页"
              onChange={setPage}
            />
          </>
        )}
      </ListState>
      {confirm.dialog}
    </section>
  );
}
