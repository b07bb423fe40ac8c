import {
  type AcceptanceBody,
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_TABS,
  FEEDBACK_UP_TYPES,
  type FeedbackRecord,
  type FeedbackTab,
  type FeedbackUpType,
  feedbackTabUnreadOf,
  feedbackUpTypeDotOf,
  INVITATION_STATUS_TITLES,
  type InvitationStatus,
  internOfferStepOf,
  JOBS_MSG,
  salaryText,
} from '@uplus/shared';
import { Badge, Button, Modal, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/http';
import { useToast } from '../../../lib/toast';
import {
  fetchProgramJoinedCount,
  useAnswerInvitation,
  useCancelApplication,
  useDeliveryTimeline,
  useFeedbackDetail,
  useFeedbackList,
  useMarkRead,
  useUnreadCounts,
} from './api';
import {
  answerConfirmOf,
  cardBadgeOf,
  cardStatusOf,
  feedbackTimeText,
  feedbackTypeOf,
  isInvitationTab,
  modeOf,
  monthText,
  selectedIdOf,
  toDownType,
  toUpType,
} from './feedback-model';
import './feedback.css';

// the offer dialog and the file preview load when first opened
const OfferDialog = lazy(async () => ({ default: (await import('./offer-dialog')).OfferDialog }));

/**
 * 投递反馈 (/workbench/index/feedback?upType=&downType=&id=, career spec sections 2, 4, 5): top tabs 职位 /
 * 实习项目 with unread dots, the six sub tabs with unread badges on 笔试 面试 录用, cards (15 a page) and the
 * selected card's detail: the invitation, answering it, the offer and its files, 取消申请, and the timeline
 * of every step of the application.
 */
export function FeedbackPage() {
  const [params, setParams] = useSearchParams();
  const upType = toUpType(params.get('upType'));
  const downType = toDownType(params.get('downType'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const mode = modeOf(upType);
  const counts = useUnreadCounts();
  const list = useFeedbackList(mode, downType, page);
  const rows = list.data?.rows ?? [];
  const selectedId = selectedIdOf(rows, params.get('id'));
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  const markRead = useMarkRead();
  const type = feedbackTypeOf(downType);
  const [localStatus, setLocalStatus] = useState<Record<string, InvitationStatus>>({});

  const go = (next: {
    upType?: FeedbackUpType;
    downType?: FeedbackTab;
    page?: number;
    id?: string | null;
  }) => {
    const p = new URLSearchParams();
    p.set('upType', next.upType ?? upType);
    // switching the top tab resets to 已投递
    p.set('downType', next.upType && next.upType !== upType ? 'Delivery' : (next.downType ?? downType));
    const nextPage = next.page ?? (next.upType || next.downType ? 1 : page);
    if (nextPage > 1) p.set('page', String(nextPage));
    const nextId =
      next.id === undefined ? (next.upType || next.downType || next.page ? null : params.get('id')) : next.id;
    if (nextId) p.set('id', nextId);
    setParams(p);
  };

  // opening a card (the first is opened on load) marks its unread feedback read and refreshes the counts
  const marked = useRef(new Set<string>());
  const mark = markRead.mutate;
  useEffect(() => {
    if (selected?.unReadStatus !== 'Yes') return;
    const key = `${selected.id}:${type ?? ''}`;
    if (marked.current.has(key)) return;
    marked.current.add(key);
    mark({ deliveryId: selected.id, type });
  }, [selected, type, mark]);

  return (
    <section className="feedback-page" aria-labelledby="feedback-title">
      <h1 id="feedback-title" className="visually-hidden">
        投递反馈
      </h1>
      <div className="feedback-tabs feedback-tabs--up" role="tablist" aria-label="投递类型">
        {FEEDBACK_UP_TYPES.map((u) => (
          <button
            key={u.key}
            type="button"
            role="tab"
            aria-selected={u.key === upType}
            className="feedback-tabs__tab"
            onClick={() => u.key !== upType && go({ upType: u.key })}
          >
            <Badge dot={feedbackUpTypeDotOf(u.mode, counts)} offset={[6, 0]}>
              <span>{u.title}</span>
            </Badge>
          </button>
        ))}
      </div>
      <div className="feedback-tabs" role="tablist" aria-label="反馈状态">
        {FEEDBACK_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === downType}
            className="feedback-tabs__tab"
            onClick={() => go({ downType: t.key })}
          >
            <Badge count={feedbackTabUnreadOf(t.key, mode, counts)} size="small" offset={[8, -2]}>
              <span>{t.title}</span>
            </Badge>
          </button>
        ))}
      </div>
      {list.isError ? (
        <div className="feedback-page__state" role="alert">
          <span>{errorMessage(list.error)}</span>
          <Button onClick={() => list.refetch()}>重试</Button>
        </div>
      ) : list.isPending ? (
        <div className="feedback-page__state">
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <p className="feedback-page__state feedback-page__empty">
          {FEEDBACK_TABS.find((t) => t.key === downType)?.empty}
        </p>
      ) : (
        <div className="feedback-page__panes">
          <div className="feedback-page__list">
            <ul aria-label="投递记录">
              {rows.map((r) => (
                <li key={r.id}>
                  <FeedbackCard
                    record={r}
                    active={r.id === selectedId}
                    status={cardStatusOf(r, localStatus)}
                    onOpen={() => go({ id: r.id })}
                  />
                </li>
              ))}
            </ul>
            <Pager page={page} total={list.data?.total ?? 0} onChange={(next) => go({ page: next })} />
          </div>
          {selected && (
            <FeedbackDetail
              key={`${selected.id}:${downType}`}
              deliveryId={selected.id}
              tab={downType}
              record={selected}
              onAnswered={(feedbackId, status) => setLocalStatus((s) => ({ ...s, [feedbackId]: status }))}
            />
          )}
        </div>
      )}
    </section>
  );
}

/** 15 a page; hidden on a single page (antd's Pagination would pull its size select into this page). */
function Pager(props: { page: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.ceil(props.total / FEEDBACK_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <nav className="feedback-pager" aria-label="分页">
      <Button size="small" disabled={props.page <= 1} onClick={() => props.onChange(props.page - 1)}>
        上一页
      </Button>
      <span aria-live="polite">
        {props.page} / {pages}
      </span>
      <Button size="small" disabled={props.page >= pages} onClick={() => props.onChange(props.page + 1)}>
        下一页
      </Button>
    </nav>
  );
}

/** A card of the left pane: name, company, time, the unread dot and the badge. */
function FeedbackCard(props: {
  record: FeedbackRecord;
  active: boolean;
  status: InvitationStatus | null;
  onOpen: () => void;
}) {
  const { record: r } = props;
  const badge = cardBadgeOf(r, props.status);
  const first = r.feedbackRecords[0];
  return (
    <button
      type="button"
      className={`feedback-card${props.active ? ' feedback-card--active' : ''}`}
      aria-current={props.active || undefined}
      onClick={props.onOpen}
      data-testid="feedback-card"
    >
      {r.unReadStatus === 'Yes' && <span className="feedback-card__dot" role="img" aria-label="未读" />}
      <span className="feedback-card__name">{r.content.name}</span>
      {badge && (
        <span className={`feedback-card__badge${badge.greyed ? ' feedback-card__badge--grey' : ''}`}>
          {badge.text}
        </span>
      )}
      <span className="feedback-card__company">{r.content.companyNickName}</span>
      <span className="feedback-card__meta">
        {r.internProgram
          ? `${monthText(r.internProgram.internshipStartTimestamp)}-${monthText(r.internProgram.internshipEndTimestamp)}`
          : [salaryText(r.content.minSalary, r.content.maxSalary), r.content.cityName, r.content.degreeTitle]
              .filter(Boolean)
              .join(' | ')}
      </span>
      <span className="feedback-card__time">{feedbackTimeText(first?.createAt ?? r.createAt)}</span>
    </button>
  );
}

/** The right pane: the invitation (answering it), the offer, 取消申请 and the timeline. */
function FeedbackDetail(props: {
  deliveryId: string;
  tab: FeedbackTab;
  record: FeedbackRecord;
  onAnswered: (feedbackId: string, status: InvitationStatus) => void;
}) {
  const type = feedbackTypeOf(props.tab);
  const detail = useFeedbackDetail(props.deliveryId, props.record.campusRecruitMode, type);
  const record = detail.data ?? props.record;
  const invitation = record.feedbackRecords[0];
  const answer = useAnswerInvitation();
  const cancel = useCancelApplication();
  const message = useToast();
  const [modal, holder] = Modal.useModal();
  const [offerOpen, setOfferOpen] = useState(false);
  const busy = answer.isPending;
  const intern = record.campusRecruitMode === 'InternProgram';

  const send = async (status: AcceptanceBody['status']) => {
    if (!invitation || invitation.type === 'Inappropriate') return;
    const body: AcceptanceBody = {
      type: invitation.type,
      campusRecruitMode: record.campusRecruitMode,
      status,
    };
    try {
      await answer.mutateAsync({ deliveryId: record.id, body });
      props.onAnswered(invitation.id, status);
      message.success(status === 'Accepted' ? JOBS_MSG.invitationAccepted : JOBS_MSG.invitationRejected);
      await detail.refetch();
    } catch {
      // the server's message was toasted
    }
  };

  const confirmThen = (text: string | null, then: () => void) => {
    if (!text) return then();
    modal.confirm({ title: text, okText: '确定', cancelText: '取消', width: 400, onOk: then });
  };

  const onAccept = async () => {
    if (!invitation || invitation.type === 'Inappropriate') return;
    if (invitation.type === 'Offer' && intern && record.internProgram) {
      try {
        const count = await fetchProgramJoinedCount(record.internProgram.id);
        const step = internOfferStepOf(count);
        if (step === 'accept') return void send('Accepted');
        if (step === 'confirmJoin')
          return confirmThen(JOBS_MSG.joinOneProgramConfirm, () => void send('Accepted'));
        modal.info({ title: JOBS_MSG.quitCurrentFirst, okText: '我知道了', width: 400 });
      } catch {
        // toasted
      }
      return;
    }
    confirmThen(answerConfirmOf(invitation.type, 'Accepted'), () => void send('Accepted'));
  };

  const onReject = () => {
    if (!invitation || invitation.type === 'Inappropriate') return;
    confirmThen(answerConfirmOf(invitation.type, 'Rejected'), () => void send('Rejected'));
  };

  const onCancel = () =>
    confirmThen(JOBS_MSG.cancelApplicationConfirm, async () => {
      try {
        await cancel.mutateAsync(record.id);
        message.success(JOBS_MSG.applicationCanceled);
      } catch {
        // toasted
      }
    });

  return (
    <article className="feedback-detail" aria-label="详情">
      {holder}
      <header className="feedback-detail__head">
        <h2>{record.content.name}</h2>
        <p>{record.company?.name ?? record.content.companyNickName}</p>
        {record.company && (
          <p className="feedback-detail__company">
            {[record.company.financingRoundTitle, record.company.industryTitle, record.company.scaleTitle]
              .filter(Boolean)
              .join(' | ')}
          </p>
        )}
        {record.deliveryOccupations.length > 0 && (
          <p>
            申请岗位：
            {record.deliveryOccupations.map((o) => `${o.name}（${o.cityName || '不限'}）`).join('、')}
          </p>
        )}
        {intern && props.tab === 'Delivery' && (
          <Button size="small" danger loading={cancel.isPending} onClick={onCancel}>
            取消申请
          </Button>
        )}
      </header>

      {props.tab === 'Viewed' && (
        <section className="feedback-detail__panel" aria-label="被查看">
          <h3>被查看</h3>
          <ol className="feedback-steps">
            <li>
              <strong>投递成功</strong> <time>{feedbackTimeText(record.createAt)}</time>
            </li>
            <li>
              <strong>被查看</strong> <time>{feedbackTimeText(record.viewedAt)}</time>
            </li>
          </ol>
          <p className="feedback-detail__tip">企业已查看了您的简历，请耐心等待企业反馈。</p>
        </section>
      )}

      {isInvitationTab(props.tab) && invitation && invitation.type !== 'Inappropriate' && (
        <section className="feedback-detail__panel" aria-label="邀请详情">
          <h3>
            {invitation.type === 'Written'
              ? '笔试邀请'
              : invitation.type === 'Interview'
                ? '面试邀请'
                : '入职邀请'}
            <span className={`feedback-status feedback-status--${invitation.status}`}>
              {INVITATION_STATUS_TITLES[invitation.status]}
            </span>
          </h3>
          <dl className="feedback-detail__fields">
            <dt>时间</dt>
            <dd>{feedbackTimeText(invitation.startTimestamp) || '—'}</dd>
            <dt>联系人</dt>
            <dd>{invitation.invitationContent.cotactPerson || '—'}</dd>
            <dt>联系电话</dt>
            <dd>{invitation.invitationContent.mobile || '—'}</dd>
            <dt>地点</dt>
            <dd>{invitation.invitationContent.place || '—'}</dd>
            <dt>注意事项</dt>
            <dd className="feedback-detail__notice">{invitation.invitationContent.notice || '—'}</dd>
            {invitation.respondByTimestamp && (
              <>
                <dt>处理截止</dt>
                <dd>{feedbackTimeText(invitation.respondByTimestamp)}</dd>
              </>
            )}
          </dl>
          {invitation.type === 'Offer' && (
            <Button type="link" onClick={() => setOfferOpen(true)}>
              查看offer详情
            </Button>
          )}
          {invitation.status === 'ToBeProcessed' && (
            <div className="feedback-detail__actions">
              <Button onClick={onReject} disabled={busy}>
                拒绝
              </Button>
              <Button type="primary" onClick={() => void onAccept()} disabled={busy} loading={busy}>
                接受
              </Button>
            </div>
          )}
        </section>
      )}

      {props.tab === 'Inappropriate' && (
        <section className="feedback-detail__panel" aria-label="不合适">
          <h3>不合适</h3>
          <p className="feedback-detail__tip">
            {feedbackTimeText(record.inappropriateAt)} 企业认为您暂不适合该职位，感谢您的关注。
          </p>
        </section>
      )}

      <DeliveryTimelinePanel deliveryId={record.id} />

      {offerOpen && invitation && (
        <Suspense fallback={null}>
          <OfferDialog invitation={invitation} onClose={() => setOfferOpen(false)} />
        </Suspense>
      )}
    </article>
  );
}

/** 申请进度: every step of the application with its time (our addition). */
function DeliveryTimelinePanel({ deliveryId }: { deliveryId: string }) {
  const timeline = useDeliveryTimeline(deliveryId);
  return (
    <section className="feedback-detail__panel" aria-label="申请进度">
      <h3>申请进度</h3>
      {timeline.isError ? (
        <p role="alert">
          {errorMessage(timeline.error)}{' '}
          <Button size="small" onClick={() => timeline.refetch()}>
            重试
          </Button>
        </p>
      ) : timeline.isPending ? (
        <Spin size="small" />
      ) : (
        <ol className="feedback-steps" data-testid="feedback-timeline">
          {timeline.data.steps.map((s) => (
            <li key={`${s.kind}-${s.feedbackType ?? ''}-${s.at}-${s.status ?? ''}`}>
              <strong>{s.title}</strong> <time>{feedbackTimeText(s.at)}</time>
              {s.kind === 'Invitation' && (s.startTimestamp || s.place) && (
                <span className="feedback-steps__more">
                  {[
                    s.startTimestamp ? `时间 ${feedbackTimeText(s.startTimestamp)}` : '',
                    s.place ? `地点 ${s.place}` : '',
                  ]
                    .filter(Boolean)
                    .join('，')}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
