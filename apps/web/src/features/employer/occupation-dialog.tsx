import {
  EMPLOYER_MSG,
  JOB_DEGREES,
  JOB_NATURES,
  type MyOccupation,
  NEGOTIABLE_SALARY,
  OCCUPATION_LIMITS,
  type OccupationBodyInput,
} from '@uplus/shared';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useDivisions } from '../resume/career/api';

type Values = OccupationBodyInput & { provinceCode?: string };

/**
 * The position form (职位 and 实习岗位 alike): name, nature, salaries (999 = 面议), province then city from
 * `GET divisions`, degree, skills, description, address. The server checks the same rules (shared messages).
 */
export function OccupationDialog({
  open,
  title,
  initial,
  saving,
  onCancel,
  onSave,
}: {
  open: boolean;
  title: string;
  initial: Partial<MyOccupation> | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (body: OccupationBodyInput) => Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const [province, setProvince] = useState<string | null>(null);
  const provinces = useDivisions(null, open);
  const cities = useDivisions(province, open && !!province);
  useEffect(() => {
    if (!open) return;
    const provinceCode = initial?.cityCode ? `${initial.cityCode.slice(0, 2)}0000` : undefined;
    setProvince(provinceCode ?? null);
    form.setFieldsValue({
      name: initial?.name ?? '',
      jobNature: initial?.jobNature ?? 'FullTime',
      minSalary: initial?.minSalary ?? undefined,
      maxSalary: initial?.maxSalary ?? undefined,
      provinceCode,
      cityCode: initial?.cityCode ?? undefined,
      degree: initial?.degree ?? 'Unlimited',
      skills: initial?.skills ?? '',
      description: initial?.description ?? '',
      address: initial?.address ?? '',
    });
  }, [open, initial, form]);

  const submit = async (v: Values) => {
    const { provinceCode: _p, ...body } = v;
    await onSave(body);
  };

  return (
    <Modal
      open={open}
      title={title}
      width={720}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="occupation-form">
        <Form.Item
          name="name"
          label="职位名称"
          rules={[
            { required: true, whitespace: true, message: EMPLOYER_MSG.nameRequired },
            { max: OCCUPATION_LIMITS.nameMax, message: EMPLOYER_MSG.nameTooLong },
          ]}
        >
          <Input data-testid="occupation-name" />
        </Form.Item>
        <Form.Item
          name="jobNature"
          label="职位性质"
          rules={[{ required: true, message: EMPLOYER_MSG.natureRequired }]}
        >
          <Select options={JOB_NATURES.map((n) => ({ value: n.value, label: n.label }))} />
        </Form.Item>
        <Form.Item label={`月薪（千元，${NEGOTIABLE_SALARY} 为面议）`} required>
          <Form.Item
            name="minSalary"
            noStyle
            rules={[{ required: true, message: EMPLOYER_MSG.salaryRequired }]}
          >
            <InputNumber min={0} max={NEGOTIABLE_SALARY} precision={0} aria-label="最低月薪" />
          </Form.Item>
          <span aria-hidden> - </span>
          <Form.Item
            name="maxSalary"
            noStyle
            dependencies={['minSalary']}
            rules={[
              { required: true, message: EMPLOYER_MSG.salaryRequired },
              ({ getFieldValue }) => ({
                validator: (_r, max: number | undefined) => {
                  const min = getFieldValue('minSalary') as number | undefined;
                  if (
                    min == null ||
                    max == null ||
                    min === NEGOTIABLE_SALARY ||
                    max === NEGOTIABLE_SALARY ||
                    min <= max
                  )
                    return Promise.resolve();
                  return Promise.reject(new Error(EMPLOYER_MSG.salaryOrder));
                },
              }),
            ]}
          >
            <InputNumber min={0} max={NEGOTIABLE_SALARY} precision={0} aria-label="最高月薪" />
          </Form.Item>
        </Form.Item>
        <Form.Item
          name="provinceCode"
          label="省份"
          rules={[{ required: true, message: EMPLOYER_MSG.cityRequired }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={provinces.isPending}
            options={(provinces.data ?? []).map((d) => ({ value: d.code, label: d.name }))}
            onChange={(code: string) => {
              setProvince(code);
              form.setFieldValue('cityCode', undefined);
            }}
          />
        </Form.Item>
        <Form.Item
          name="cityCode"
          label="工作城市"
          rules={[{ required: true, message: EMPLOYER_MSG.cityRequired }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            disabled={!province}
            loading={cities.isFetching}
            options={(cities.data ?? []).map((d) => ({ value: d.code, label: d.name }))}
            data-testid="occupation-city"
          />
        </Form.Item>
        <Form.Item
          name="degree"
          label="学历要求"
          rules={[{ required: true, message: EMPLOYER_MSG.degreeRequired }]}
        >
          <Select options={JOB_DEGREES.map((d) => ({ value: d.value, label: d.label }))} />
        </Form.Item>
        <Form.Item
          name="skills"
          label="技能标签（逗号分隔）"
          rules={[{ max: OCCUPATION_LIMITS.skillsMax, message: EMPLOYER_MSG.skillsTooLong }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="description"
          label="职位描述"
          rules={[{ max: OCCUPATION_LIMITS.descriptionMax, message: EMPLOYER_MSG.descriptionTooLong }]}
        >
          <Input.TextArea rows={6} showCount maxLength={OCCUPATION_LIMITS.descriptionMax} />
        </Form.Item>
        <Form.Item
          name="address"
          label="工作地址"
          extra="保存时将自动定位到地图"
          rules={[{ max: OCCUPATION_LIMITS.addressMax, message: EMPLOYER_MSG.addressTooLong }]}
        >
          <Input maxLength={OCCUPATION_LIMITS.addressMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
