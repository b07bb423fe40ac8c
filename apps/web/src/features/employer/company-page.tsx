import {
  BankOutlined,
  CalendarOutlined,
  InboxOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { toRole } from '@uplus/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useStored } from '../../lib/storage';
import { useMyCompany } from '../internships/api';
import { ENTERPRISE_INTERNSHIPS_PATH } from '../internships/internship-model';
import '../internships/internships.css';

// the form (antd Form, the upload control) loads after the page shows
const CompanyForm = lazy(async () => ({ default: (await import('./company-form')).CompanyForm }));

/** The company console's pages (企业入口 links to them). */
export const COMPANY_HUB_LINKS = [
  {
    to: ENTERPRISE_INTERNSHIPS_PATH,
    title: '实习管理',
    text: '创建实习计划、阶段与邀请码，管理实习成员',
    icon: <SolutionOutlined />,
  },
  {
    to: '/u/openclass/manage',
    title: '职业发展课管理',
    text: '创建职业发展课、直播场次与视频',
    icon: <ReadOutlined />,
  },
  {
    to: '/u/enterprise/certificates',
    title: '证书管理',
    text: '为实习成员颁发证书',
    icon: <SafetyCertificateOutlined />,
  },
  // issue 14: positions, applications, career talks, job fairs
  { to: '/u/enterprise/jobs', title: '职位管理', text: '发布职位，上线与下线', icon: <ProfileOutlined /> },
  {
    to: '/u/enterprise/applications',
    title: '投递管理',
    text: '查看投递的简历，发送笔试、面试与入职邀请',
    icon: <InboxOutlined />,
  },
  {
    to: '/u/enterprise/talks',
    title: '宣讲会管理',
    text: '发布线上或线下宣讲会',
    icon: <CalendarOutlined />,
  },
  { to: '/u/enterprise/fairs', title: '双选会管理', text: '发布双选会及参会职位', icon: <TeamOutlined /> },
] as const;

/**
 * 企业入口 (/workbench/index/company): a business user's company profile (name, introduction, logo upload),
 * made on the first save, and the cards to the company's consoles.
 */
export function CompanyPage() {
  const role = toRole(useStored('role'));
  if (role !== 'Business')
    return (
      <section className="internships-page" aria-labelledby="company-title">
        <h1 id="company-title">企业入口</h1>
        <div className="query-state" data-testid="company-not-business">
          企业入口仅对企业用户开放。
        </div>
      </section>
    );
  return <CompanyHub />;
}

function CompanyHub() {
  const company = useMyCompany();
  return (
    <section className="internships-page" aria-labelledby="company-title">
      <h1 id="company-title">企业入口</h1>
      <QueryState query={company} loadingText="正在加载企业信息…">
        {({ company: data }) => (
          <>
            <Suspense fallback={<div role="status">正在加载表单…</div>}>
              <CompanyForm company={data} />
            </Suspense>
            {data ? (
              <nav aria-label="企业管理">
                <ul className="company-hub__cards">
                  {COMPANY_HUB_LINKS.map((link) => (
                    <li key={link.to}>
                      <Link className="company-hub__card" to={link.to} data-testid="company-hub-link">
                        <strong>
                          <span aria-hidden>{link.icon}</span> {link.title}
                        </strong>
                        <span>{link.text}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : (
              <p className="internship-field__hint" data-testid="company-first-save">
                <BankOutlined aria-hidden /> 保存企业信息后即可管理实习、职业发展课与证书。
              </p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
