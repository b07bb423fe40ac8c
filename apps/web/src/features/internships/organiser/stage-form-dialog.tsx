import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INTERNSHIP_LIMITS, INTERNSHIPS_MSG, type ManagedStage, type StageBodyInput } from '@uplus/shared';
import { Button, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';

type Values = {
  name: string;
  description: string;
  openToAll: boolean;
  tasks: { id?: string; title: string; content: string }[];
};

/** A stage's form: name, description, 对所有成员开放, and its tasks in order (add, remove). */
export function StageFormDialog({
  open,
  stage,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** the stage edited; null: a new one */
  stage: ManagedStage | null;
  busy: boolean;
  onSubmit: (body: StageBodyInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: stage?.name ?? '',
      description: stage?.description ?? '',
      openToAll: stage?.openToAll ?? false,
      tasks: stage?.tasks.map((t) => ({ id: t.id, title: t.title, content: t.content })) ?? [],
    });
  }, [open, stage, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await onSubmit({
        name: v.name.trim(),
        description: (v.description ?? '').trim(),
        openToAll: !!v.openToAll,
        tasks: (v.tasks ?? []).map((t) => ({
          ...(t.id ? { id: t.id } : {}),
          title: t.title.trim(),
          content: (t.content ?? '').trim(),
        })),
      });
      onClose();
    } catch {
      // toasted by the client
    }
  };

  return (
    <Modal
      open={open}
      title={stage ? '编辑阶段' : '添加阶段'}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      width={640}
    >
      <Form form={form} name="internship-stage" layout="vertical" data-testid="stage-form">
        <Form.Item
          name="name"
          label="阶段名称"
          rules={[
            { required: true, whitespace: true, message: INTERNSHIPS_MSG.stageNameRequired },
            { max: INTERNSHIP_LIMITS.stageNameMax, message: INTERNSHIPS_MSG.stageNameTooLong },
          ]}
        >
          <Input data-testid="stage-name" />
        </Form.Item>
        <Form.Item
          name="description"
          label="阶段说明"
          rules={[{ max: INTERNSHIP_LIMITS.descriptionMax, message: INTERNSHIPS_MSG.descriptionTooLong }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="openToAll" valuePropName="checked">
          <Checkbox data-testid="stage-open">对所有成员开放（不勾选则需逐个授权）</Checkbox>
        </Form.Item>
        <Form.List name="tasks">
          {(fields, { add, remove }) => (
            <fieldset>
              <legend>任务</legend>
              {fields.map((field, index) => (
                <div key={field.key} className="enterprise-task-row">
                  <div>
                    <Form.Item name={[field.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'title']}
                      label={`任务 ${index + 1} 名称`}
                      rules={[
                        { required: true, whitespace: true, message: INTERNSHIPS_MSG.taskTitleRequired },
                        { max: INTERNSHIP_LIMITS.taskTitleMax, message: INTERNSHIPS_MSG.taskTitleTooLong },
                      ]}
                    >
                      <Input data-testid="task-title" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'content']}
                      label={`任务 ${index + 1} 内容`}
                      rules={[
                        {
                          max: INTERNSHIP_LIMITS.taskContentMax,
                          message: INTERNSHIPS_MSG.taskContentTooLong,
                        },
                      ]}
                    >
                      <Input.TextArea rows={2} />
                    </Form.Item>
                  </div>
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`删除任务 ${index + 1}`}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              {fields.length < INTERNSHIP_LIMITS.tasksPerStage && (
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add({ title: '', content: '' })}
                  data-testid="task-add"
                >
                  添加任务
                </Button>
              )}
            </fieldset>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
