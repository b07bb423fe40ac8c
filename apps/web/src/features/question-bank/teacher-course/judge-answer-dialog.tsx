import { AI_LIMITS, type JudgeBody, judgeBody } from '@uplus/shared';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { type JudgeableQuestion, judgePayloadError, judgePayloadOf } from './judge-payload';
import './teacher-course.css';

type Props = {
  /** the question to judge an answer to; null: closed */
  question: JudgeableQuestion | null;
  onCancel: () => void;
  /** the checked payload: the judge panel opens with it */
  onSubmit: (payload: JudgeBody) => void;
};

/**
 * AI判题 on a course page: the teacher enters or pastes a student's answer; the question's score and
 * reference answer go with it. The common judge panel then judges on opening.
 */
export function JudgeAnswerDialog({ question, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<{ studentAnswer: string }>();
  const [payloadError, setPayloadError] = useState<string | null>(null);

  const submit = ({ studentAnswer }: { studentAnswer: string }) => {
    if (!question) return;
    const payload = judgePayloadOf(question, studentAnswer);
    const error = judgePayloadError(payload);
    if (error) {
      setPayloadError(error);
      return;
    }
    onSubmit(payload);
  };

  return (
    <Modal
      open={!!question}
      title="AI判题"
      okText="开始判题"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setPayloadError(null);
      }}
      okButtonProps={{ 'data-testid': 'course-judge-start' } as Record<string, string>}
    >
      {question && (
        <div className="course-judge" data-testid="course-judge-form">
          <dl className="course-question__facts">
            <dt>题目</dt>
            <dd>{question.title}</dd>
            <dt>分值</dt>
            <dd>{question.score}分</dd>
            <dt>参考答案</dt>
            <dd>
              <pre className="course-question__code">{question.answer}</pre>
            </dd>
          </dl>
          <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
            <Form.Item
              label="学生答案"
              name="studentAnswer"
              rules={[
                {
                  validator: async (_rule, value) => {
                    const parsed = judgeBody.shape.studentAnswer.safeParse(value ?? '');
                    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
                  },
                },
              ]}
            >
              <Input.TextArea
                autoFocus
                autoSize={{ minRows: 5, maxRows: 12 }}
                showCount
                maxLength={AI_LIMITS.maxTextLength}
                placeholder="输入或粘贴学生的答案"
              />
            </Form.Item>
          </Form>
          {payloadError && (
            <div className="course-field__error" role="alert">
              {payloadError}
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
