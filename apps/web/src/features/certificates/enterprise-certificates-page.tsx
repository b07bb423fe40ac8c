import { PlusOutlined } from '@ant-design/icons';
import {
  CERTIFICATE_TYPE_TITLES,
  CERTIFICATES_MSG,
  certificateDate,
  certificateVerifyPath,
  type IssuedCertificate,
} from '@uplus/shared';
import { Button, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../api/http';
import { useToast } from '../../lib/toast';
import { ListState, Pager, useConfirm } from '../courses/course-parts';
import { useManagedGroups } from '../internships/api';
import { ISSUED_PAGE_SIZE, useIssuedCertificates, useRevokeCertificate } from './api';
import { IssueCertificateDialog } from './issue-certificate-dialog';
import '../courses/courses.css';
import './certificates.css';

/*
 * 证书管理 (/u/enterprise/certificates; issue 12): the certificates the company issued (filter by group), each
 * with its verification address and 撤销 (asked first), and 颁发证书. Only a business user acting for a company
 * gets here; anyone else is told so with the way to 企业入口.
 */
export function EnterpriseCertificatesPage() {
  const [groupId, setGroupId] = useState('');
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const list = useIssuedCertificates(groupId, page);
  const groups = useManagedGroups(1);
  const revoke = useRevokeCertificate();
  const toast = useToast();
  const confirm = useConfirm();
  const refused = list.error instanceof HttpError && list.error.status === 403;

  const askRevoke = (c: IssuedCertificate) =>
    confirm.ask({
      title: `撤销${c.memberName}的${CERTIFICATE_TYPE_TITLES[c.type]}`,
      content: CERTIFICATES_MSG.revokeConfirm,
      okText: '撤销',
      danger: true,
      onConfirm: async () => {
        await revoke.mutateAsync(c.id);
        toast.success(CERTIFICATES_MSG.revokedDone);
      },
    });

  return (
    <section className="courses-page cert-manage" aria-labelledby="cert-manage-title">
      <header className="courses-page__head">
        <h1 id="cert-manage-title">{CERTIFICATES_MSG.manageTitle}</h1>
      </header>
      {refused ? (
        <div className="courses-state is-error" role="alert" data-testid="cert-manage-refused">
          <span>{list.error?.message}</span>
          <Link to="/workbench/index/company">前往企业入口</Link>
        </div>
      ) : (
        <>
          <div className="courses-toolbar">
            <Select
              aria-label="按实习计划筛选"
              className="cert-manage__filter"
              value={groupId}
              onChange={(value) => {
                setGroupId(value);
                setPage(1);
              }}
              options={[
                { value: '', label: '全部实习计划' },
                ...(groups.data?.rows ?? []).map((g) => ({ value: g.id, label: g.name })),
              ]}
              data-testid="cert-manage-filter"
            />
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setIssuing(true)}
              data-testid="cert-issue-open"
            >
              {CERTIFICATES_MSG.issue}
            </Button>
          </div>
          <ListState
            query={list}
            loadingText="正在加载证书…"
            isEmpty={(data) => data.rows.length === 0}
            empty={CERTIFICATES_MSG.noIssued}
          >
            {(data) => (
              <>
                <Table<IssuedCertificate>
                  rowKey="id"
                  dataSource={data.rows}
                  pagination={false}
                  scroll={{ x: 960 }}
                  data-testid="cert-manage-table"
                  columns={[
                    { title: '持证人', dataIndex: 'memberName' },
                    { title: '学校', dataIndex: 'schoolName', render: (name: string) => name || '—' },
                    {
                      title: '类型',
                      dataIndex: 'type',
                      render: (t: IssuedCertificate['type']) => CERTIFICATE_TYPE_TITLES[t],
                    },
                    { title: '证书内容', dataIndex: 'subject' },
                    { title: '实习计划', dataIndex: 'internshipGroupName' },
                    { title: '颁发人', dataIndex: 'issuerName' },
                    { title: '颁发日期', dataIndex: 'createAt', render: (ms: number) => certificateDate(ms) },
                    {
                      title: '状态',
                      key: 'state',
                      render: (_, c) =>
                        c.revokedAt ? <Tag color="red">已撤销</Tag> : <Tag color="green">有效</Tag>,
                    },
                    {
                      title: '操作',
                      key: 'actions',
                      render: (_, c) => (
                        <span className="cert-manage__actions">
                          <Link to={certificateVerifyPath(c.verifyCode)} target="_blank">
                            验证地址
                          </Link>
                          {c.revokedAt ? null : (
                            <Button
                              size="small"
                              danger
                              onClick={() => askRevoke(c)}
                              data-testid="cert-revoke"
                            >
                              {CERTIFICATES_MSG.revoke}
                            </Button>
                          )}
                        </span>
                      ),
                    },
                  ]}
                />
                <Pager
                  page={page}
                  pageSize={ISSUED_PAGE_SIZE}
                  total={data.total}
                  onChange={setPage}
                  label="已颁发证书分页"
                />
              </>
            )}
          </ListState>
        </>
      )}
      <IssueCertificateDialog open={issuing} onClose={() => setIssuing(false)} />
      {confirm.dialog}
    </section>
  );
}
