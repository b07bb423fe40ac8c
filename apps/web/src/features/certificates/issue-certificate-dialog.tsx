import {
  CERTIFICATE_LIMITS,
  CERTIFICATE_TYPE_TITLES,
  CERTIFICATE_TYPES,
  CERTIFICATES_MSG,
  type CertificateType,
  INTERNSHIP_STATUS_TITLES,
  type UploadedFile,
} from '@uplus/shared';
import { Alert, Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useToast } from '../../lib/toast';
import { FileUpload } from '../files/file-upload';
import { MANAGED_PAGE_SIZE, useGroupMembers, useManagedGroups } from '../internships/api';
import { useIssueCertificate, useLastSeal } from './api';

/*
 * 颁发证书 (issue 12): the company's business user picks one of the company's internship groups, then a member
 * of it, the kind, what it certifies, a comment (multi-line), and the seal (the last one used is offered
 * again) or, for a Customized certificate, its image. The server checks every rule again.
 */

type Values = {
  groupId?: string;
  memberId?: string;
  type: CertificateType;
  subject: string;
  comment: string;
  seal: UploadedFile | null;
  custom: UploadedFile | null;
};

const INITIAL: Values = { type: 'Internship', subject: '', comment: '', seal: null, custom: null };
/** Members listed at once (the largest page the server gives). */
const MEMBER_PAGE = 100;

export function IssueCertificateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const issue = useIssueCertificate();
  const [groupPage, setGroupPage] = useState(1);
  /** an upload under way holds 颁发 until its file id is known */
  const [uploading, setUploading] = useState(false);
  const groups = useManagedGroups(groupPage);
  const groupId = Form.useWatch('groupId', form) ?? '';
  const type = Form.useWatch('type', form) ?? INITIAL.type;
  const members = useGroupMembers(groupId, 1, MEMBER_PAGE);
  const lastSeal = useLastSeal(open);
  const group = groups.data?.rows.find((g) => g.id === groupId);
  const custom = type === 'Customized';

  // the company's last seal is offered again: filled in until the user removes or replaces it
  useEffect(() => {
    if (open && lastSeal.data && !form.getFieldValue('seal')) form.setFieldValue('seal', lastSeal.data);
  }, [open, lastSeal.data, form]);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    try {
      await issue.mutateAsync({
        memberId: values.memberId ?? '',
        type: values.type,
        subject: values.subject,
        comment: values.comment,
        officialSealFileId: custom ? null : (values.seal?.id ?? null),
        customFileId: custom ? (values.custom?.id ?? null) : null,
      });
      toast.success(CERTIFICATES_MSG.issued);
      close();
    } catch {
      // the client toasted the server's reason (group not finished, member eliminated, ...)
    }
  };

  const groupsTotal = groups.data?.total ?? 0;
  return (
    <Modal
      open={open}
      title={CERTIFICATES_MSG.issue}
      onCancel={() => !issue.isPending && close()}
      okText="颁发"
      cancelText="取消"
      okButtonProps={{
        loading: issue.isPending,
        disabled: uploading,
        htmlType: 'submit',
        form: 'issue-certificate-form',
      }}
      width={620}
      destroyOnHidden
    >
      <Form
        form={form}
        id="issue-certificate-form"
        layout="vertical"
        initialValues={INITIAL}
        onFinish={(values) => void submit(values)}
        data-testid="issue-certificate-form"
      >
        <Form.Item label="实习计划" required>
          <div className="cert-issue__group">
            <Form.Item
              name="groupId"
              noStyle
              rules={[{ required: true, message: CERTIFICATES_MSG.groupRequired }]}
            >
              <Select
                aria-label="实习计划"
                placeholder="请选择实习计划"
                loading={groups.isPending}
                notFoundContent={groups.isError ? '实习计划加载失败' : '暂无实习计划'}
                options={(groups.data?.rows ?? []).map((g) => ({
                  value: g.id,
                  label: `${g.name}（${INTERNSHIP_STATUS_TITLES[g.status]}）`,
                }))}
                onChange={() => form.setFieldValue('memberId', undefined)}
                data-testid="issue-group"
              />
            </Form.Item>
            {groupsTotal > MANAGED_PAGE_SIZE ? (
              <span className="cert-issue__pages">
                <Button size="small" disabled={groupPage <= 1} onClick={() => setGroupPage((p) => p - 1)}>
                  上一页
                </Button>
                <Button
                  size="small"
                  disabled={groupPage * MANAGED_PAGE_SIZE >= groupsTotal}
                  onClick={() => setGroupPage((p) => p + 1)}
                >
                  下一页
                </Button>
              </span>
            ) : null}
          </div>
        </Form.Item>
        {group && group.status !== 'Finished' && !custom ? (
          <Alert
            className="cert-issue__alert"
            type="warning"
            showIcon
            title={CERTIFICATES_MSG.groupNotFinished}
          />
        ) : null}
        <Form.Item
          name="memberId"
          label="实习成员"
          rules={[{ required: true, message: CERTIFICATES_MSG.memberRequired }]}
        >
          <Select
            placeholder={groupId ? '请选择实习成员' : '请先选择实习计划'}
            disabled={!groupId}
            loading={!!groupId && members.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={members.isError ? '成员加载失败' : '暂无成员'}
            options={(members.data?.rows ?? []).map((m) => ({
              value: m.id,
              label: `${m.userName}（${m.occupationName}）${m.eliminated ? ' · 未通过考核' : m.exited ? ' · 已退出' : ''}`,
              disabled: m.eliminated && !custom,
            }))}
            data-testid="issue-member"
          />
        </Form.Item>
        <Form.Item
          name="type"
          label="证书类型"
          rules={[{ required: true, message: CERTIFICATES_MSG.typeRequired }]}
        >
          <Radio.Group
            options={CERTIFICATE_TYPES.map((t) => ({ value: t, label: CERTIFICATE_TYPE_TITLES[t] }))}
            optionType="button"
          />
        </Form.Item>
        {custom ? (
          <Form.Item
            name="custom"
            label="证书图片"
            rules={[{ required: true, message: CERTIFICATES_MSG.customRequired }]}
          >
            <FileUpload purpose="certificate" onBusyChange={setUploading} />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="subject"
              label="证书内容"
              extra="如：Java 开发、软件测试（写在证书正文中）"
              rules={[
                { required: true, whitespace: true, message: CERTIFICATES_MSG.subjectRequired },
                { max: CERTIFICATE_LIMITS.maxSubjectLength, message: CERTIFICATES_MSG.subjectTooLong },
              ]}
            >
              <Input maxLength={CERTIFICATE_LIMITS.maxSubjectLength} showCount data-testid="issue-subject" />
            </Form.Item>
            <Form.Item
              name="comment"
              label="评语"
              extra="可分多行填写，证书上按行显示"
              rules={[{ max: CERTIFICATE_LIMITS.maxCommentLength, message: CERTIFICATES_MSG.commentTooLong }]}
            >
              <Input.TextArea
                rows={4}
                maxLength={CERTIFICATE_LIMITS.maxCommentLength}
                showCount
                data-testid="issue-comment"
              />
            </Form.Item>
            <Form.Item
              name="seal"
              label="公章图片"
              extra={lastSeal.data ? '已填入上次使用的公章，可移除后重新上传' : '建议上传透明背景的 PNG 图片'}
              rules={[{ required: true, message: CERTIFICATES_MSG.sealRequired }]}
            >
              <FileUpload purpose="seal" onBusyChange={setUploading} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
