import {
  type AcceptedForm,
  firstAcceptedError,
  JOB_STATUSES,
  type JobStatus,
  RESUME_LIMITS,
} from '@uplus/shared';
import { Alert, Card, Form, Input, Modal, Radio, Skeleton } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import { useMemberDetail, useSaveMemberProfile } from './api';
import { LoadFailed } from './load-failed';
import './profile-cards.css';

/*
 * 求职状态 (career spec 4 "Job-seeking status", 5 "Accepted-status dialog"): 正在求职 is saved at once with
 * empty company and position; 已接受offer opens a dialog asking the position (15) and the company (30),
 * prefilled, and saves with status Accepted. Company and position are shown only when accepted.
 */

const FIELDS = ['occupationName', 'companyName'] as const;
const count = { show: true, strategy: (text: string) => [...text].length };

export function JobStatusCard() {
  const member = useMemberDetail();
  const save = useSaveMemberProfile();
  const toast = useToast();
  const profile = member.data?.profile;
  const status: JobStatus = profile?.status ?? 'Seeking';
  const [asking, setAsking] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [form] = Form.useForm<AcceptedForm>();

  useEffect(() => {
    if (asking) {
      form.setFieldsValue({
        occupationName: profile?.occupationName ?? '',
        companyName: profile?.companyName ?? '',
      });
      setServerError(null);
    }
  }, [asking, form, profile?.occupationName, profile?.companyName]);

  const choose = async (next: JobStatus) => {
    if (next === 'Accepted') {
      setAsking(true);
      return;
    }
    try {
      await save.mutateAsync({ status: 'Seeking' });
      toast.success('保存成功');
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const submit = async () => {
    if (save.isPending) return;
    const values = form.getFieldsValue(true) as AcceptedForm;
    const error = firstAcceptedError(values);
    form.setFields(FIELDS.map((name) => ({ name, errors: error?.field === name ? [error.message] : [] })));
    if (error) {
      form.focusField(error.field);
      return;
    }
    setServerError(null);
    try {
      await save.mutateAsync({
        status: 'Accepted',
        occupationName: (values.occupationName ?? '').trim(),
        companyName: (values.companyName ?? '').trim(),
      });
      toast.success('保存成功');
      setAsking(false);
    } catch (e) {
      setServerError(errorMessage(e));
    }
  };
  const enter = (e: KeyboardEvent) => {
    // IME composition's Enter only picks the characters; it never saves.
    if (!e.nativeEvent.isComposing && e.keyCode !== 229) void submit();
  };

  return (
    <Card title="求职状态" size="small" className="rp-card" data-testid="job-status-card">
      {member.isPending && member.fetchStatus !== 'idle' ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : member.isError ? (
        <LoadFailed onRetry={() => void member.refetch()} />
      ) : (
        <>
          <Radio.Group
            value={status}
            disabled={save.isPending || member.isError}
            onChange={(e) => void choose(e.target.value)}
            options={JOB_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
            aria-label="求职状态"
            data-testid="job-status"
          />
          {status === 'Accepted' && (
            <dl className="rp-facts" data-testid="job-status-accepted">
              <dt>公司</dt>
              <dd>{profile?.companyName}</dd>
              <dt>职位</dt>
              <dd>{profile?.occupationName}</dd>
            </dl>
          )}
          {status === 'Accepted' && (
            <button type="button" className="rp-link" onClick={() => setAsking(true)}>
              修改
            </button>
          )}
        </>
      )}
      <Modal
        open={asking}
        title="已接受offer"
        okText="保存"
        cancelText="取消"
        onCancel={() => setAsking(false)}
        onOk={() => void submit()}
        okButtonProps={{ loading: save.isPending, 'data-testid': 'accepted-save' } as never}
        maskClosable={false}
        destroyOnHidden
        width={440}
      >
        <Form<AcceptedForm> form={form} layout="vertical" name="accepted-status" requiredMark>
          <Form.Item label="职位名称" name="occupationName" required>
            <Input
              placeholder="请填写职位名称"
              count={{ ...count, max: RESUME_LIMITS.position }}
              onPressEnter={enter}
              autoFocus
              data-testid="accepted-position"
            />
          </Form.Item>
          <Form.Item label="公司名称" name="companyName" required>
            <Input
              placeholder="请填写公司名称"
              count={{ ...count, max: RESUME_LIMITS.companyName }}
              onPressEnter={enter}
              data-testid="accepted-company"
            />
          </Form.Item>
        </Form>
        {serverError && <Alert type="error" showIcon title={serverError} role="alert" />}
      </Modal>
    </Card>
  );
}
