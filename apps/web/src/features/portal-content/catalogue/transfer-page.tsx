import { CloudServerOutlined, LoadingOutlined, StopOutlined, WarningOutlined } from '@ant-design/icons';
import { readAttrs, SITE_SETTINGS_MSG } from '@uplus/shared';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HttpError } from '../../../api/http';
import { StatusPanel } from '../../../components/status-panel';
import { browser } from '../../../lib/browser';
import { usePageTitle } from '../../../lib/page-title';
import { goToLogin } from '../../sessions/session';
import { useContent } from '../api';
import { useCloudServiceUri } from './api';
import { transferState } from './catalogue-model';
import { ContentMissing, isNotFound, useViewer } from './parts';

type TransferKind = 'experiment' | 'project';
const PLACES: Record<
  TransferKind,
  { details: string; list: string; listTitle: string; back: string; noun: string }
> = {
  experiment: {
    details: '/cloudexperiment/details',
    list: '/cloudexperiment/index',
    listTitle: '云端实验',
    back: '返回实验详情',
    noun: '实验',
  },
  project: {
    details: '/industryproject/details',
    list: '/industryproject/index',
    listTitle: '产业项目实训',
    back: '返回项目详情',
    noun: '实训',
  },
};

/** 实验环境 (/cloudexperiment/transfer?id=): hands over to the experiment's cloud development environment. */
export function ExperimentTransferPage() {
  return <TransferPage kind="experiment" />;
}

/** 实训环境 (/industryproject/transfer?id=): hands over to the project's cloud development environment. */
export function ProjectTransferPage() {
  return <TransferPage kind="project" />;
}

/**
 * Asks service_uri for the item's environment (its serviceType, projectId and repositoryId) and goes there.
 * Visitors sign in first (coming back here); without a configured environment the page says so and leads
 * back to the details instead of offering a dead button.
 */
export function TransferPage({ kind }: { kind: TransferKind }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const place = PLACES[kind];
  const { signedIn } = useViewer();
  const validId = /^[1-9][0-9]{0,14}$/.test(id);
  const item = useContent(signedIn ? id : null);
  const row = item.data && item.data.kind === kind ? item.data : null;
  const attrs = row ? readAttrs(kind, row.attrs) : null;
  const cloud = {
    serviceType: attrs?.serviceType ?? '',
    projectId: attrs?.projectId ?? '',
    repositoryId: attrs?.repositoryId ?? '',
  };
  const uri = useCloudServiceUri(cloud, !!row && !!cloud.serviceType);
  const uriError = uri.error instanceof HttpError ? uri.error : null;
  const state = transferState({
    signedIn,
    item: {
      status: !validId ? 'error' : item.isPending ? 'pending' : item.isError || !row ? 'error' : 'success',
      notFound: !validId || isNotFound(item.error) || (!!item.data && item.data.kind !== kind),
    },
    serviceType: cloud.serviceType,
    uri: {
      status: uri.isError
        ? 'error'
        : uri.isSuccess
          ? 'success'
          : uri.fetchStatus === 'idle'
            ? 'idle'
            : 'pending',
      value: uri.data?.uri,
      errorStatus: uriError?.status,
      message: uri.error ? (uri.error as Error).message : undefined,
    },
    notConfiguredMessage: SITE_SETTINGS_MSG.cloudNotConfigured,
  });
  usePageTitle(row ? `${row.title} - ${place.noun}环境` : null);

  const back = `${place.details}?id=${encodeURIComponent(id)}`;
  const target = state.kind === 'go' ? state.uri : '';
  const left = useRef(false);
  useEffect(() => {
    if (left.current) return;
    if (state.kind === 'login') {
      left.current = true;
      goToLogin(browser.currentPath());
    } else if (target) {
      left.current = true;
      browser.assign(target);
    }
  }, [state.kind, target]);

  return (
    <div className="catalogue-bare catalogue-transfer" data-testid="transfer" data-state={state.kind}>
      {state.kind === 'login' && (
        <StatusPanel
          icon={<LoadingOutlined />}
          title={`进入${place.noun}环境需要登录`}
          description="正在前往登录，登录后将自动进入云端开发环境…"
        />
      )}
      {state.kind === 'loading' && (
        <StatusPanel
          icon={<LoadingOutlined />}
          title="正在准备云端开发环境…"
          description="请稍候，马上就好。"
        />
      )}
      {state.kind === 'go' && (
        <StatusPanel
          icon={<CloudServerOutlined />}
          title="正在进入云端开发环境…"
          description={
            <>
              如果页面没有自动跳转，请<a href={state.uri}>点击这里进入</a>。
            </>
          }
        />
      )}
      {state.kind === 'notFound' && <ContentMissing listPath={place.list} listTitle={place.listTitle} />}
      {state.kind === 'notConfigured' && (
        <StatusPanel
          icon={<StopOutlined className="is-error" />}
          title={SITE_SETTINGS_MSG.cloudNotConfigured}
          description={`本站点尚未接入云端开发环境，暂时无法在线开始${place.noun}。您可以先查看${place.noun}内容与步骤。`}
          actions={
            <Link to={back}>
              <Button type="primary">{place.back}</Button>
            </Link>
          }
        />
      )}
      {state.kind === 'error' && (
        <StatusPanel
          icon={<WarningOutlined className="is-error" />}
          title="云端开发环境暂时无法打开"
          description={state.message}
          actions={
            <>
              <Button
                type="primary"
                onClick={() => {
                  if (item.isError) void item.refetch();
                  else void uri.refetch();
                }}
              >
                重试
              </Button>
              <Link to={back}>
                <Button>{place.back}</Button>
              </Link>
            </>
          }
        />
      )}
    </div>
  );
}
