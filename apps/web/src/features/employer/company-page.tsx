import { BankOutlined, ReadOutlined, SafetyCertificateOutlined, SolutionOutlined } from '@ant-design/icons';
import { type Company, INTERNSHIP_LIMITS, INTERNSHIPS_MSG, toRole, type UploadedFile } from '@uplus/shared';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { ListState } from '../courses/course-parts';
import { FileUpload } from '../files/file-upload';
import { useMyCompany, useSaveCompany } from '../internships/api';
import { ENTERPRISE_INTERNSHIPS_PATH } from '../internships/internship-model';
import '../internships/internships.css';
import '../courses/courses.css';

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
] as const;

type FormValues = { name: string; introduction: string; logo: UploadedFile | null };

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
        <div className="courses-state" data-testid="company-not-business">
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
      <ListState query={company} loadingText="正在加载企业信息…" isEmpty={() => false} empty={null}>
        {({ company: data }) => (
          <>
            <CompanyForm company={data} />
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
      </ListState>
    </section>
  );
}

function CompanyForm({ company }: { company: Company | null }) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCompany();
  const toast = useToast();
  useEffect(() => {
    form.setFieldsValue({
      name: company?.name ?? '',
      introduction: company?.introduction ?? '',
      logo: company?.logo ?? null,
    });
  }, [company, form]);

  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync({
        name: values.name.trim(),
        introduction: (values.introduction ?? '').trim(),
        logoFileId: values.logo?.id ?? null,
      });
      toast.success(INTERNSHIPS_MSG.saved);
    } catch {
      // toasted by the client
    }
  };

  return (
    <div className="enterprise-section">
      <h2>企业信息</h2>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        data-testid="company-form"
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="name"
          label="企业名称"
          rules={[
            { required: true, whitespace: true, message: INTERNSHIPS_MSG.companyNameRequired },
            { max: INTERNSHIP_LIMITS.companyNameMax, message: INTERNSHIPS_MSG.companyNameTooLong },
          ]}
        >
          <Input autoComplete="organization" data-testid="company-name" />
        </Form.Item>
        <Form.Item
          name="introduction"
          label="企业简介"
          rules={[
            {
              max: INTERNSHIP_LIMITS.companyIntroductionMax,
              message: INTERNSHIPS_MSG.companyIntroductionTooLong,
            },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={INTERNSHIP_LIMITS.companyIntroductionMax} />
        </Form.Item>
        <Form.Item name="logo" label="企业Logo" valuePropName="value">
          <LogoField />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="company-save">
          保存
        </Button>
      </Form>
    </div>
  );
}

/** FileUpload as a Form.Item control (value / onChange and the item's id). */
function LogoField({
  value = null,
  onChange,
  id,
  'aria-describedby': describedBy,
}: {
  value?: UploadedFile | null;
  onChange?: (file: UploadedFile | null) => void;
  id?: string;
  'aria-describedby'?: string;
}) {
  return (
    <FileUpload
      purpose="logo"
      value={value}
      onChange={(f) => onChange?.(f)}
      id={id}
      aria-describedby={describedBy}
    />
  );
}
