import { DELIVERY_MSG, type InternProgramDetail, JOBS_MSG } from '@uplus/shared';
import { Button, Checkbox, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { StatusPanel } from '../../../components/status-panel';
import { useToast } from '../../../lib/toast';
import { useCancelDelivery, useInternProgram } from '../api';
import { useDeliveryFlow } from '../delivery/use-delivery-flow';
import { CompanyBlock } from '../job-detail/company-block';
import { InternOccupationDialog } from './intern-occupation-dialog';
import { periodText, programButtonsOf } from './program-state';
import '../jobs.css';

/** /internprogram/details?id= (实习项目详情): the programme, its positions, apply and 取消申请. */
export function InternProgramDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const program = useInternProgram(id);
  return (
    <div className="job-page">
      {!id ? (
        <StatusPanel title={JOBS_MSG.programNotFound} />
      ) : program.isPending ? (
        <div className="job-detail__loading" role="status">
          正在加载实习项目…
        </div>
      ) : program.isError ? (
        <StatusPanel
          title="实习项目加载失败"
          description={program.error.message}
          actions={<Button onClick={() => void program.refetch()}>重试</Button>}
        />
      ) : (
        <ProgramView program={program.data} />
      )}
    </div>
  );
}

function ProgramView({ program }: { program: InternProgramDetail }) {
  const toast = useToast();
  const confirm = useConfirm();
  const cancel = useCancelDelivery();
  const [picked, setPicked] = useState<string[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const buttons = programButtonsOf(program);
  const flow = useDeliveryFlow({
    mode: 'InternProgram',
    internProgramId: program.id,
    internOccupationIds: picked,
  });
  const apply = () => {
    if (!picked.length) return void toast.error(DELIVERY_MSG.internOccupationsRequired);
    flow.start();
  };
  const onCancel = () => {
    const recordId = program.record?.id;
    if (!recordId) return;
    confirm.ask({
      title: '取消申请',
      content: JOBS_MSG.cancelApplicationConfirm,
      okText: '确定',
      danger: true,
      onConfirm: async () => {
        await cancel.mutateAsync({ id: recordId, mode: 'InternProgram' });
        toast.success(JOBS_MSG.applicationCanceled);
      },
    });
  };
  return (
    <article data-testid="program-detail" aria-labelledby="program-name">
      <header className="job-detail__head">
        <div className="job-detail__title-row">
          <h1 id="program-name" className="job-detail__name">
            {program.name}
          </h1>
          {buttons.offline && <Tag data-testid="program-offline">已下线</Tag>}
          {buttons.finished && <Tag data-testid="program-finished">已结束</Tag>}
        </div>
        <ul className="job-detail__facts">
          <li>实习时间 {periodText(program.internshipStartTimestamp, program.internshipEndTimestamp)}</li>
          <li>{program.occupations.length} 个实习岗位</li>
        </ul>
        <div className="job-detail__actions">
          {buttons.apply && (
            <Button type="primary" loading={flow.checking} onClick={apply} data-testid="program-apply">
              申请（已选 {picked.length} 个岗位）
            </Button>
          )}
          {buttons.cancelApplication && (
            <Button onClick={onCancel} data-testid="program-cancel">
              取消申请
            </Button>
          )}
          {program.record && program.feedBack === 'Yes' && (
            <span className="job-detail__status">已申请，企业已反馈</span>
          )}
        </div>
      </header>
      <div className="job-detail__body">
        <div className="job-detail__main">
          {program.description && (
            <section className="job-detail__section" aria-labelledby="program-about">
              <h2 id="program-about">项目介绍</h2>
              <div className="job-detail__description">{program.description}</div>
            </section>
          )}
          <section className="job-detail__section" aria-labelledby="program-positions">
            <h2 id="program-positions">实习岗位</h2>
            {program.occupations.length === 0 ? (
              <p className="job-detail__status">暂无实习岗位</p>
            ) : (
              <Checkbox.Group
                value={picked}
                onChange={(v) => setPicked(v as string[])}
                disabled={!buttons.apply}
                style={{ display: 'block' }}
              >
                <ul className="program-detail__positions">
                  {program.occupations.map((o) => (
                    <li key={o.id} className="program-detail__position" data-testid="program-position">
                      <Checkbox value={o.id} aria-label={`选择岗位 ${o.name}`}>
                        <strong>{o.name}</strong>
                        <span className="job-detail__status">
                          {' '}
                          {[o.cityName, o.degreeTitle].filter(Boolean).join(' · ')}
                        </span>
                      </Checkbox>
                      <button
                        type="button"
                        className="job-link-button"
                        onClick={() => setViewing(o.id)}
                        data-testid="program-position-details"
                      >
                        详情
                      </button>
                    </li>
                  ))}
                </ul>
              </Checkbox.Group>
            )}
          </section>
        </div>
        <aside className="job-detail__side">
          <CompanyBlock company={program.company} />
        </aside>
      </div>
      <InternOccupationDialog id={viewing} onClose={() => setViewing(null)} />
      {flow.dialogs}
      {confirm.dialog}
    </article>
  );
}
