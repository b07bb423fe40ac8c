import { LockOutlined } from '@ant-design/icons';
import { type ContentDetail, readAttrs } from '@uplus/shared';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useAssistantScene } from '../../assistants/scene';
import { useContent } from '../api';
import { RichContent } from '../rich-content';
import { CloudActions } from './cloud-actions';
import { BareBar, DetailState, StepList } from './parts';

/*
 * The pages without header and footer (portal spec 2.1): an experiment's preview and sample report, a
 * project's sample and practical tasks. Each opens from the details page in a new tab and leads back to it.
 */

/** Steps whose bodies the experiment preview shows; the rest by title only. */
export const PREVIEW_STEPS = 3;

type BareKind = 'experiment' | 'project';
const DETAILS: Record<BareKind, { path: string; list: string; listTitle: string; back: string }> = {
  experiment: {
    path: '/cloudexperiment/details',
    list: '/cloudexperiment/index',
    listTitle: '云端实验',
    back: '返回实验详情',
  },
  project: {
    path: '/industryproject/details',
    list: '/industryproject/index',
    listTitle: '产业项目实训',
    back: '返回项目详情',
  },
};

/** A bare page of one item: its states, a bar leading back to its details, and the page's content. */
function BareItemPage({
  kind,
  heading,
  children,
}: {
  kind: BareKind;
  heading: string;
  children: (item: ContentDetail) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const item = useContent(id);
  const details = DETAILS[kind];
  return (
    <div className="catalogue-bare">
      <DetailState id={id} kind={kind} query={item} listPath={details.list} listTitle={details.listTitle}>
        {(row) => (
          <>
            <BareBar
              title={row.title}
              backTo={`${details.path}?id=${encodeURIComponent(row.id)}`}
              backText={details.back}
            />
            <div className="catalogue-bare__body">
              <Titled title={`${heading} · ${row.title}`} />
              {children(row)}
            </div>
          </>
        )}
      </DetailState>
    </div>
  );
}

/** The page's h1 and tab title. */
function Titled({ title }: { title: string }) {
  usePageTitle(title);
  return <h1 className="catalogue-reader__title">{title}</h1>;
}

/** The catalogue item of the page's `id` as the assistant's scene (issue 16). */
const useItemScene = (scene: 'DoExperiment' | 'DoPractice') => {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  useAssistantScene(id > 0 ? { scene, contentId: id } : null);
};

/** 实验预览 (/cloudexperiment/preview?id=): the steps, read only; the first ones in full. */
export function ExperimentPreviewPage() {
  useItemScene('DoExperiment');
  return (
    <BareItemPage kind="experiment" heading="实验预览">
      {(row) => {
        const a = readAttrs('experiment', row.attrs);
        const transfer = `/cloudexperiment/transfer?id=${encodeURIComponent(row.id)}`;
        return (
          <div data-testid="experiment-preview">
            {row.summary && <p className="catalogue-detail__summary">{row.summary}</p>}
            <ul className="catalogue-facts" aria-label="实验概要">
              <li>难度：{a.difficulty}</li>
              {a.minutes > 0 && <li>预计 {a.minutes} 分钟</li>}
              {a.environment && <li>{a.environment}</li>}
            </ul>
            <StepList
              steps={a.steps}
              empty="实验步骤整理中。"
              shown={PREVIEW_STEPS}
              level={2}
              lockedNote={
                <>
                  <LockOutlined aria-hidden /> 开始实验后查看本步骤
                </>
              }
            />
            <CloudActions startText="开始实验" transferHref={transfer} links={[]} />
          </div>
        );
      }}
    </BareItemPage>
  );
}

/** 实验样例 (/cloudexperiment/sample?id=): the sample report. */
export function ExperimentSamplePage() {
  return (
    <BareItemPage kind="experiment" heading="实验样例">
      {(row) => (
        <SampleBody html={readAttrs('experiment', row.attrs).sample} empty="该实验暂未提供样例报告。" />
      )}
    </BareItemPage>
  );
}

/** 项目样例 (/industryproject/sample?id=): the sample deliverable. */
export function ProjectSamplePage() {
  return (
    <BareItemPage kind="project" heading="项目样例">
      {(row) => <SampleBody html={readAttrs('project', row.attrs).sample} empty="该项目暂未提供样例。" />}
    </BareItemPage>
  );
}

/** 实训预览 (/industryproject/practicalpreview?id=): the practical tasks, read only. */
export function PracticalPreviewPage() {
  useItemScene('DoPractice');
  return (
    <BareItemPage kind="project" heading="实训预览">
      {(row) => {
        const a = readAttrs('project', row.attrs);
        return (
          <div data-testid="practical-preview">
            {row.summary && <p className="catalogue-detail__summary">{row.summary}</p>}
            <StepList steps={a.practical} empty="该项目暂未提供实训任务。" level={2} />
            <CloudActions
              startText="开始实训"
              transferHref={`/industryproject/transfer?id=${encodeURIComponent(row.id)}`}
              links={[]}
            />
          </div>
        );
      }}
    </BareItemPage>
  );
}

function SampleBody({ html, empty }: { html: string; empty: string }) {
  return html.trim() ? (
    <div className="catalogue-sample" data-testid="sample-body">
      <RichContent html={html} />
    </div>
  ) : (
    <p className="catalogue-empty">{empty}</p>
  );
}
