import { PlusOutlined } from '@ant-design/icons';
import { COMPETITIONS_MSG, type CompetitionInfo, toRole } from '@uplus/shared';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { MINE_PAGE_SIZE, useMyCompetitions, useSaveCompetition } from '../api';
import { Pager, pageFrom, periodText, QueryState } from '../parts';

// the form (upload, lists, radio) loads when first opened
const CompetitionFormDialog = lazy(async () => ({
  default: (await import('./competition-form-dialog')).CompetitionFormDialog,
}));

/** 竞赛管理 (/u/competitions/manage): a teacher's or business user's competitions, publish and edit. */
export function CompetitionsManagePage() {
  const role = toRole(useStored('role'));
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const list = useMyCompetitions(page);
  const save = useSaveCompetition();
  const toast = useToast();
  const [editing, setEditing] = useState<CompetitionInfo | 'new' | null>(null);
  const [opened, setOpened] = useState(false);

  if (role === 'Student')
    return (
      <main className="competitions-page">
        <div className="query-state" role="alert">
          {COMPETITIONS_MSG.organiserOnly}
        </div>
      </main>
    );

  const open = (target: CompetitionInfo | 'new') => {
    setOpened(true);
    setEditing(target);
  };
  return (
    <main className="competitions-page" aria-labelledby="manage-title">
      <header className="competitions-page__head">
        <h1 id="manage-title">竞赛管理</h1>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open('new')}>
          发布竞赛
        </Button>
      </header>
      <QueryState
        query={list}
        loadingText="正在加载竞赛…"
        isEmpty={(d) => d.rows.length === 0}
        empty={COMPETITIONS_MSG.empty}
      >
        {(d) => (
          <>
            <table className="competition-table">
              <thead>
                <tr>
                  <th scope="col">竞赛名称</th>
                  <th scope="col">参赛方式</th>
                  <th scope="col">报名时间</th>
                  <th scope="col">报名数</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {d.rows.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <Link to={`/competition/details?id=${encodeURIComponent(c.id)}`}>{c.name}</Link>
                    </td>
                    <td>
                      {c.modeTitle}
                      {c.mode === 'Group' && `（≤${c.maxTeamSize}人）`}
                    </td>
                    <td>
                      {periodText(c.applyStartAt, c.applyEndAt)}{' '}
                      <span className={`competition-badge${c.applyEnable ? '' : ' is-closed'}`}>
                        {c.applyEnable ? COMPETITIONS_MSG.applyOpen : COMPETITIONS_MSG.applyClosed}
                      </span>
                    </td>
                    <td>{c.applyCount}</td>
                    <td>
                      <Button type="link" onClick={() => open(c)}>
                        编辑
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={page}
              pageSize={MINE_PAGE_SIZE}
              total={d.total}
              label="竞赛分页"
              onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            />
          </>
        )}
      </QueryState>
      {opened && (
        <Suspense fallback={null}>
          <CompetitionFormDialog
            open={editing !== null}
            initial={editing === 'new' ? null : editing}
            busy={save.isPending}
            onClose={() => setEditing(null)}
            onSubmit={async (body) => {
              await save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : undefined, body });
              toast.success(COMPETITIONS_MSG.saved);
              setEditing(null);
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
