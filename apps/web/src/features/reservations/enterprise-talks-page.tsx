import {
  type CareerTalkBody,
  type ManagedTalk,
  RESERVATIONS_MSG,
  TALK_MODE_TITLES,
  toRole,
  type UploadedFile,
} from '@uplus/shared';
import { Button, Modal, Pagination, Popconfirm, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import {
  MANAGE_PAGE_SIZE,
  useCancelTalk,
  useCompanyTalks,
  useSavePlayback,
  useSaveTalk,
  useTalkLiveSwitch,
} from './api';
import { TalkStatusLine, talkTimeText } from './cards';
import './reservations.css';

const EventFormDialog = lazy(async () => ({ default: (await import('./event-form')).EventFormDialog }));
const FileUpload = lazy(async () => ({ default: (await import('../files/file-upload')).FileUpload }));

/** Business users only; others are told where they are. */
export function BusinessOnly({ title, children }: { title: string; children: React.ReactNode }) {
  const role = toRole(useStored('role'));
  if (role !== 'Business')
    return (
      <section className="talks-page">
        <h1>{title}</h1>
        <div className="state-note" data-testid="business-only">
          {RESERVATIONS_MSG.businessOnly}
        </div>
      </section>
    );
  return <>{children}</>;
}

/**
 * 宣讲会管理 (/u/enterprise/talks): the company's talks; publish, edit, cancel (confirmed), start and stop
 * an online talk's live, upload its playback.
 */
export function EnterpriseTalksPage() {
  return (
    <BusinessOnly title="宣讲会管理">
      <TalksManager />
    </BusinessOnly>
  );
}

function TalksManager() {
  const [page, setPage] = useState(1);
  const list = useCompanyTalks(page);
  const save = useSaveTalk();
  const cancel = useCancelTalk();
  const liveSwitch = useTalkLiveSwitch();
  const toast = useToast();
  const [editing, setEditing] = useState<ManagedTalk | 'new' | null>(null);
  const [playbackOf, setPlaybackOf] = useState<ManagedTalk | null>(null);

  const submit = async (body: CareerTalkBody) => {
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
    <section className="talks-page" aria-labelledby="talks-manage-title">
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h1 id="talks-manage-title">宣讲会管理</h1>
        <span>
          <Link to="/workbench/index/company">返回企业入口</Link>{' '}
          <Button type="primary" onClick={() => setEditing('new')} data-testid="talk-create">
            发布宣讲会
          </Button>
        </span>
      </header>
      <QueryState
        query={list}
        loadingText="正在加载宣讲会…"
        isEmpty={(d) => d.total === 0}
        empty={<span>暂无宣讲会，点击「发布宣讲会」创建</span>}
      >
        {(d) => (
          <>
            <Table<ManagedTalk>
              rowKey="id"
              dataSource={d.rows}
              pagination={false}
              columns={[
                { title: '主题', dataIndex: 'subject' },
                { title: '形式', render: (_, t) => TALK_MODE_TITLES[t.mode] },
                { title: '时间', render: (_, t) => talkTimeText(t) },
                {
                  title: '状态',
                  render: (_, t) => (t.status === 'Canceled' ? '已取消' : <TalkStatusLine talk={t} />),
                },
                { title: '预约', dataIndex: 'participantCount' },
                {
                  title: '操作',
                  render: (_, t) => {
                    if (t.status === 'Canceled') return null;
                    const ended = t.talkStatus !== 'NotStarted' && t.talkStatus !== 'Underway';
                    const online = t.mode === 'Online';
                    return (
                      <span className="manage-table-actions">
                        {!ended && (
                          <Button size="small" onClick={() => setEditing(t)}>
                            编辑
                          </Button>
                        )}
                        {online && t.talkStatus === 'Underway' && (
                          <Button
                            size="small"
                            loading={liveSwitch.isPending}
                            data-testid="talk-live"
                            onClick={() =>
                              void run(
                                () => liveSwitch.mutateAsync({ id: t.id, on: !t.liveOn }),
                                t.liveOn ? RESERVATIONS_MSG.liveStopped : RESERVATIONS_MSG.liveStarted,
                              )
                            }
                          >
                            {t.liveOn ? '结束直播' : '开始直播'}
                          </Button>
                        )}
                        {online && (
                          <Button size="small" onClick={() => setPlaybackOf(t)} data-testid="talk-playback">
                            {t.hasPlayback ? '更换回放' : '上传回放'}
                          </Button>
                        )}
                        {!ended && (
                          <Popconfirm
                            title={RESERVATIONS_MSG.cancelTalkConfirm}
                            okText="确定"
                            cancelText="取消"
                            onConfirm={() =>
                              run(() => cancel.mutateAsync(t.id), RESERVATIONS_MSG.talkCanceledDone)
                            }
                          >
                            <Button size="small" danger data-testid="talk-cancel">
                              取消宣讲会
                            </Button>
                          </Popconfirm>
                        )}
                      </span>
                    );
                  },
                },
              ]}
            />
            {d.rows.some((t) => t.pushUrl) && (
              <p className="talk-line">
                推流地址（请在直播软件中使用）：{d.rows.find((t) => t.pushUrl)?.pushUrl}
              </p>
            )}
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
            kind="talk"
            initial={editing === 'new' ? null : editing}
            saving={save.isPending}
            onSubmit={submit}
            onClose={() => setEditing(null)}
          />
        )}
        {playbackOf && <PlaybackDialog talk={playbackOf} onClose={() => setPlaybackOf(null)} />}
      </Suspense>
    </section>
  );
}

function PlaybackDialog({ talk, onClose }: { talk: ManagedTalk; onClose: () => void }) {
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(false);
  const save = useSavePlayback();
  const toast = useToast();
  return (
    <Modal
      open
      title={`上传回放：${talk.subject}`}
      okText="保存"
      cancelText="取消"
      onCancel={onClose}
      okButtonProps={{ disabled: !file || busy, loading: save.isPending }}
      onOk={async () => {
        if (!file) return;
        try {
          await save.mutateAsync({ id: talk.id, fileId: file.id });
          toast.success(RESERVATIONS_MSG.playbackSaved);
          onClose();
        } catch {
          // the client has toasted the server's message
        }
      }}
    >
      <Suspense fallback={<div role="status">正在加载…</div>}>
        <FileUpload purpose="video" value={file} onChange={setFile} onBusyChange={setBusy} />
      </Suspense>
      <p className="talk-line">宣讲会结束后，学生可在详情页观看回放。</p>
    </Modal>
  );
}
