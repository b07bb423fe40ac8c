import {
  APPLICATIONS_MSG,
  type CompanyDeliveryResume,
  type CompanyFeedback,
  type InvitationType,
} from '@uplus/shared';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Space, Spin, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { useToast } from '../../../lib/toast';
import { useDelivery, useMarkInappropriate, useOpenResume } from './api';

// the invitation dialog (date picker, select, upload) loads when an invitation is first written
const InvitationDialog = lazyPart(async () => (await import('./invitation-dialog')).InvitationDialog, {
  dialog: true,
});

// the online resume's sheet (issue 13) loads only when a resume is opened
const ResumeSheet = lazy(async () => ({
  default: (await import('../../resume/preview/online-resume-preview-page')).ResumeSheet,
}));

const time = (ms: number | null) => (ms ? new Date(ms).toLocaleString('zh-CN', { hour12: false }) : '—');
const STATUS_COLOR: Record<string, string> = {
  ToBeProcessed: 'blue',
  Accepted: 'green',
  Rejected: 'red',
  Timeout: 'default',
};

function FeedbackItem({ f }: { f: CompanyFeedback }) {
  return (
    <li className="applications-feedback" data-testid="feedback-item">
      <div>
        <strong>{f.typeTitle}</strong>{' '}
        {f.statusTitle ? <Tag color={STATUS_COLOR[f.status]}>{f.statusTitle}</Tag> : null}
        <span className="applications-muted"> 发送于 {time(f.createAt)}</span>
      </div>
      {f.type !== 'Inappropriate' ? (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="时间">{time(f.startAt)}</Descriptions.Item>
          {f.respondBy ? <Descriptions.Item label="处理截止">{time(f.respondBy)}</Descriptions.Item> : null}
          <Descriptions.Item label="联系人">{f.contactPerson}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{f.mobile}</Descriptions.Item>
          {f.place ? <Descriptions.Item label="地点">{f.place}</Descriptions.Item> : null}
          {f.notice ? <Descriptions.Item label="注意事项">{f.notice}</Descriptions.Item> : null}
          {f.offerDescription ? (
            <Descriptions.Item label="offer说明">{f.offerDescription}</Descriptions.Item>
          ) : null}
          {f.internOccupations.length ? (
            <Descriptions.Item label="录用岗位">
              {f.internOccupations.map((o) => o.name).join('、')}
            </Descriptions.Item>
          ) : null}
          {f.materials.length ? (
            <Descriptions.Item label="附件">
              {f.materials.map((m) => (
                <a key={m.id} href={m.url} target="_blank" rel="noreferrer" className="applications-link">
                  {m.name}
                </a>
              ))}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label="求职者">
            {f.answeredAt
              ? `${f.statusTitle}（${time(f.answeredAt)}）`
              : f.status === 'Timeout'
                ? '超时未处理'
                : f.readAt
                  ? '已读，待处理'
                  : '未读'}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </li>
  );
}

function ResumeView({ resume }: { resume: CompanyDeliveryResume }) {
  if (resume.online)
    return (
      <Suspense fallback={<Spin />}>
        <div className="applications-resume" data-testid="online-resume">
          <ResumeSheet resume={resume.online} />
        </div>
      </Suspense>
    );
  const a = resume.attached;
  if (!a) return null;
  return (
    <div data-testid="attached-resume">
      <Space>
        <span>{a.name}</span>
        <a href={a.url} target="_blank" rel="noreferrer">
          在新标签页打开
        </a>
      </Space>
      {a.pdfUrl ? (
        <iframe title={`附件简历 ${a.name}`} src={a.pdfUrl} className="applications-pdf" />
      ) : (
        <p className="applications-muted">该格式不支持在线预览，请在新标签页打开下载查看。</p>
      )}
    </div>
  );
}

/** The detail drawer of one delivery: resume, feedbacks with answers, invitations and 不合适. */
export function DeliveryDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useDelivery(id);
  const openResume = useOpenResume(id);
  const inappropriate = useMarkInappropriate(id);
  const toast = useToast();
  const [inviting, setInviting] = useState<InvitationType | null>(null);
  const d = detail.data;
  const closed = !d || d.canceled || d.inappropriateAt !== null;
  return (
    <Drawer open width={760} title="投递详情" onClose={onClose}>
      {detail.isPending ? (
        <Spin />
      ) : detail.isError ? (
        <Alert
          type="error"
          title={errorMessage(detail.error)}
          action={<Button onClick={() => void detail.refetch()}>重试</Button>}
        />
      ) : d ? (
        <div data-testid="delivery-detail">
          <Descriptions column={2} size="small">
            <Descriptions.Item label="姓名">{d.applicant.name || '—'}</Descriptions.Item>
            <Descriptions.Item label="状态">{d.stateTitle}</Descriptions.Item>
            <Descriptions.Item label="学校">{d.applicant.schoolName || '—'}</Descriptions.Item>
            <Descriptions.Item label="专业">{d.applicant.majorName || '—'}</Descriptions.Item>
            <Descriptions.Item label="学历">{d.applicant.degreeTitle || '—'}</Descriptions.Item>
            <Descriptions.Item label={d.internProgram ? '实习项目' : '职位'}>
              {d.occupation?.name ?? d.internProgram?.name}
              {d.internOccupations.length ? `（${d.internOccupations.map((o) => o.name).join('、')}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="投递时间">{time(d.deliveredAt)}</Descriptions.Item>
            <Descriptions.Item label="查看时间">{time(d.viewedAt)}</Descriptions.Item>
          </Descriptions>
          <Space wrap className="applications-actions">
            <Button
              onClick={() => openResume.mutate()}
              loading={openResume.isPending}
              disabled={d.canceled || d.resumeHidden}
            >
              查看{d.resumeTypeTitle}
            </Button>
            {(['Written', 'Interview', 'Offer'] as const).map((type) => (
              <Button
                key={type}
                disabled={closed}
                onClick={() => setInviting(type)}
                {...preloadOn(InvitationDialog)}
              >
                发送{type === 'Written' ? '笔试' : type === 'Interview' ? '面试' : '入职'}邀请
              </Button>
            ))}
            <Popconfirm
              title={APPLICATIONS_MSG.inappropriateConfirm}
              okText="确定"
              cancelText="取消"
              onConfirm={() =>
                inappropriate.mutate(undefined, {
                  onSuccess: () => toast.success(APPLICATIONS_MSG.markedInappropriate),
                })
              }
              disabled={closed}
            >
              <Button danger disabled={closed} loading={inappropriate.isPending}>
                不合适
              </Button>
            </Popconfirm>
          </Space>
          {d.resumeHidden ? <Alert type="info" title="求职者已隐藏简历，暂不能查看" /> : null}
          {d.canceled ? <Alert type="warning" title={APPLICATIONS_MSG.canceled} /> : null}
          {openResume.data ? <ResumeView resume={openResume.data} /> : null}
          <h3>反馈记录</h3>
          {d.feedbacks.length ? (
            <ul className="applications-feedbacks">
              {d.feedbacks.map((f) => (
                <FeedbackItem key={f.id} f={f} />
              ))}
            </ul>
          ) : (
            <p className="applications-muted">暂无反馈</p>
          )}
          {inviting ? (
            <InvitationDialog
              deliveryId={id}
              type={inviting}
              programOccupations={d.programOccupations}
              onClose={() => setInviting(null)}
            />
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
