import {
  APPLICATIONS_MSG,
  type CampusRecruitMode,
  DELIVERY_STATUS_FILTERS,
  type DeliveryStatusFilter,
  toRole,
} from '@uplus/shared';
import { Alert, Button, Empty, Pagination, Select, Spin, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/http';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useStored } from '../../../lib/storage';
import { useDeliveries, useFilterTargets } from './api';
import './applications.css';

/** The detail drawer (resume, feedbacks, invitation dialogs) loads when a delivery is first opened. */
const DeliveryDrawer = lazyPart(async () => (await import('./delivery-drawer')).DeliveryDrawer, {
  dialog: true,
});

const PAGE_SIZE = 10;
const time = (ms: number | null) => (ms ? new Date(ms).toLocaleString('zh-CN', { hour12: false }) : '—');

/** 投递管理 (/u/enterprise/applications): a business user's inbox; query occupationId / internProgramId preselects. */
export function ApplicationsPage() {
  const role = toRole(useStored('role'));
  if (role !== 'Business')
    return (
      <section className="applications-page" aria-labelledby="applications-title">
        <h1 id="applications-title">投递管理</h1>
        <div className="applications-state" data-testid="applications-not-business">
          {APPLICATIONS_MSG.noPermission}
        </div>
      </section>
    );
  return <Inbox />;
}

function Inbox() {
  const [params, setParams] = useSearchParams();
  const occupationId = params.get('occupationId') ?? undefined;
  const internProgramId = params.get('internProgramId') ?? undefined;
  const [mode, setMode] = useState<CampusRecruitMode>(internProgramId ? 'InternProgram' : 'Recruitment');
  const [status, setStatus] = useState<DeliveryStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const targets = useFilterTargets();
  const list = useDeliveries({
    campusRecruitMode: mode,
    occupationId: mode === 'Recruitment' ? occupationId : undefined,
    internProgramId: mode === 'InternProgram' ? internProgramId : undefined,
    status,
    pageNumber: page,
    pageSize: PAGE_SIZE,
  });
  const pick = (key: 'occupationId' | 'internProgramId', value: string | undefined) => {
    const next = new URLSearchParams();
    if (value) next.set(key, value);
    setParams(next, { replace: true });
    setPage(1);
  };
  const options = (mode === 'Recruitment' ? targets.data?.occupations : targets.data?.programs) ?? [];
  return (
    <section className="applications-page" aria-labelledby="applications-title">
      <h1 id="applications-title">投递管理</h1>
      <div className="applications-filters">
        <Tabs
          activeKey={mode}
          onChange={(k) => {
            setMode(k as CampusRecruitMode);
            setParams(new URLSearchParams(), { replace: true });
            setPage(1);
          }}
          items={[
            { key: 'Recruitment', label: '职位' },
            { key: 'InternProgram', label: '实习项目' },
          ]}
        />
        <Select
          allowClear
          aria-label={mode === 'Recruitment' ? '选择职位' : '选择实习项目'}
          placeholder={mode === 'Recruitment' ? '全部职位' : '全部实习项目'}
          className="applications-target"
          loading={targets.isPending}
          value={mode === 'Recruitment' ? occupationId : internProgramId}
          options={options.map((o) => ({ value: o.id, label: o.name }))}
          onChange={(v: string | undefined) =>
            pick(mode === 'Recruitment' ? 'occupationId' : 'internProgramId', v)
          }
        />
        <Tabs
          activeKey={status}
          onChange={(k) => {
            setStatus(k as DeliveryStatusFilter);
            setPage(1);
          }}
          items={DELIVERY_STATUS_FILTERS.map((s) => ({ key: s.value, label: s.label }))}
        />
      </div>
      {list.isPending ? (
        <Spin />
      ) : list.isError ? (
        <Alert
          type="error"
          title={errorMessage(list.error)}
          action={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : list.data.rows.length === 0 ? (
        <Empty description={APPLICATIONS_MSG.empty} />
      ) : (
        <>
          <Table
            rowKey="id"
            pagination={false}
            dataSource={list.data.rows}
            data-testid="applications-table"
            columns={[
              { title: '姓名', render: (_, r) => r.applicant.name || '—' },
              {
                title: '学校 / 专业 / 学历',
                render: (_, r) =>
                  [r.applicant.schoolName, r.applicant.majorName, r.applicant.degreeTitle]
                    .filter(Boolean)
                    .join(' / ') || '—',
              },
              {
                title: mode === 'Recruitment' ? '职位' : '实习项目',
                render: (_, r) =>
                  `${r.occupation?.name ?? r.internProgram?.name ?? ''}${r.internOccupations.length ? `（${r.internOccupations.map((o) => o.name).join('、')}）` : ''}`,
              },
              { title: '简历', dataIndex: 'resumeTypeTitle' },
              { title: '投递时间', render: (_, r) => time(r.deliveredAt) },
              {
                title: '状态',
                render: (_, r) => (
                  <Tag color={r.canceled ? 'default' : r.viewedAt ? 'blue' : 'orange'}>{r.stateTitle}</Tag>
                ),
              },
              {
                title: '操作',
                render: (_, r) => (
                  <Button type="link" onClick={() => setOpen(r.id)} {...preloadOn(DeliveryDrawer)}>
                    查看详情
                  </Button>
                ),
              },
            ]}
          />
          {list.data.total > PAGE_SIZE ? (
            <Pagination
              current={page}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          ) : null}
        </>
      )}
      {open ? <DeliveryDrawer id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
