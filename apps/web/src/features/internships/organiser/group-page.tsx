import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EXIT_REASONS,
  type GroupMember,
  INTERNSHIP_LIMITS,
  INTERNSHIP_STATUS_TITLES,
  INTERNSHIPS_MSG,
  type ManagedGroup,
  type ManagedStage,
  progressPercentText,
} from '@uplus/shared';
import { Button, Checkbox, Input, InputNumber, Modal, Tag } from 'antd';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useToast } from '../../../lib/toast';
import { courseDateRange } from '../../courses/course-model';
import { ListState, Pager, useConfirm } from '../../courses/course-parts';
import { MEMBER_PAGE_SIZE, useGroupActions, useGroupMembers, useManagedGroup } from '../api';
import { ENTERPRISE_INTERNSHIPS_PATH } from '../internship-model';
import { GroupFormDialog } from './group-form-dialog';
import { StageFormDialog } from './stage-form-dialog';
import '../internships.css';
import '../../courses/courses.css';
import { ProgramSection } from './program-section';

type Actions = ReturnType<typeof useGroupActions>;
type Confirm = ReturnType<typeof useConfirm>;

/**
 * An internship group of the company (/u/enterprise/internships/:groupId): edit, stages and tasks, invite
 * codes (copy, disable), members (eliminate and undo, grant stages) and 结束实习 (asked first). A finished
 * group is read-only.
 */
export function EnterpriseGroupPage() {
  const { groupId = '' } = useParams();
  const group = useManagedGroup(groupId);
  const actions = useGroupActions(groupId);
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState(false);

  return (
    <main className="enterprise-page" aria-labelledby="group-title">
      <Link to={ENTERPRISE_INTERNSHIPS_PATH}>返回实习管理</Link>
      <ListState
        query={group}
        loadingText="正在加载实习计划…"
        isEmpty={() => false}
        empty={null}
        notFound={<Link to={ENTERPRISE_INTERNSHIPS_PATH}>返回实习管理</Link>}
      >
        {(g) => {
          const finished = g.status === 'Finished';
          return (
            <>
              <header className="internships-page__head">
                <div>
                  <h1 id="group-title">{g.name}</h1>
                  <p className="internship-field__hint">
                    {courseDateRange(g.startTimestamp, g.endTimestamp)} ·{' '}
                    <span data-testid="group-status">{INTERNSHIP_STATUS_TITLES[g.status]}</span> · 成员{' '}
                    {g.memberCount} 人
                  </p>
                  {g.description && <p style={{ whiteSpace: 'pre-wrap' }}>{g.description}</p>}
                </div>
                {!finished && (
                  <div className="internship-card__actions">
                    <Button onClick={() => setEditing(true)} data-testid="group-edit">
                      编辑
                    </Button>
                    <Button
                      danger
                      onClick={() =>
                        confirm.ask({
                          title: '结束实习',
                          content: INTERNSHIPS_MSG.finishConfirm,
                          okText: '结束实习',
                          danger: true,
                          onConfirm: async () => {
                            await actions.finish.mutateAsync();
                            toast.success(INTERNSHIPS_MSG.finishedOk);
                          },
                        })
                      }
                      data-testid="group-finish"
                    >
                      结束实习
                    </Button>
                  </div>
                )}
              </header>
              {finished && (
                <p role="note" data-testid="group-finished-note">
                  该实习计划已结束，可在 <Link to="/u/enterprise/certificates">证书管理</Link>{' '}
                  中为成员颁发证书。
                </p>
              )}
              <StagesSection group={g} actions={actions} confirm={confirm} finished={finished} />
              <CodesSection group={g} actions={actions} confirm={confirm} finished={finished} />
              <MembersSection group={g} actions={actions} finished={finished} />
              <ProgramSection groupId={g.id} finished={finished} />
              <GroupFormDialog
                open={editing}
                title="编辑实习计划"
                initial={g}
                busy={actions.update.isPending}
                onClose={() => setEditing(false)}
                onSubmit={async (body) => {
                  await actions.update.mutateAsync(body);
                  toast.success(INTERNSHIPS_MSG.saved);
                }}
              />
            </>
          );
        }}
      </ListState>
      {confirm.dialog}
    </main>
  );
}

function StagesSection({
  group,
  actions,
  confirm,
  finished,
}: {
  group: ManagedGroup;
  actions: Actions;
  confirm: Confirm;
  finished: boolean;
}) {
  const [editing, setEditing] = useState<ManagedStage | 'new' | null>(null);
  const toast = useToast();
  return (
    <section className="enterprise-section" aria-labelledby="stages-title">
      <div className="enterprise-section__head">
        <h2 id="stages-title">阶段与任务</h2>
        {!finished && group.stages.length < INTERNSHIP_LIMITS.stagesPerGroup && (
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setEditing('new')}
            data-testid="stage-add"
          >
            添加阶段
          </Button>
        )}
      </div>
      {group.stages.length === 0 ? (
        <p className="internship-field__hint">{INTERNSHIPS_MSG.noStages}</p>
      ) : (
        group.stages.map((stage, i) => (
          <div key={stage.id} className="enterprise-stage" data-testid="managed-stage">
            <h3>
              {i + 1}. {stage.name}
              <Tag color={stage.openToAll ? 'green' : 'orange'}>
                {stage.openToAll ? '全员开放' : '需授权'}
              </Tag>
            </h3>
            {stage.description && <p>{stage.description}</p>}
            {stage.tasks.length > 0 ? (
              <ol>
                {stage.tasks.map((t) => (
                  <li key={t.id}>{t.title}</li>
                ))}
              </ol>
            ) : (
              <p className="internship-field__hint">{INTERNSHIPS_MSG.noTasks}</p>
            )}
            {!finished && (
              <div className="internship-card__actions">
                <Button size="small" onClick={() => setEditing(stage)}>
                  编辑阶段
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    confirm.ask({
                      title: '删除阶段',
                      content: `删除“${stage.name}”后，其任务、授权与成员的完成记录将一并删除。确定删除吗？`,
                      okText: '删除',
                      danger: true,
                      onConfirm: async () => {
                        await actions.removeStage.mutateAsync(stage.id);
                        toast.success('已删除');
                      },
                    })
                  }
                >
                  删除阶段
                </Button>
              </div>
            )}
          </div>
        ))
      )}
      <StageFormDialog
        open={editing !== null}
        stage={editing === 'new' ? null : editing}
        busy={actions.addStage.isPending || actions.updateStage.isPending}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          if (editing === 'new') await actions.addStage.mutateAsync(body);
          else if (editing) await actions.updateStage.mutateAsync({ stageId: editing.id, body });
          toast.success(INTERNSHIPS_MSG.saved);
        }}
      />
    </section>
  );
}

function CodesSection({
  group,
  actions,
  confirm,
  finished,
}: {
  group: ManagedGroup;
  actions: Actions;
  confirm: Confirm;
  finished: boolean;
}) {
  const toast = useToast();
  const [maxUses, setMaxUses] = useState<number | null>(null);
  const maxId = useId();
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(INTERNSHIPS_MSG.copied);
    } catch {
      toast.error('复制失败，请手动选择邀请码复制');
    }
  };
  return (
    <section className="enterprise-section" aria-labelledby="codes-title">
      <div className="enterprise-section__head">
        <h2 id="codes-title">邀请码</h2>
        {!finished && (
          <div className="internship-card__actions">
            <label htmlFor={maxId}>可用次数</label>
            <InputNumber
              id={maxId}
              min={1}
              max={INTERNSHIP_LIMITS.maxUsesMax}
              precision={0}
              value={maxUses}
              placeholder="不限"
              onChange={(v) => setMaxUses(typeof v === 'number' ? v : null)}
            />
            <Button
              icon={<PlusOutlined aria-hidden />}
              loading={actions.addCode.isPending}
              onClick={() =>
                void actions.addCode.mutateAsync(maxUses).then(
                  () => toast.success('邀请码已生成'),
                  () => {},
                )
              }
              data-testid="code-add"
            >
              生成邀请码
            </Button>
          </div>
        )}
      </div>
      {group.inviteCodes.length === 0 ? (
        <p className="internship-field__hint">暂无邀请码，生成后发给学生即可加入</p>
      ) : (
        <table className="enterprise-table">
          <caption className="sr-only">邀请码</caption>
          <thead>
            <tr>
              <th scope="col">邀请码</th>
              <th scope="col">已使用 / 可用次数</th>
              <th scope="col">状态</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {group.inviteCodes.map((c) => (
              <tr key={c.id} data-testid="code-row">
                <td>
                  <code data-testid="code-text">{c.code}</code>
                </td>
                <td>
                  {c.uses} / {c.maxUses ?? '不限'}
                </td>
                <td>{c.disabled ? '已停用' : finished ? '已结束' : '可用'}</td>
                <td className="internship-card__actions">
                  <Button
                    size="small"
                    icon={<CopyOutlined aria-hidden />}
                    onClick={() => void copy(c.code)}
                    aria-label={`复制邀请码 ${c.code}`}
                  >
                    复制
                  </Button>
                  {!c.disabled && !finished && (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        confirm.ask({
                          title: '停用邀请码',
                          content: `停用后无法再用 ${c.code} 加入，已加入的成员不受影响。确定停用吗？`,
                          okText: '停用',
                          danger: true,
                          onConfirm: () => actions.disableCode.mutateAsync(c.id),
                        })
                      }
                    >
                      停用
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const memberState = (m: GroupMember, finished: boolean) => {
  if (m.exited) {
    const reason = EXIT_REASONS.find((r) => r.code === m.exitReason)?.title ?? '';
    return `已退出（${m.exitReason === 'Other' ? m.exitDescription : reason}）`;
  }
  if (m.eliminated) return `已淘汰（${m.eliminatedDescription}）`;
  return finished ? '已结业' : '实习中';
};

function MembersSection({
  group,
  actions,
  finished,
}: {
  group: ManagedGroup;
  actions: Actions;
  finished: boolean;
}) {
  const [page, setPage] = useState(1);
  const members = useGroupMembers(group.id, page);
  const toast = useToast();
  const [eliminating, setEliminating] = useState<GroupMember | null>(null);
  const [restoring, setRestoring] = useState<GroupMember | null>(null);
  const locked = group.stages.filter((s) => !s.openToAll);

  return (
    <section className="enterprise-section" aria-labelledby="members-title">
      <h2 id="members-title">成员</h2>
      <ListState
        query={members}
        loadingText="正在加载成员…"
        isEmpty={(d) => d.rows.length === 0}
        empty={INTERNSHIPS_MSG.noMembers}
      >
        {(data) => (
          <>
            <table className="enterprise-table" aria-busy={members.isFetching} data-testid="members-table">
              <caption className="sr-only">成员</caption>
              <thead>
                <tr>
                  <th scope="col">姓名</th>
                  <th scope="col">岗位</th>
                  <th scope="col">加入时间</th>
                  <th scope="col">状态</th>
                  <th scope="col">进度</th>
                  {locked.length > 0 && <th scope="col">阶段授权</th>}
                  {!finished && <th scope="col">操作</th>}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((m) => {
                  const active = !m.exited && !finished;
                  return (
                    <tr key={m.id} data-testid="member-row">
                      <td>{m.userName}</td>
                      <td>{m.occupationName}</td>
                      <td>{new Date(m.joinedAt).toLocaleDateString('zh-CN')}</td>
                      <td data-testid="member-state">{memberState(m, finished)}</td>
                      <td>{progressPercentText(m.progressPercentage)}</td>
                      {locked.length > 0 && (
                        <td>
                          {locked.map((s) => (
                            <Checkbox
                              key={s.id}
                              checked={m.grantedStageIds.includes(s.id)}
                              disabled={!active || m.eliminated || actions.grant.isPending}
                              onChange={(e) =>
                                void actions.grant
                                  .mutateAsync({ memberId: m.id, stageId: s.id, granted: e.target.checked })
                                  .then(
                                    () => toast.success(e.target.checked ? '已授权' : '已取消授权'),
                                    () => {},
                                  )
                              }
                              data-testid="member-grant"
                            >
                              {s.name}
                            </Checkbox>
                          ))}
                        </td>
                      )}
                      {!finished && (
                        <td>
                          {!m.exited &&
                            (m.eliminated ? (
                              <Button
                                size="small"
                                onClick={() => setRestoring(m)}
                                data-testid="member-restore"
                              >
                                撤销淘汰
                              </Button>
                            ) : (
                              <Button
                                size="small"
                                danger
                                onClick={() => setEliminating(m)}
                                data-testid="member-eliminate"
                              >
                                淘汰
                              </Button>
                            ))}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pager
              page={page}
              pageSize={MEMBER_PAGE_SIZE}
              total={data.total}
              label="成员分页"
              onChange={setPage}
            />
          </>
        )}
      </ListState>
      <EliminateDialog member={eliminating} actions={actions} onClose={() => setEliminating(null)} />
      <Modal
        open={!!restoring}
        title="撤销淘汰"
        okText="撤销淘汰"
        cancelText="取消"
        confirmLoading={actions.restore.isPending}
        onOk={() =>
          restoring &&
          void actions.restore.mutateAsync(restoring.id).then(
            () => {
              toast.success('已撤销淘汰');
              setRestoring(null);
            },
            () => {},
          )
        }
        onCancel={() => setRestoring(null)}
        destroyOnHidden
      >
        确定撤销对 {restoring?.userName} 的淘汰吗？撤销后该成员可继续实习。
      </Modal>
    </section>
  );
}

/** 淘汰: asks for the description the member will read (required, at most 200). */
function EliminateDialog({
  member,
  actions,
  onClose,
}: {
  member: GroupMember | null;
  actions: Actions;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const id = useId();
  const close = () => {
    setText('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!member) return;
    const v = text.trim();
    const problem = !v
      ? INTERNSHIPS_MSG.eliminatedDescriptionRequired
      : [...v].length > INTERNSHIP_LIMITS.eliminatedDescriptionMax
        ? INTERNSHIPS_MSG.eliminatedDescriptionTooLong
        : null;
    setError(problem);
    if (problem) return;
    try {
      await actions.eliminate.mutateAsync({ memberId: member.id, eliminatedDescription: v });
      toast.success('已淘汰');
      close();
    } catch {
      // toasted by the client
    }
  };
  return (
    <Modal
      open={!!member}
      title={`淘汰成员：${member?.userName ?? ''}`}
      okText="淘汰"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={actions.eliminate.isPending}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <p>{INTERNSHIPS_MSG.eliminateConfirm}</p>
      <div className="internship-field">
        <label htmlFor={id}>淘汰说明（成员可见）</label>
        <Input.TextArea
          id={id}
          rows={3}
          value={text}
          showCount={{ formatter: ({ count }) => `${count}/${INTERNSHIP_LIMITS.eliminatedDescriptionMax}` }}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          data-testid="eliminate-text"
        />
        {error && (
          <div id={`${id}-error`} className="internship-field__error" role="alert">
            {error}
          </div>
        )}
      </div>
    </Modal>
  );
}
