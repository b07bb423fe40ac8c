import {
  COMPANY_NICKNAME_MAX,
  COMPANY_SCALES,
  type Company,
  FINANCING_ROUNDS,
  INDUSTRIES,
  INTERNSHIP_LIMITS,
  INTERNSHIPS_MSG,
  type UploadedFile,
} from '@uplus/shared';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useToast } from '../../lib/toast';
import { FileUpload } from '../files/file-upload';
import { useSaveCompany } from '../internships/api';
import { CompanyVideos } from './company-videos';

type FormValues = {
  name: string;
  introduction: string;
  logo: UploadedFile | null;
  nickname: string;
  financingRound: string | null;
  industry: string | null;
  scale: string | null;
};
const options = (list: readonly { value: string; label: string }[]) =>
  list.map((i) => ({ value: i.value, label: i.label }));

/** The company profile form of 企业入口: name (required, at most 50), introduction, logo (an upload). */
export function CompanyForm({ company }: { company: Company | null }) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCompany();
  const toast = useToast();
  useEffect(() => {
    form.setFieldsValue({
      name: company?.name ?? '',
      introduction: company?.introduction ?? '',
      logo: company?.logo ?? null,
      nickname: company?.nickname ?? '',
      financingRound: company?.financingRound ?? null,
      industry: company?.industry ?? null,
      scale: company?.scale ?? null,
    });
  }, [company, form]);

  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync({
        name: values.name.trim(),
        introduction: (values.introduction ?? '').trim(),
        logoFileId: values.logo?.id ?? null,
        nickname: (values.nickname ?? '').trim(),
        financingRound: (values.financingRound ?? null) as never,
        industry: (values.industry ?? null) as never,
        scale: (values.scale ?? null) as never,
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
          name="nickname"
          label="企业简称"
          rules={[{ max: COMPANY_NICKNAME_MAX, message: `企业简称最多${COMPANY_NICKNAME_MAX}个字` }]}
        >
          <Input maxLength={COMPANY_NICKNAME_MAX} data-testid="company-nickname" />
        </Form.Item>
        <Form.Item name="financingRound" label="融资阶段">
          <Select allowClear options={options(FINANCING_ROUNDS)} />
        </Form.Item>
        <Form.Item name="industry" label="所属行业">
          <Select allowClear options={options(INDUSTRIES)} />
        </Form.Item>
        <Form.Item name="scale" label="企业规模">
          <Select allowClear options={options(COMPANY_SCALES)} />
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
      {company && <CompanyVideos company={company} />}
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
