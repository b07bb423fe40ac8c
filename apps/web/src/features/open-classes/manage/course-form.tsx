import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DICTIONARY_GROUPS,
  LIVE_MODE_TITLES,
  LIVE_MODES,
  type LiveMode,
  type ManageCourseDetail,
  OPEN_CLASS_LIMITS,
  OPEN_CLASS_MSG,
  type OpenCourseBodyInput,
  type OpenCourseSearchType,
  type UploadedFile,
} from '@uplus/shared';
import { Button, DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { FileUpload } from '../../files/file-upload';
import { useDictionary, usePartnerOptions } from '../api';

/** The form's values (antd Form). */
export type CourseFormValues = {
  name: string;
  liveMode: LiveMode;
  classifyCode?: string | null;
  industryCode?: string | null;
  introduction?: string;
  startAt?: Dayjs | null;
  poster: UploadedFile | null;
  lecturers: { name: string; title?: string; introduction?: string; photoFileId?: number | null }[];
  partnerSchools: { value: string; label: string }[];
  partnerCompanies: { value: string; label: string }[];
};

/** A course's stored values as the form's. */
export const formValuesOf = (course: ManageCourseDetail | null): CourseFormValues =>
  course
    ? {
        name: course.name,
        liveMode: course.liveMode,
        classifyCode: course.classifyCode,
        industryCode: course.industryCode,
        introduction: course.introduction,
        startAt: course.startAt ? dayjs(course.startAt) : null,
        poster: course.poster,
        lecturers: course.lecturers.map((l) => ({
          name: l.name,
          title: l.title,
          introduction: l.introduction,
          photoFileId: l.photoFileId,
        })),
        partnerSchools: course.partnerSchools.map((s) => ({ value: s.id, label: s.name })),
        partnerCompanies: course.partnerEnterprises.map((c) => ({ value: c.id, label: c.name })),
      }
    : {
        name: '',
        liveMode: 'SingleLive',
        classifyCode: null,
        industryCode: null,
        introduction: '',
        startAt: null,
        poster: null,
        lecturers: [],
        partnerSchools: [],
        partnerCompanies: [],
      };

/** The form's values as the call's body. */
export const bodyOf = (values: CourseFormValues): OpenCourseBodyInput => ({
  name: values.name.trim(),
  liveMode: values.liveMode,
  classifyCode: values.classifyCode || null,
  industryCode: values.industryCode || null,
  introduction: values.introduction?.trim() ?? '',
  posterFileId: values.poster?.id ?? null,
  startAt: values.startAt ? values.startAt.valueOf() : null,
  lecturers: (values.lecturers ?? []).map((l) => ({
    name: l.name.trim(),
    title: l.title?.trim() ?? '',
    introduction: l.introduction?.trim() ?? '',
    photoFileId: l.photoFileId ?? null,
  })),
  partnerSchoolIds: (values.partnerSchools ?? []).map((s) => s.value),
  partnerCompanyIds: (values.partnerCompanies ?? []).map((c) => c.value),
});

/** A searchable multiple choice of partner schools or companies (manage/partner_options). */
function PartnerSelect({
  type,
  value,
  onChange,
  id,
  ...aria
}: {
  type: OpenCourseSearchType;
  value?: { value: string; label: string }[];
  onChange?: (next: { value: string; label: string }[]) => void;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 300);
  const options = usePartnerOptions(type, debounced);
  return (
    <Select
      id={id}
      {...aria}
      mode="multiple"
      labelInValue
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(next) => onChange?.(next as { value: string; label: string }[])}
      options={(options.data?.rows ?? []).map((o) => ({ value: o.id, label: o.name }))}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? '正在查找…' : '没有匹配的结果'}
      placeholder={type === 'school' ? '不选则为不限' : '不选则显示平台名称'}
      maxCount={OPEN_CLASS_LIMITS.maxPartners}
    />
  );
}

/**
 * The course's basic information: name, live mode (fixed once published), CourseClassify / CourseIndustry,
 * start (a video course's; a live course starts with its first session), poster (FileUpload purpose poster),
 * introduction, lecturers, partner schools and companies. Errors are announced by antd Form.
 */
export function CourseForm({
  initial,
  liveModeLocked,
  saving,
  onSubmit,
  submitText,
}: {
  initial: CourseFormValues;
  liveModeLocked: boolean;
  saving: boolean;
  onSubmit: (values: CourseFormValues) => void;
  submitText: string;
}) {
  const [form] = Form.useForm<CourseFormValues>();
  const classify = useDictionary(DICTIONARY_GROUPS.classify);
  const industry = useDictionary(DICTIONARY_GROUPS.industry);
  const liveMode = Form.useWatch('liveMode', form) ?? initial.liveMode;
  const [uploading, setUploading] = useState(false);
  return (
    <Form<CourseFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onSubmit}
      requiredMark
      className="oc-form"
      data-testid="course-form"
      style={{ maxWidth: 760 }}
    >
      <Form.Item
        name="name"
        label="课程名称"
        rules={[
          { required: true, whitespace: true, message: OPEN_CLASS_MSG.nameRequired },
          { max: OPEN_CLASS_LIMITS.maxNameLength, message: OPEN_CLASS_MSG.nameTooLong },
        ]}
      >
        <Input maxLength={OPEN_CLASS_LIMITS.maxNameLength} showCount data-testid="course-name" />
      </Form.Item>
      <Form.Item
        name="liveMode"
        label="直播形式"
        rules={[{ required: true, message: OPEN_CLASS_MSG.liveModeInvalid }]}
        extra={liveModeLocked ? OPEN_CLASS_MSG.liveModeLocked : undefined}
      >
        <Radio.Group
          disabled={liveModeLocked}
          options={LIVE_MODES.map((m) => ({ value: m, label: LIVE_MODE_TITLES[m] }))}
        />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
        <Form.Item name="classifyCode" label="课程分类">
          <Select
            allowClear
            placeholder="请选择课程分类"
            loading={classify.isPending}
            options={(classify.data ?? []).map((e) => ({ value: e.code, label: e.title }))}
          />
        </Form.Item>
        <Form.Item name="industryCode" label="所属行业">
          <Select
            allowClear
            placeholder="请选择所属行业"
            loading={industry.isPending}
            options={(industry.data ?? []).map((e) => ({ value: e.code, label: e.title }))}
          />
        </Form.Item>
      </div>
      {liveMode === 'Video' && (
        <Form.Item name="startAt" label="开课时间">
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      )}
      <Form.Item name="poster" label="课程海报" extra="建议尺寸 16:9">
        <FileUpload purpose="poster" onBusyChange={setUploading} />
      </Form.Item>
      <Form.Item
        name="introduction"
        label="课程简介"
        rules={[
          { max: OPEN_CLASS_LIMITS.maxIntroductionLength, message: OPEN_CLASS_MSG.introductionTooLong },
        ]}
      >
        <Input.TextArea rows={4} maxLength={OPEN_CLASS_LIMITS.maxIntroductionLength} showCount />
      </Form.Item>

      <fieldset className="oc-editor-section" style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>讲师</legend>
        <Form.List
          name="lecturers"
          rules={[
            {
              validator: async (_, list: unknown[] | undefined) => {
                if ((list?.length ?? 0) > OPEN_CLASS_LIMITS.maxLecturers)
                  throw new Error(OPEN_CLASS_MSG.lecturersTooMany);
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <ul className="oc-editor-list">
                {fields.map((field, index) => (
                  <li key={field.key} data-testid="lecturer-row">
                    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 12 }}>
                      <Form.Item
                        name={[field.name, 'name']}
                        label={`讲师${index + 1}姓名`}
                        rules={[
                          { required: true, whitespace: true, message: OPEN_CLASS_MSG.lecturerNameRequired },
                          {
                            max: OPEN_CLASS_LIMITS.maxLecturerNameLength,
                            message: OPEN_CLASS_MSG.lecturerNameTooLong,
                          },
                        ]}
                      >
                        <Input maxLength={OPEN_CLASS_LIMITS.maxLecturerNameLength} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'title']}
                        label="头衔"
                        rules={[
                          {
                            max: OPEN_CLASS_LIMITS.maxLecturerTitleLength,
                            message: OPEN_CLASS_MSG.lecturerTitleTooLong,
                          },
                        ]}
                      >
                        <Input
                          maxLength={OPEN_CLASS_LIMITS.maxLecturerTitleLength}
                          placeholder="如：高级工程师"
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={`删除讲师${index + 1}`}
                        onClick={() => remove(field.name)}
                        style={{ marginTop: 30 }}
                      />
                    </div>
                    <Form.Item
                      name={[field.name, 'introduction']}
                      label="讲师简介"
                      rules={[
                        {
                          max: OPEN_CLASS_LIMITS.maxLecturerIntroductionLength,
                          message: OPEN_CLASS_MSG.lecturerIntroductionTooLong,
                        },
                      ]}
                      style={{ marginBottom: 0 }}
                    >
                      <Input.TextArea rows={2} maxLength={OPEN_CLASS_LIMITS.maxLecturerIntroductionLength} />
                    </Form.Item>
                  </li>
                ))}
              </ul>
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ name: '', title: '', introduction: '', photoFileId: null })}
                disabled={fields.length >= OPEN_CLASS_LIMITS.maxLecturers}
                data-testid="add-lecturer"
              >
                添加讲师
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>

      <Form.Item name="partnerSchools" label="合作院校">
        <PartnerSelect type="school" />
      </Form.Item>
      <Form.Item name="partnerCompanies" label="合作企业">
        <PartnerSelect type="company" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={saving}
        disabled={uploading}
        data-testid="save-course"
      >
        {submitText}
      </Button>
    </Form>
  );
}
