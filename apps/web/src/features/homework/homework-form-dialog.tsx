import { HOMEWORK_LIFECYCLE_MSG, HOMEWORK_LIMITS, type HomeworkBody, type HomeworkRow } from '@uplus/shared';
import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '../../api/http';

type Values = { name: string; description: string; deadline: Dayjs | null };

type Props = {
  /** null: closed; 'new': create; a row: edit it */
  editing: HomeworkRow | 'new' | null;
  onCancel: () => void;
  /** saves; rejects with the server's refusal, shown in the dialog */
  onSave: (body: HomeworkBody) => Promise<unknown>;
};

/** The rules of the form, as the server checks them (HOMEWORK_LIFECYCLE_MSG). */
const nameRules = [
  { required: true, whitespace: true, message: HOMEWORK_LIFECYCLE_MSG.nameRequired },
  { max: HOMEWORK_LIMITS.maxNameLength, message: HOMEWORK_LIFECYCLE_MSG.nameTooLong },
];
const deadlineRules = [
  { required: true, message: HOMEWORK_LIFECYCLE_MSG.deadlineRequired },
  {
    validator: async (_rule: unknown, value: Dayjs | null) => {
      if (value && value.valueOf() <= Date.now()) throw new Error(HOMEWORK_LIFECYCLE_MSG.deadlinePast);
    },
  },
];

/** 新建作业 / 编辑作业: name, description and the deadline (a date-time picker). */
export function HomeworkFormDialog({ editing, onCancel, onSave }: Props) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const row = editing && editing !== 'new' ? editing : null;

  const submit = async (values: Values) => {
    if (!values.deadline) return;
    setSaving(true);
    setServerError(null);
    try {
      await onSave({
        name: values.name.trim(),
        description: values.description ?? '',
        deadline: values.deadline.second(0).millisecond(0).valueOf(),
      });
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={row ? '编辑作业' : '新建作业'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setServerError(null);
      }}
      okButtonProps={{ 'data-testid': 'homework-form-save' } as Record<string, string>}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => void submit(v)}
        initialValues={{
          name: row?.name ?? '',
          description: row?.description ?? '',
          deadline: row?.deadline ? dayjs(row.deadline) : null,
        }}
        data-testid="homework-form"
      >
        <Form.Item label="作业名称" name="name" rules={nameRules}>
          <Input
            autoFocus
            maxLength={HOMEWORK_LIMITS.maxNameLength}
            showCount
            placeholder="例如：第一次作业"
            onPressEnter={(e) => {
              // IME composition's Enter only picks the characters.
              if (!e.nativeEvent.isComposing) form.submit();
            }}
          />
        </Form.Item>
        <Form.Item label="作业说明" name="description">
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={HOMEWORK_LIMITS.maxDescriptionLength}
            showCount
            placeholder="选填：作业要求、提交说明等"
          />
        </Form.Item>
        <Form.Item label="截止时间" name="deadline" rules={deadlineRules}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder="选择截止日期和时间"
            disabledDate={(d) => d.endOf('day').isBefore(dayjs())}
            style={{ width: '100%' }}
            data-testid="homework-form-deadline"
          />
        </Form.Item>
      </Form>
      {serverError && (
        <div className="hw-form-error" role="alert" data-testid="homework-form-error">
          {serverError}
        </div>
      )}
    </Modal>
  );
}
