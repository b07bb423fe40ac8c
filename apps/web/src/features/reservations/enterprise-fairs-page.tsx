import {
  FAIR_MODE_TITLES,
  fairBadgeOf,
  formatDate,
  type JobFairBody,
  type ManagedFair,
  RESERVATIONS_MSG,
} from '@uplus/shared';
import { Button, type ButtonProps, Checkbox, Modal, Pagination, Popconfirm, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useToast } from '../../lib/toast';
import { useMyCompany } from '../internships/api';
import {
  MANAGE_PAGE_SIZE,
  useCancelFair,
  useCompanyFairs,
  useJoinFair,
  useLeaveFair,
  useMyOnlinePositions,
  useSaveFair,
} from './api';
import { BusinessOnly } from './enterprise-talks-page';
import './reservations.css';

const EventFormDialog = lazy(async () => ({ default: (await import('./event-form')).EventFormDialog }));

/**
 * 双选会管理 (/u/enterprise/fairs): publish a fair (the company organises it), edit or cancel its own
 * (confirmed), join any open fair with some of the company's online positions, or leave it.
 */
export function EnterpriseFairsPage() {
  return (
    <BusinessOnly title="双选会管理">
      <FairsManager />
    </BusinessOnly>
  );
}

function FairsManager() {
  const [page, setPage] = useState(1);
  const list = useCompanyFairs(page);
  const save = useSaveFair();
  const cancel = useCancelFair();
  const leave = useLeaveFair();
  const toast = useToast();
  const [editing, setEditing] = useState<ManagedFair | 'new' | null>(null);
  const [joining, setJoining] = useState<ManagedFair | null>(null);

  const submit = async (body: JobFairBody) => {
    try {
      await save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : undefined, body });
      toast.success(RESERVATIONS_MSG.saved);
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : '保存失败');
      return false;
    }
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch {
      // the client has toasted the server's message
    }
  };

  return (
    <section className="talks-page" aria-labelledby="fairs-manage-title">
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h1 id="fairs-manage-title">双选会管理</h1>
        <span>
          <Link to="/workbench/index/company">返回企业入口</Link>{' '}
          <Button type="primary" onClick={() => setEditing('new')} data-testid="fair-create">
            发布双选会
          </Button>
        </span>
      </header>
      <QueryState
        query={list}
        loadingText="正在加载双选会…"
        isEmpty={(d) => d.total === 0}
        empty={<span>暂无双选会，点击「发布双选会」创建</span>}
      >
        {(d) => (
          <>
            <Table<ManagedFair>
              rowKey="id"
              dataSource={d.rows}
              pagination={false}
              columns={[
                { title: '主题', dataIndex: 'subject' },
                { title: '主办', render: (_, f) => (f.isOrganiser ? '本企业' : f.organiser.nickName) },
                { title: '形式', render: (_, f) => FAIR_MODE_TITLES[f.mode] },
                {
                  title: '时间',
                  render: (_, f) =>
                    `${formatDate(f.startTimestamp, '{y}-{m}-{d} {h}:{i}')} 至 ${formatDate(f.endTimestamp, '{m}-{d} {h}:{i}')}`,
                },
                {
                  title: '状态',
                  render: (_, f) =>
                    f.canceled ? '已取消' : fairBadgeOf({ status: f.status, reservation: false }),
                },
                { title: '参会', render: (_, f) => `${f.companyCount}家企业 · ${f.occupationCount}个职位` },
                {
                  title: '操作',
                  render: (_, f) => {
                    if (f.canceled || f.status === 'Finished') return null;
                    return (
                      <span className="manage-table-actions">
                        <Button size="small" onClick={() => setJoining(f)} data-testid="fair-join">
                          {f.joined ? '修改参会职位' : '参加'}
                        </Button>
                        {f.joined && (
                          <Popconfirm
                            title="确定退出该双选会吗？"
                            okText="确定"
                            cancelText="取消"
                            onConfirm={() => run(() => leave.mutateAsync(f.id), RESERVATIONS_MSG.left)}
                          >
                            <Button size="small">退出</Button>
                          </Popconfirm>
                        )}
                        {f.isOrganiser && (
                          <>
                            <Button size="small" onClick={() => setEditing(f)}>
                              编辑
                            </Button>
                            <Popconfirm
                              title={RESERVATIONS_MSG.cancelFairConfirm}
                              okText="确定"
                              cancelText="取消"
                              onConfirm={() =>
                                run(() => cancel.mutateAsync(f.id), RESERVATIONS_MSG.fairCanceledDone)
                              }
                            >
                              <Button size="small" danger data-testid="fair-cancel">
                                取消双选会
                              </Button>
                            </Popconfirm>
                          </>
                        )}
                      </span>
                    );
                  },
                },
              ]}
            />
            <Pagination
              className="reservations-pager"
              current={page}
              pageSize={MANAGE_PAGE_SIZE}
              total={d.total}
              hideOnSinglePage
              showSizeChanger={false}
              onChange={setPage}
            />
          </>
        )}
      </QueryState>
      <Suspense fallback={null}>
        {editing && (
          <EventFormDialog
            kind="fair"
            initial={editing === 'new' ? null : editing}
            saving={save.isPending}
            onSubmit={submit}
            onClose={() => setEditing(null)}
          />
        )}
      </Suspense>
      {joining && <JoinDialog fair={joining} onClose={() => setJoining(null)} />}
    </section>
  );
}

/** Choose the company's online positions to bring to a fair. */
function JoinDialog({ fair, onClose }: { fair: ManagedFair; onClose: () => void }) {
  const company = useMyCompany();
  const positions = useMyOnlinePositions(company.data?.company?.id);
  const join = useJoinFair();
  const toast = useToast();
  const [chosen, setChosen] = useState<string[]>(fair.myOccupationIds);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={`参加双选会：${fair.subject}`}
      okText="确定"
      cancelText="取消"
      onCancel={onClose}
      okButtonProps={{ loading: join.isPending, 'data-testid': 'fair-join-save' } as ButtonProps}
      onOk={async () => {
        if (chosen.length === 0) {
          setError(RESERVATIONS_MSG.occupationsRequired);
          return;
        }
        try {
          await join.mutateAsync({ id: fair.id, occupationIds: chosen });
          toast.success(RESERVATIONS_MSG.joined);
          onClose();
        } catch {
          // the client has toasted the server's message
        }
      }}
    >
      {positions.isPending ? (
        <div role="status">正在加载职位…</div>
      ) : positions.isError ? (
        <div role="alert">职位加载失败</div>
      ) : (positions.data?.rows.length ?? 0) === 0 ? (
        <div className="state-note">
          暂无在线职位，请先在<Link to="/u/enterprise/jobs">职位管理</Link>发布并上线职位
        </div>
      ) : (
        <fieldset aria-describedby={error ? 'fair-join-error' : undefined} aria-invalid={!!error}>
          <legend>参会职位</legend>
          <Checkbox.Group
            value={chosen}
            onChange={(v) => {
              setChosen(v as string[]);
              setError(null);
            }}
            options={(positions.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </fieldset>
      )}
      {error && (
        <div id="fair-join-error" role="alert" style={{ color: '#ff4d4f' }}>
          {error}
        </div>
      )}
    </Modal>
  );
}
