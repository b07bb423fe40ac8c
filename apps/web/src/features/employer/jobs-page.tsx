import { EMPLOYER_MSG, type MyOccupation, type OccupationBodyInput, salaryText } from '@uplus/shared';
import { Button, Modal, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState, SimplePager } from '../../components/query-state';
import { useToast } from '../../lib/toast';
import '../internships/internships.css';
import './employer.css';
import { OCCUPATIONS_PAGE_SIZE, useMyOccupations, useSaveOccupation, useSetOnline } from './api';
import { OccupationDialog } from './occupation-dialog';

/** 职位管理 (/u/enterprise/jobs): the company's positions, create / edit, online / offline. */
export function EnterpriseJobsPage() {
  const [page, setPage] = useState(1);
  const list = useMyOccupations(page);
  const save = useSaveOccupation();
  const online = useSetOnline();
  const toast = useToast();
  const [editing, setEditing] = useState<MyOccupation | 'new' | null>(null);

  const onSave = async (body: OccupationBodyInput) => {
    try {
      await save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : null, body });
      toast.success(EMPLOYER_MSG.saved);
      setEditing(null);
    } catch {
      // toasted by the client
    }
  };
  const toggle = (o: MyOccupation) => {
    const goOnline = o.onlined === 'No';
    Modal.confirm({
      title: goOnline ? '上线职位' : '下线职位',
      content: goOnline ? EMPLOYER_MSG.onlineConfirm : EMPLOYER_MSG.offlineConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await online.mutateAsync({ id: o.id, online: goOnline });
        toast.success(goOnline ? EMPLOYER_MSG.onlined : EMPLOYER_MSG.offlined);
      },
    });
  };

  return (
    <section className="internships-page" aria-labelledby="jobs-title">
      <div className="internships-page__head">
        <h1 id="jobs-title">职位管理</h1>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="job-create">
          发布职位
        </Button>
      </div>
      <QueryState
        query={list}
        loadingText="正在加载职位…"
        isEmpty={(d) => d.total === 0}
        empty={EMPLOYER_MSG.noOccupations}
      >
        {(data) => (
          <>
            <ul className="enterprise-list" data-testid="job-list">
              {data.rows.map((o) => (
                <li key={o.id} className="enterprise-section" data-testid="job-row">
                  <h2>
                    {o.name}{' '}
                    <Tag color={o.onlined === 'Yes' ? 'green' : 'default'}>
                      {o.onlined === 'Yes' ? '已上线' : '未上线'}
                    </Tag>
                  </h2>
                  <p>
                    {o.jobNatureTitle} · {salaryText(o.minSalary, o.maxSalary)} · {o.cityName} ·{' '}
                    {o.degreeTitle}
                  </p>
                  {o.address && (
                    <p>
                      {o.address}
                      {o.location ? '' : '（未能定位到地图）'}
                    </p>
                  )}
                  <div className="internship-actions">
                    <Button onClick={() => setEditing(o)}>编辑</Button>
                    <Button onClick={() => toggle(o)} data-testid="job-toggle">
                      {o.onlined === 'Yes' ? '下线' : '上线'}
                    </Button>
                    <Link to={`/u/enterprise/applications?occupationId=${o.id}`}>投递管理</Link>
                    {o.onlined === 'Yes' && (
                      <a href={`/jobdetails?id=${o.id}`} target="_blank" rel="noreferrer">
                        查看职位
                      </a>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <SimplePager
              page={page}
              pageSize={OCCUPATIONS_PAGE_SIZE}
              total={data.total}
              label="职位分页"
              onChange={setPage}
            />
          </>
        )}
      </QueryState>
      <OccupationDialog
        open={editing !== null}
        title={editing === 'new' ? '发布职位' : '编辑职位'}
        initial={editing === 'new' ? null : editing}
        saving={save.isPending}
        onCancel={() => setEditing(null)}
        onSave={onSave}
      />
    </section>
  );
}
