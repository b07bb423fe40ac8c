import { type ContentDetail, readAttrs } from '@uplus/shared';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useAssistantScene } from '../../assistants/scene';
import { useContent } from '../api';
import { RichContent } from '../rich-content';
import { CatalogueList } from './catalogue-list';
import { CATEGORIES } from './catalogue-model';
import { CloudActions } from './cloud-actions';
import { CatalogueBreadcrumb, Cover, DetailState, Hero, PrevNext, StepList } from './parts';

const LIST = '/cloudexperiment/index';
const q = (id: string) => `?id=${encodeURIComponent(id)}`;

/** 云端实验 (/cloudexperiment/index): the experiments, by 专业方向 and text, a page at a time. */
export function ExperimentListPage() {
  return (
    <div className="catalogue-page">
      <CatalogueBreadcrumb items={[{ title: '云端实验' }]} />
      <Hero
        kind="experiment"
        title="云端实验"
        lead="开箱即用的云端实验环境，按步骤完成从环境搭建到功能实现的完整实验，随时随地动手实践。"
      />
      <CatalogueList
        kind="experiment"
        categoryLabel="专业方向"
        categories={CATEGORIES}
        noun="个实验"
        searchPlaceholder="搜索实验名称或简介"
        label="实验列表"
      />
    </div>
  );
}

/** 实验详情 (/cloudexperiment/details?id=). */
export function ExperimentDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const item = useContent(id);
  useAssistantScene(Number(id) > 0 ? { scene: 'DoExperiment', contentId: Number(id) } : null);
  return (
    <div className="catalogue-page">
      <DetailState id={id} kind="experiment" query={item} listPath={LIST} listTitle="云端实验">
        {(experiment) => <ExperimentDetails experiment={experiment} />}
      </DetailState>
    </div>
  );
}

function ExperimentDetails({ experiment }: { experiment: ContentDetail }) {
  usePageTitle(experiment.title);
  const a = readAttrs('experiment', experiment.attrs);
  const links: { href: string; text: string; icon: 'preview' | 'sample' }[] = [
    { href: `/cloudexperiment/preview${q(experiment.id)}`, text: '实验预览', icon: 'preview' },
  ];
  if (a.sample.trim()) {
    links.push({ href: `/cloudexperiment/sample${q(experiment.id)}`, text: '实验样例', icon: 'sample' });
  }
  return (
    <article className="catalogue-detail" data-testid="experiment-details">
      <CatalogueBreadcrumb items={[{ title: '云端实验', to: LIST }, { title: experiment.title }]} />
      <header className="catalogue-detail__head">
        <Cover
          url={experiment.coverUrl}
          kind="experiment"
          id={experiment.id}
          className="catalogue-detail__cover"
        />
        <div className="catalogue-detail__info">
          <h1>{experiment.title}</h1>
          <ul className="catalogue-facts" aria-label="实验概要">
            {a.category && <li>{a.category}</li>}
            <li>难度：{a.difficulty}</li>
            {a.minutes > 0 && <li>预计 {a.minutes} 分钟</li>}
            {a.steps.length > 0 && <li>{a.steps.length} 个步骤</li>}
          </ul>
          {a.environment && (
            <dl className="catalogue-detail__meta">
              <dt>实验环境</dt>
              <dd>{a.environment}</dd>
            </dl>
          )}
          {experiment.summary && <p className="catalogue-detail__summary">{experiment.summary}</p>}
          <CloudActions
            startText="开始实验"
            transferHref={`/cloudexperiment/transfer${q(experiment.id)}`}
            links={links}
          />
        </div>
      </header>
      {experiment.body && (
        <section className="catalogue-section" aria-labelledby="experiment-intro">
          <h2 id="experiment-intro" className="catalogue-section__title">
            实验介绍
          </h2>
          <RichContent html={experiment.body} />
        </section>
      )}
      <section className="catalogue-section" aria-labelledby="experiment-steps">
        <h2 id="experiment-steps" className="catalogue-section__title">
          实验步骤
        </h2>
        <StepList steps={a.steps} empty="实验步骤整理中。" titlesOnly />
      </section>
      <PrevNext item={experiment} noun="个实验" />
    </article>
  );
}
