import { PlusOutlined } from '@ant-design/icons';
import { INTERNSHIP_STATUS_TITLES, toRole } from '@uplus/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { courseDateRange } from '../../courses/course-model';
import { ListState, Pager } from '../../courses/course-parts';
import { MANAGED_PAGE_SIZE, useCreateGroup, useManagedGroups } from '../api';
import { enterpriseInternshipPath } from '../internship-model';
import { GroupFormDialog } from './group-form-dialog';
import '../internships.css';
import '../../courses/courses.css';

/** 实习管理 (/u/enterprise/internships): the company's internship groups and 创建实习计划. */
export function EnterpriseGroupsPage() {
  const role = toRole(useStored('role'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useManagedGroups(page);
  const create = useCreateGroup();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  return (
    <main className="enterprise-page" aria-labelledby="groups-title">
      <header className="internships-page__head">
        <h1 id="groups-title">实习管理</h1>
        {role === 'Business' && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="group-create"
          >
            创建实习计划
          </Button>
        )}
      </header>
      <Link to="/workbench/index/company">返回企业入口</Link>
      <ListState
        query={list}
        loadingText="正在加载实习计划…"
        isEmpty={(d) => d.rows.length === 0}
        empty="暂无实习计划，点击“创建实习计划”开始"
      >
        {(data) => (
          <>
            <table className="enterprise-table" data-testid="groups-table">
              <caption className="sr-only">实习计划</caption>
              <thead>
                <tr>
                  <th scope="col">名称</th>
                  <th scope="col">时间</th>
                  <th scope="col">状态</th>
                  <th scope="col">成员</th>
                  <th scope="col">阶段</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((g) => (
                  <tr key={g.id} data-testid="group-row">
                    <td>
                      <Link to={enterpriseInternshipPath(g.id)}>{g.name}</Link>
                    </td>
                    <td>{courseDateRange(g.startTimestamp, g.endTimestamp)}</td>
                    <td>{INTERNSHIP_STATUS_TITLES[g.status]}</td>
                    <td>{g.memberCount}</td>
                    <td>{g.stageCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={page}
              pageSize={MANAGED_PAGE_SIZE}
              total={data.total}
              label="实习计划分页"
              onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
            />
          </>
        )}
      </ListState>
      <GroupFormDialog
        open={creating}
        title="创建实习计划"
        busy={create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          const group = await create.mutateAsync(body);
          toast.success('实习计划已创建');
          navigate(enterpriseInternshipPath(group.id));
        }}
      />
    </main>
  );
}
