import {
  COURSE_LIMITS,
  COURSE_TYPE_TITLES,
  COURSE_TYPES,
  type CourseType,
  type TeachingCourse,
} from '@uplus/shared';
import { type ButtonProps, Input, Modal } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useSaveCourse } from '../api';
import { COVER_STYLES } from '../course-model';
import { CourseCover } from '../course-parts';
import {
  type CourseFormErrors,
  type CourseFormField,
  type CourseFormValues,
  checkCourseForm,
  emptyCourseForm,
  epochToDay,
} from './course-form';

type Props = {
  /** null: closed; 'new': 新建课程; a course: 编辑课程 */
  target: 'new' | TeachingCourse | null;
  onClose: () => void;
  /** after a save, with the saved course's id */
  onSaved?: (courseId: string) => void;
};

const valuesOf = (target: Props['target']): CourseFormValues =>
  target && target !== 'new'
    ? {
        name: target.name,
        type: target.type,
        start: epochToDay(target.startTime),
        end: epochToDay(target.endTime),
        coverStyle: target.coverStyle,
      }
    : emptyCourseForm();

/** A labelled field with its error announced (aria-invalid on the control, aria-describedby to the text). */
function Field({
  id,
  label,
  error,
  required,
  children,
  group,
}: {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
  /** a group of controls (radios, two dates): a fieldset with a legend */
  group?: boolean;
}) {
  const labelClass = required ? 'courses-field__required' : undefined;
  return group ? (
    <fieldset className="courses-field courses-fieldset">
      <legend className={`courses-field__label ${labelClass ?? ''}`}>{label}</legend>
      {children}
      {error && (
        <div id={`${id}-error`} className="courses-field__error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  ) : (
    <div className="courses-field">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className="courses-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * 新建课程 / 编辑课程: name, type 理论/实践, start and end dates, cover style (one of five). The shared schema
 * checks the form before it is sent, with its messages under each field; the server checks again and its
 * message appears above the buttons. The form is kept as typed when a save fails.
 */
export function CourseFormDialog({ target, onClose, onSaved }: Props) {
  const [values, setValues] = useState<CourseFormValues>(() => valuesOf(target));
  const [errors, setErrors] = useState<CourseFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveCourse();
  const toast = useToast();
  const id = useId();
  const editingId = target !== null && target !== 'new' ? target.id : null;
  const editing = editingId !== null;

  useEffect(() => {
    setValues(valuesOf(target));
    setErrors({});
    setServerError(null);
  }, [target]);

  const set = <K extends keyof CourseFormValues>(
    key: K,
    value: CourseFormValues[K],
    field: CourseFormField,
  ) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const invalid = (field: CourseFormField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};

  const submit = async () => {
    const checked = checkCourseForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setServerError(null);
    try {
      const saved = await save.mutateAsync({ courseId: editingId, body: checked.body });
      toast.success(editing ? '课程已保存' : '课程已创建');
      onSaved?.(saved.id);
      onClose();
    } catch (e) {
      setServerError(errorMessage(e));
    }
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? '编辑课程' : '新建课程'}
      okText={editing ? '保存' : '创建'}
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'course-form-submit' } as ButtonProps}
    >
      <div data-testid="course-form">
        <Field id={`${id}-name`} label="课程名称" error={errors.name} required>
          <Input
            id={`${id}-name`}
            value={values.name}
            maxLength={COURSE_LIMITS.maxNameLength}
            showCount
            placeholder="例如：数据结构"
            aria-required
            {...invalid('name')}
            onChange={(e) => set('name', e.target.value, 'name')}
            data-testid="course-form-name"
          />
        </Field>
        <Field id={`${id}-type`} label="课程类型" error={errors.type} required group>
          <div style={{ display: 'flex', gap: 20 }}>
            {COURSE_TYPES.map((type: CourseType) => (
              <label key={type} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={type}
                  checked={values.type === type}
                  onChange={() => set('type', type, 'type')}
                  {...invalid('type')}
                  data-testid={`course-form-type-${type}`}
                />
                {COURSE_TYPE_TITLES[type]}
              </label>
            ))}
          </div>
        </Field>
        <div className="courses-date-row">
          <Field id={`${id}-startTime`} label="开始日期" error={errors.startTime} required>
            <input
              id={`${id}-startTime`}
              type="date"
              className="ant-input ant-input-outlined"
              value={values.start}
              required
              {...invalid('startTime')}
              onChange={(e) => set('start', e.target.value, 'startTime')}
              data-testid="course-form-start"
            />
          </Field>
          <Field id={`${id}-endTime`} label="结束日期" error={errors.endTime} required>
            <input
              id={`${id}-endTime`}
              type="date"
              className="ant-input ant-input-outlined"
              value={values.end}
              min={values.start || undefined}
              required
              {...invalid('endTime')}
              onChange={(e) => set('end', e.target.value, 'endTime')}
              data-testid="course-form-end"
            />
          </Field>
        </div>
        <Field id={`${id}-coverStyle`} label="封面样式" error={errors.coverStyle} group>
          <div className="cover-picker">
            {COVER_STYLES.map((cover) => (
              <label key={cover.value} className="cover-picker__option">
                <input
                  type="radio"
                  name={`${id}-cover`}
                  value={cover.value}
                  checked={values.coverStyle === cover.value}
                  onChange={() => set('coverStyle', cover.value, 'coverStyle')}
                  aria-label={`封面：${cover.name}`}
                  {...invalid('coverStyle')}
                  data-testid={`course-form-cover-${cover.value}`}
                />
                <CourseCover style={cover.value} name={cover.name} className="cover-picker__swatch" />
              </label>
            ))}
          </div>
        </Field>
        {serverError && (
          <div className="courses-field__error" role="alert" data-testid="course-form-error">
            {serverError}
          </div>
        )}
      </div>
    </Modal>
  );
}
