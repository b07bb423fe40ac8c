import {
  DEGREES,
  defaultEnrolmentYear,
  enrolmentYearChoices,
  firstProfileError,
  type MemberBasicInfo,
  PROFILE_LIMITS,
  PROFILE_MSG,
  type ProfileForm,
  SEXES,
  yearStart,
} from '@uplus/shared';
import { Alert, Button, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '../../api/http';
import { useToast } from '../../lib/toast';
import { useMajorSearch, useSaveProfile, useSchoolSearch } from './api';
import { CatalogSelect } from './catalog-select';
import './member-profile.css';

type Values = {
  name: string;
  sex: 'Male' | 'Female';
  birthday: Dayjs | null;
  schoolCode: string | null;
  majorCode: string | null;
  degree: string | null;
  enrolmentYear: number | null;
};

type Props = {
  open: boolean;
  info: MemberBasicInfo;
  /** 稍后完善 (or the close button): hides the dialog for this page session */
  onLater: () => void;
  /** the profile was saved */
  onSaved: () => void;
};

/** A server refusal that names a field goes under that field; any other is shown above the buttons. */
const FIELD_OF_MESSAGE: Record<string, keyof Values> = {
  [PROFILE_MSG.nameRequired]: 'name',
  [PROFILE_MSG.nameTooLong]: 'name',
  [PROFILE_MSG.birthdayRequired]: 'birthday',
  [PROFILE_MSG.birthdayInvalid]: 'birthday',
  [PROFILE_MSG.schoolRequired]: 'schoolCode',
  [PROFILE_MSG.majorRequired]: 'majorCode',
  [PROFILE_MSG.degreeRequired]: 'degree',
  [PROFILE_MSG.enrolmentYearRequired]: 'enrolmentYear',
  [PROFILE_MSG.enrolmentYearInvalid]: 'enrolmentYear',
  [PROFILE_MSG.sexRequired]: 'sex',
};
const FIELDS: (keyof Values)[] = [
  'name',
  'sex',
  'birthday',
  'schoolCode',
  'majorCode',
  'degree',
  'enrolmentYear',
];

const useSchoolOptions = (search: string, enabled: boolean) => {
  const q = useSchoolSearch(search, enabled);
  return { ...q, data: q.data && { rows: q.data.rows.map((r) => ({ ...r, note: r.province })) } };
};
const useMajorOptions = (search: string, enabled: boolean) => {
  const q = useMajorSearch(search, enabled);
  return { ...q, data: q.data && { rows: q.data.rows.map((r) => ({ ...r, note: r.category })) } };
};

/**
 * 完善个人信息 (spec 2.14, 3, 5): name (at most 8, counted), sex, birth date, school and major (searched on
 * the server), degree and enrolment year (13 choices, the current year minus 2 first chosen). 保存 checks
 * in the spec's order with `firstProfileError`, as the server does, and puts the first message under its
 * field; 稍后完善 closes the dialog until the next visit.
 */
export function ProfileCompletionDialog({ open, info, onLater, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveProfile();
  const toast = useToast();
  const now = new Date();
  const years = enrolmentYearChoices(now);
  const enrolled = info.enrolmentAt === null ? null : new Date(info.enrolmentAt).getUTCFullYear();

  const submit = async () => {
    if (save.isPending) return;
    const v = form.getFieldsValue(true) as Values;
    const values: ProfileForm = {
      name: v.name,
      sex: v.sex,
      birthday: v.birthday ? v.birthday.valueOf() : null,
      schoolCode: v.schoolCode,
      majorCode: v.majorCode,
      degree: v.degree,
      enrolmentYear: v.enrolmentYear,
    };
    setServerError(null);
    const error = firstProfileError(values, now);
    form.setFields(
      FIELDS.map((name) => ({ name, errors: error && error.field === name ? [error.message] : [] })),
    );
    if (error) {
      form.focusField(error.field);
      return;
    }
    try {
      await save.mutateAsync({
        name: (v.name ?? '').trim(),
        sex: v.sex,
        birthday: values.birthday,
        degree: v.degree,
        schoolCode: v.schoolCode,
        majorCode: v.majorCode,
        enrolmentAt: yearStart(v.enrolmentYear as number),
        graduateAt: yearStart(now.getFullYear()),
      });
      toast.success(PROFILE_MSG.saved);
      onSaved();
    } catch (e) {
      const message = errorMessage(e);
      const field = FIELD_OF_MESSAGE[message];
      if (field) {
        form.setFields([{ name: field, errors: [message] }]);
        form.focusField(field);
      } else setServerError(message);
    }
  };

  return (
    <Modal
      open={open}
      title={PROFILE_MSG.title}
      onCancel={onLater}
      maskClosable={false}
      destroyOnHidden
      width={520}
      footer={[
        <Button key="later" onClick={onLater} data-testid="profile-later">
          {PROFILE_MSG.later}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="profile-save"
        >
          {PROFILE_MSG.save}
        </Button>,
      ]}
    >
      <p className="mp-lead">完善信息后即可使用职业发展课、实习与证书等功能，简历也会用到这些信息。</p>
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '88px' }}
        requiredMark
        preserve={false}
        name="member-profile"
        data-testid="profile-form"
        initialValues={{
          name: info.name,
          sex: info.sex,
          birthday: info.birthday === null ? null : dayjs(info.birthday),
          schoolCode: info.schoolCode,
          majorCode: info.majorCode,
          degree: info.degree,
          enrolmentYear: enrolled !== null && years.includes(enrolled) ? enrolled : defaultEnrolmentYear(now),
        }}
        onFinish={() => void submit()}
      >
        <Form.Item label="姓名" name="name" required>
          <Input
            autoFocus
            placeholder="真实姓名"
            count={{ show: true, max: PROFILE_LIMITS.nameMax, strategy: (text) => [...text].length }}
            onPressEnter={(e) => {
              // IME composition's Enter only picks the characters; it never saves.
              if (!e.nativeEvent.isComposing) void submit();
            }}
            data-testid="profile-name"
          />
        </Form.Item>
        <Form.Item label="性别" name="sex" required>
          <Radio.Group options={SEXES.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
        <Form.Item label="出生日期" name="birthday" required>
          <DatePicker
            placeholder="选择出生日期"
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.year() < PROFILE_LIMITS.minBirthYear}
            defaultPickerValue={dayjs().subtract(20, 'year')}
            data-testid="profile-birthday"
          />
        </Form.Item>
        <Form.Item label="学校" name="schoolCode" required>
          <CatalogSelect
            placeholder={PROFILE_MSG.searchSchool}
            selectedName={info.schoolName}
            useSearch={useSchoolOptions}
            data-testid="profile-school"
          />
        </Form.Item>
        <Form.Item label="专业" name="majorCode" required>
          <CatalogSelect
            placeholder={PROFILE_MSG.searchMajor}
            selectedName={info.majorName}
            useSearch={useMajorOptions}
            data-testid="profile-major"
          />
        </Form.Item>
        <Form.Item label="学历" name="degree" required>
          <Select
            placeholder="选择学历"
            options={DEGREES.map((d) => ({ value: d.value, label: d.label }))}
            data-testid="profile-degree"
          />
        </Form.Item>
        <Form.Item label="入学年份" name="enrolmentYear" required>
          <Select
            placeholder="选择入学年份"
            options={years.map((y) => ({ value: y, label: `${y}年` }))}
            data-testid="profile-enrolment-year"
          />
        </Form.Item>
      </Form>
      {serverError && (
        <Alert type="error" showIcon title={serverError} role="alert" data-testid="profile-error" />
      )}
    </Modal>
  );
}

export default ProfileCompletionDialog;
