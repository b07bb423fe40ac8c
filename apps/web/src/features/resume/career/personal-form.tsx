import {
  firstPersonalError,
  type MemberCareerProfile,
  type PersonalForm as PersonalValues,
  POLITICAL_STATUSES,
  type PoliticalStatus,
  PROFILE_MSG,
  RESUME_LIMITS,
  RESUME_MSG,
} from '@uplus/shared';
import { Alert, Button, DatePicker, Form, Input, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type KeyboardEvent, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useDivisions, useSaveMemberProfile, useSavePolitical } from './api';
import { AvatarField } from './avatar-cropper';
import './profile-cards.css';

/*
 * The form of 个人信息 (career spec 3, 5), loaded when first opened (personal-section.tsx): avatar upload
 * with cropping, then the fields checked in the spec's order (name, birthday, e-mail, mobile) by
 * `firstPersonalError`, as the server does; saved with PUT member_profiles (personal body) and, when it
 * changed, PUT member_profiles/political (clearable).
 */

type Values = {
  name: string;
  sex: 'Male' | 'Female';
  birthday: Dayjs | null;
  politicalStatus: PoliticalStatus | null;
  email: string;
  mobile: string;
  domicileProvinceCode: string | null;
  domicileCityCode: string | null;
};

const FIELDS: (keyof Values)[] = ['name', 'sex', 'birthday', 'politicalStatus', 'email', 'mobile'];

/** A server refusal that names a field goes under it; any other above the buttons. */
const FIELD_OF_MESSAGE: Record<string, keyof Values> = {
  [RESUME_MSG.nameRequired]: 'name',
  [RESUME_MSG.nameTooLong]: 'name',
  [RESUME_MSG.birthdayRequired]: 'birthday',
  [RESUME_MSG.birthdayInvalid]: 'birthday',
  [RESUME_MSG.emailInvalid]: 'email',
  [RESUME_MSG.emailTooLong]: 'email',
  [RESUME_MSG.mobileRequired]: 'mobile',
  [RESUME_MSG.mobileInvalid]: 'mobile',
  [RESUME_MSG.sexRequired]: 'sex',
  [RESUME_MSG.politicalInvalid]: 'politicalStatus',
};

const count = (max: number) => ({ show: true, max, strategy: (text: string) => [...text].length });

const valuesOf = (p: MemberCareerProfile | undefined, fallbackName: string): Values => ({
  name: p?.name ?? fallbackName,
  sex: p?.sex === 'Female' ? 'Female' : 'Male',
  birthday: p?.birthday ? dayjs(p.birthday) : null,
  politicalStatus: p?.politicalStatus ?? null,
  email: p?.email ?? '',
  mobile: p?.mobile ?? '',
  domicileProvinceCode: p?.domicileProvinceCode ?? null,
  domicileCityCode: p?.domicileCityCode ?? null,
});

export default function PersonalForm({
  profile,
  fallbackName,
  onDone,
}: {
  profile: MemberCareerProfile | undefined;
  fallbackName: string;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveMemberProfile();
  const savePolitical = useSavePolitical();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  /** the new avatar: undefined keeps the current one */
  const [portrait, setPortrait] = useState<{ url: string; viewUrl: string } | undefined>();
  const province = Form.useWatch('domicileProvinceCode', form) ?? null;
  const provinces = useDivisions(null);
  const cities = useDivisions(province, !!province);
  const busy = save.isPending || savePolitical.isPending;

  const submit = async () => {
    if (busy) return;
    const v = form.getFieldsValue(true) as Values;
    const values: PersonalValues = {
      name: v.name,
      birthday: v.birthday ? v.birthday.valueOf() : null,
      sex: v.sex,
      email: v.email,
      mobile: v.mobile,
      politicalStatus: v.politicalStatus,
    };
    setServerError(null);
    const error = firstPersonalError(values);
    form.setFields(FIELDS.map((name) => ({ name, errors: error?.field === name ? [error.message] : [] })));
    if (error) {
      form.focusField(error.field as keyof Values);
      return;
    }
    try {
      await save.mutateAsync({
        ...(portrait ? { portrait: portrait.url } : {}),
        name: (v.name ?? '').trim(),
        email: (v.email ?? '').trim() || null,
        birthday: values.birthday,
        sex: v.sex,
        mobile: (v.mobile ?? '').trim(),
        domicileProvinceCode: v.domicileProvinceCode || null,
        domicileCityCode: v.domicileCityCode || null,
      });
      if ((v.politicalStatus ?? null) !== (profile?.politicalStatus ?? null))
        await savePolitical.mutateAsync(v.politicalStatus ?? null);
      toast.success(PROFILE_MSG.saved);
      onDone();
    } catch (e) {
      const message = errorMessage(e);
      const field = FIELD_OF_MESSAGE[message];
      if (field) {
        form.setFields([{ name: field, errors: [message] }]);
        form.focusField(field);
      } else setServerError(message);
    }
  };
  const enter = (e: KeyboardEvent) => {
    // IME composition's Enter only picks the characters; it never saves.
    if (!e.nativeEvent.isComposing && e.keyCode !== 229) void submit();
  };

  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      requiredMark
      name="resume-personal"
      className="rp-form"
      initialValues={valuesOf(profile, fallbackName)}
      data-testid="personal-form"
    >
      <Form.Item label="头像">
        <AvatarField
          value={portrait?.viewUrl ?? profile?.portrait ?? ''}
          onUploaded={setPortrait}
          pending={!!portrait}
          disabled={busy}
        />
      </Form.Item>
      <Form.Item label="姓名" name="name" required>
        <Input
          placeholder="请填写姓名"
          count={count(RESUME_LIMITS.name)}
          onPressEnter={enter}
          autoFocus
          data-testid="personal-name"
        />
      </Form.Item>
      <Form.Item label="性别" name="sex" required>
        <Radio.Group
          options={[
            { value: 'Male', label: '男' },
            { value: 'Female', label: '女' },
          ]}
        />
      </Form.Item>
      <Form.Item label="出生日期" name="birthday" required>
        <DatePicker
          placeholder="请选择出生日期"
          style={{ width: '100%' }}
          disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.year() < 1950}
          defaultPickerValue={dayjs().subtract(20, 'year')}
          data-testid="personal-birthday"
        />
      </Form.Item>
      <Form.Item label="政治面貌" name="politicalStatus">
        <Select
          allowClear
          placeholder="请选择政治面貌"
          options={POLITICAL_STATUSES.map((p) => ({ value: p.value, label: p.label }))}
          data-testid="personal-political"
        />
      </Form.Item>
      <Form.Item label="邮箱" name="email">
        <Input
          placeholder="请输入邮箱"
          count={count(RESUME_LIMITS.email)}
          onPressEnter={enter}
          data-testid="personal-email"
        />
      </Form.Item>
      <Form.Item label="手机号码" name="mobile" required>
        <Input
          placeholder="请输入手机号码"
          maxLength={RESUME_LIMITS.mobile}
          inputMode="numeric"
          onPressEnter={enter}
          data-testid="personal-mobile"
        />
      </Form.Item>
      <Form.Item label="户籍所在地">
        <Space.Compact block>
          <Form.Item name="domicileProvinceCode" noStyle>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="省份"
              loading={provinces.isFetching}
              options={(provinces.data ?? []).map((d) => ({ value: d.code, label: d.name }))}
              onChange={() => form.setFieldValue('domicileCityCode', null)}
              aria-label="户籍省份"
              style={{ width: '50%' }}
              data-testid="personal-province"
            />
          </Form.Item>
          <Form.Item name="domicileCityCode" noStyle>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="城市"
              disabled={!province}
              loading={cities.isFetching}
              options={(cities.data ?? []).map((d) => ({ value: d.code, label: d.name }))}
              aria-label="户籍城市"
              style={{ width: '50%' }}
              data-testid="personal-city"
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      {serverError && (
        <Alert type="error" showIcon title={serverError} role="alert" className="rp-form-error" />
      )}
      <Form.Item label=" " colon={false}>
        <Space>
          <Button onClick={onDone} disabled={busy} data-testid="personal-cancel">
            取消
          </Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="personal-save">
            保存
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
