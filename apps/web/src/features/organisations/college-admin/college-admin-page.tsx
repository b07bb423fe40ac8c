import { formatDate } from '@uplus/shared';
import { Alert, Button, Descriptions, Result, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useAdminCertificateClaims } from './api';
import './college-admin-page.css';

const home = (
  <Link to="/home/index">
    <Button type="primary">返回首页</Button>
  </Link>
);

/**
 * `/college-admin`, where 学院管理 leads when no college admin site is configured (COLLEGE_ADMIN_URL): it
 * checks the certificate the entry brought, as the admin site would, and says honestly that the admin site
 * is not part of this platform and how an operator connects one.
 */
export function CollegeAdminPage() {
  const [params] = useSearchParams();
  const certificate = params.get('certificate') ?? '';
  const claims = useAdminCertificateClaims(certificate);

  if (!certificate) {
    return (
      <Result
        status="warning"
        title="缺少学院管理证书"
        subTitle="请从用户菜单的「学院管理」进入。"
        extra={home}
      />
    );
  }
  if (claims.isPending) {
    return (
      <div className="page-status" role="status">
        <Spin /> 正在核验学院管理证书…
      </div>
    );
  }
  if (claims.isError) {
    return (
      <Result
        status="error"
        title="学院管理证书无效"
        subTitle={`${claims.error.message}。请从用户菜单的「学院管理」重新进入。`}
        extra={home}
      />
    );
  }
  const c = claims.data;
  return (
    <section className="college-admin" aria-labelledby="college-admin-title">
      <h1 id="college-admin-title">学院管理</h1>
      <Descriptions column={1} bordered size="middle" title="证书已核验">
        <Descriptions.Item label="管理员">
          {c.name}（{c.username}）
        </Descriptions.Item>
        <Descriptions.Item label="学院">
          {c.collegeName}（{c.collegeCode}）
        </Descriptions.Item>
        <Descriptions.Item label="证书有效期至">{formatDate(c.expiresAt)}</Descriptions.Item>
      </Descriptions>
      <Alert
        className="college-admin__note"
        type="info"
        showIcon
        message="本平台未部署学院管理后台"
        description={
          <>
            学院管理后台是独立部署的系统。运维人员在服务器环境变量 COLLEGE_ADMIN_URL（或学院配置项
            COLLEGE_ADMIN_URL）中填写它的地址后，「学院管理」会带着此证书打开该后台；后台通过 POST
            /api/base/users/admin_certificate/verify 核验证书。
          </>
        }
      />
      <p className="college-admin__content" data-testid="college-admin-content">
        学院站点的课程、实验、新闻等公开内容在本平台维护：
        <Link to="/u/content/manage">内容管理</Link>
        <span aria-hidden> · </span>
        <Link to="/u/content/settings">站点设置</Link>
      </p>
      {home}
    </section>
  );
}
