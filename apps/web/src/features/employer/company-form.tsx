import { type Company, INTERNSHIP_LIMITS, INTERNSHIPS_MSG, type UploadedFile } from '@uplus/shared';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useToast } from '../../lib/toast';
import { FileUpload } from '../files/file-upload';
import { useSaveCompany } from '../internships/api';

type FormValues = { name: string; introduction: string; logo: UploadedFile | null };

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
