import {
  EMPLOYER_MSG,
  type ManagedInternOccupation,
  type OccupationBodyInput,
  salaryText,
} from '@uplus/shared';
import { Button, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useToast } from '../../../lib/toast';
import { useGroupRecruitment, useProgramActions } from '../../employer/api';
import { OccupationDialog } from '../../employer/occupation-dialog';
import { QueryState } from '../parts';

const STATE_TITLES = { Draft: '未发布', Online: '招聘中', Offline: '已下线' } as const;

/**
 * 招聘 (issue 14): publish the group as an internship programme students apply to (发布为实习项目) or take it
 * down (下线), with confirmation; and its positions (实习岗位) editor.
 */
export function ProgramSection({ groupId, finished }: { groupId: string; finished: boolean }) {
  const recruitment = useGroupRecruitment(groupId);
  const actions = useProgramActions(groupId);
  const toast = useToast();
  const [editing, setEditing] = useState<ManagedInternOccupation | 'new' | null>(null);

  const toggle = (online: boolean) =>
    Modal.confirm({
      title: online ? '发布为实习项目' : '下线',
      content: online ? EMPLOYER_MSG.programOnlineConfirm : EMPLOYER_MSG.programOfflineConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await actions.setState.mutateAsync({ recruitState: online ? 'Online' : 'Offline' });
        toast.success(online ? EMPLOYER_MSG.programOnline : EMPLOYER_MSG.programOffline);
      },
    });
  const onSave = async (body: OccupationBodyInput) => {
    try {
      await actions.save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : null, body });
      toast.success(EMPLOYER_MSG.saved);
      setEditing(null);
    } catch {
      // toasted by the client
    }
  };

  return (
    <section className="enterprise-section" aria-labelledby="program-title" data-testid="program-section">
      <h2 id="program-title">招聘</h2>
      <QueryState query={recruitment} loadingText="正在加载招聘信息…">
        {(r) => (
          <>
            <p>
              状态：<Tag>{STATE_TITLES[r.recruitState]}</Tag>{' '}
              {r.recruitState === 'Online' ? (
                <Button onClick={() => toggle(false)} data-testid="program-offline">
                  下线
                </Button>
              ) : (
                <Button
                  type="primary"
                  disabled={finished}
                  onClick={() => toggle(true)}
                  data-testid="program-online"
                >
                  发布为实习项目
                </Button>
              )}
            </p>
            <h3>实习岗位</h3>
            {r.rows.length === 0 && <p>{EMPLOYER_MSG.noInternOccupations}</p>}
            <ul>
              {r.rows.map((o) => (
                <li key={o.id} data-testid="intern-occupation-row">
                  <strong>{o.name}</strong> {salaryText(o.minSalary, o.maxSalary)} · {o.cityName} ·{' '}
                  {o.degreeTitle}{' '}
                  <Button size="small" onClick={() => setEditing(o)}>
                    编辑
                  </Button>{' '}
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      Modal.confirm({
                        title: '删除实习岗位',
                        content: EMPLOYER_MSG.deleteConfirm,
                        okText: '确定',
                        cancelText: '取消',
                        onOk: async () => {
                          await actions.remove.mutateAsync(o.id);
                          toast.success(EMPLOYER_MSG.deleted);
                        },
                      })
                    }
                  >
                    删除
                  </Button>
                </li>
              ))}
            </ul>
            <Button onClick={() => setEditing('new')} data-testid="intern-occupation-add">
              添加实习岗位
            </Button>
          </>
        )}
      </QueryState>
      <OccupationDialog
        open={editing !== null}
        title={editing === 'new' ? '添加实习岗位' : '编辑实习岗位'}
        initial={editing === 'new' ? { jobNature: 'Internship' } : editing}
        saving={actions.save.isPending}
        onCancel={() => setEditing(null)}
        onSave={onSave}
      />
    </section>
  );
}
