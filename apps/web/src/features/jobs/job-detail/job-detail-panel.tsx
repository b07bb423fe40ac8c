import { HeartFilled, HeartOutlined, QrcodeOutlined } from '@ant-design/icons';
import { formatDate, JOBS_MSG, jobDetailButtonsOf, type OccupationDetail, salaryText } from '@uplus/shared';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { lazyPart, preloadOn } from '../../../components/lazy-part';
import { LocationMap } from '../../../components/map/location-map';
import { StatusPanel } from '../../../components/status-panel';
import { browser } from '../../../lib/browser';
import { useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { goToLogin } from '../../sessions/session';
import { useCancelDelivery, useCancelFavourite, useFavouriteJob, useOccupationDetail } from '../api';
import { useDeliveryFlow } from '../delivery/use-delivery-flow';
import { CompanyBlock } from './company-block';
import '../jobs.css';

/** The QR code dialog loads when 分享 is first pressed. */
const ShareDialogPart = lazyPart(async () => (await import('./share-dialog')).ShareDialog, { dialog: true });

/** The job's share address (the QR code, spec 2). */
export const jobDetailUrl = (origin: string, id: string) =>
  `${origin}/jobdetails?id=${encodeURIComponent(id)}`;

/** Skills are comma-separated (either comma). */
export const skillsOf = (skills: string) =>
  skills
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * 职位详情 (career spec 2, 3, 4): every field of the occupation detail, the buttons of section 4
 * (`jobDetailButtonsOf`), favourite / 取消收藏, 投递简历 through the delivery gate, 取消投递 with a
 * confirmation, the map and a QR code to share. Offline: 职位已下线, description, address and favourite
 * hidden. Used by the /jobdetails page and by other pages that show a job.
 */
export function JobDetailPanel({ id }: { id: string }) {
  const detail = useOccupationDetail(id);
  if (!id) return <StatusPanel title={JOBS_MSG.occupationNotFound} />;
  if (detail.isPending)
    return (
      <div className="job-detail__loading" role="status" data-testid="job-detail-loading">
        正在加载职位…
      </div>
    );
  if (detail.isError)
    return (
      <StatusPanel
        title="职位加载失败"
        description={detail.error.message}
        actions={
          <Button onClick={() => void detail.refetch()} data-testid="job-detail-retry">
            重试
          </Button>
        }
      />
    );
  return <JobDetailView job={detail.data} />;
}

function JobDetailView({ job }: { job: OccupationDetail }) {
  const token = useStored('AccessToken');
  const toast = useToast();
  const favourite = useFavouriteJob();
  const cancelFavourite = useCancelFavourite();
  const cancelDelivery = useCancelDelivery();
  const confirm = useConfirm();
  const flow = useDeliveryFlow({ mode: 'Recruitment', occupationId: job.id });
  const [sharing, setSharing] = useState(false);
  const buttons = jobDetailButtonsOf({
    onlined: job.onlined,
    favorite: job.favorite,
    recordId: job.record?.id ?? null,
    feedBack: job.feedBack,
  });
  const place = [job.provinceName, job.cityName, job.areaName].filter(Boolean);
  const address = [...new Set(place)].join('') + job.address;

  const onFavourite = () => {
    if (!token) return goToLogin();
    favourite
      .mutateAsync(job.id)
      .then(() => toast.success(JOBS_MSG.favourited))
      .catch(() => undefined);
  };
  const onCancelFavourite = () => {
    if (!job.favoriteId) return;
    cancelFavourite
      .mutateAsync(job.favoriteId)
      .then(() => toast.success(JOBS_MSG.favouriteCanceled))
      .catch(() => undefined);
  };
  const onCancelDelivery = () => {
    const recordId = job.record?.id;
    if (!recordId) return;
    confirm.ask({
      title: '取消投递',
      content: JOBS_MSG.cancelDeliveryConfirm,
      okText: '确定',
      danger: true,
      onConfirm: async () => {
        await cancelDelivery.mutateAsync({ id: recordId, mode: 'Recruitment' });
        toast.success(JOBS_MSG.deliveryCanceled);
      },
    });
  };

  return (
    <article className="job-detail" data-testid="job-detail" aria-labelledby="job-detail-name">
      <header className="job-detail__head">
        <div className="job-detail__title-row">
          <h1 id="job-detail-name" className="job-detail__name" data-testid="job-name">
            {job.name}
          </h1>
          <span className="job-detail__salary" data-testid="job-salary">
            {salaryText(job.minSalary, job.maxSalary)}
          </span>
        </div>
        <ul className="job-detail__facts" data-testid="job-facts">
          <li>{job.jobNatureTitle}</li>
          {job.cityName && <li>{job.cityName}</li>}
          {job.degreeTitle && <li>{job.degreeTitle}</li>}
          {job.approvalAt != null && <li>发布于 {formatDate(job.approvalAt, '{y}-{m}-{d}')}</li>}
        </ul>
        {skillsOf(job.skills).length > 0 && (
          <div className="job-detail__skills" data-testid="job-skills">
            {skillsOf(job.skills).map((s) => (
              <Tag key={s}>{s}</Tag>
            ))}
          </div>
        )}
        <div className="job-detail__actions" data-testid="job-actions">
          {buttons.offline && (
            <Button disabled data-testid="job-offline">
              {JOBS_MSG.jobOffline}
            </Button>
          )}
          {buttons.deliver && (
            <Button type="primary" loading={flow.checking} onClick={flow.start} data-testid="job-deliver">
              投递简历
            </Button>
          )}
          {buttons.cancelDelivery && (
            <Button onClick={onCancelDelivery} data-testid="job-cancel-delivery">
              取消投递
            </Button>
          )}
          {job.onlined === 'Yes' && job.record && job.feedBack === 'Yes' && (
            <span className="job-detail__status" data-testid="job-delivered">
              已投递，企业已反馈
            </span>
          )}
          {buttons.favourite && (
            <Button
              icon={<HeartOutlined aria-hidden />}
              loading={favourite.isPending}
              onClick={onFavourite}
              data-testid="job-favourite"
            >
              收藏
            </Button>
          )}
          {buttons.cancelFavourite && (
            <Button
              icon={<HeartFilled aria-hidden />}
              loading={cancelFavourite.isPending}
              onClick={onCancelFavourite}
              data-testid="job-cancel-favourite"
            >
              取消收藏
            </Button>
          )}
          <Button
            icon={<QrcodeOutlined aria-hidden />}
            onClick={() => setSharing(true)}
            {...preloadOn(ShareDialogPart)}
            data-testid="job-share"
          >
            分享
          </Button>
        </div>
      </header>
      <div className="job-detail__body">
        <div className="job-detail__main">
          {!buttons.offline && (
            <>
              <section className="job-detail__section" aria-labelledby="job-description-title">
                <h2 id="job-description-title">职位描述</h2>
                <div className="job-detail__description" data-testid="job-description">
                  {job.description || '暂无描述'}
                </div>
              </section>
              {address && (
                <section
                  className="job-detail__section"
                  aria-labelledby="job-address-title"
                  data-testid="job-address"
                >
                  <h2 id="job-address-title">工作地址</h2>
                  <LocationMap location={job.location} address={address} height={220} title={job.name} />
                </section>
              )}
            </>
          )}
        </div>
        <aside className="job-detail__side">
          <CompanyBlock company={job.company} />
        </aside>
      </div>
      {sharing && (
        <ShareDialogPart
          url={jobDetailUrl(browser.origin(), job.id)}
          open
          onClose={() => setSharing(false)}
        />
      )}
      {flow.dialogs}
      {confirm.dialog}
    </article>
  );
}
