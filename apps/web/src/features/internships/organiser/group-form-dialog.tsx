import { type GroupBodyInput, INTERNSHIP_LIMITS, INTERNSHIPS_MSG } from '@uplus/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { dateInputToMs, msToDateInput } from '../internship-model';

type Values = { name: string; description: string; start: string; end: string };

/** The group form (name, description, start and end dates), for creating and editing. */
export function GroupFormDialog({
  open,
  title,
  initial,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial?: { name: string; description: string; startTimestamp: number; endTimestamp: number };
  busy: boolean;
  onSubmit: (body: GroupBodyInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      start: initial ? msToDateInput(initial.startTimestamp) : '',
      end: initial ? msToDateInput(initial.endTimestamp) : '',
    });
  }, [open, initial, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await onSubmit({
        name: v.name.trim(),
        description: (v.description ?? '').trim(),
        startTimestamp: dateInputToMs(v.start) ?? 0,
        endTimestamp: (dateInputToMs(v.end) ?? 0) + 86_399_000,
      });
      onClose();
    } catch {
      // toasted by the client
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="internship-group" layout="vertical" data-testid="group-form">
        <Form.Item
          name="name"
          label="实习计划名称"
          rules={[
            { required: true, whitespace: true, message: INTERNSHIPS_MSG.groupNameRequired },
            { max: INTERNSHIP_LIMITS.groupNameMax, message: INTERNSHIPS_MSG.groupNameTooLong },
          ]}
        >
          <Input data-testid="group-name" />
        </Form.Item>
        <Form.Item
          name="description"
          label="说明"
          rules={[{ max: INTERNSHIP_LIMITS.descriptionMax, message: INTERNSHIPS_MSG.descriptionTooLong }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item
          name="start"
          label="开始日期"
          rules={[{ required: true, message: INTERNSHIPS_MSG.startRequired }]}
        >
          <Input type="date" data-testid="group-start" />
        </Form.Item>
        <Form.Item
          name="end"
          label="结束日期"
          dependencies={['start']}
          rules={[
            { required: true, message: INTERNSHIPS_MSG.endRequired },
            ({ getFieldValue }) => ({
              validator: (_, value: string) => {
                const start = dateInputToMs(getFieldValue('start') ?? '');
                const end = dateInputToMs(value ?? '');
                return start !== null && end !== null && end < start
                  ? Promise.reject(new Error(INTERNSHIPS_MSG.endBeforeStart))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <Input type="date" data-testid="group-end" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
