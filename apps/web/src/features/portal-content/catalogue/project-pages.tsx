import { type ContentDetail, readAttrs } from '@uplus/shared';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useAssistantScene } from '../../assistants/scene';
import { useContent } from '../api';
import { RichContent } from '../rich-content';
import { CatalogueList } from './catalogue-list';
import { CloudActions } from './cloud-actions';
import { CatalogueBreadcrumb, Cover, DetailState, Hero, PrevNext, StepList } from './parts';

const LIST = '/industryproject/index';
const q = (id: string) => `?id=${encodeURIComponent(id)}`;

/** 产业项目实训 (/industryproject/index): the industry projects, by 行业 and text, a page at a time. */
export function ProjectListPage() {
  return (
    <div className="catalogue-page">
      <CatalogueBreadcrumb items={[{ title: '产业项目实训' }]} />
      <Hero
        kind="project"
        title="产业项目实训"
        lead="源自企业真实业务的实训项目，按岗位分工与项目阶段推进，在实战中积累工程经验。"
      />
      <CatalogueList
        kind="project"
        categoryLabel="所属行业"
        categories={null}
        noun="个项目"
        searchPlaceholder="搜索项目名称或简介"
        label="项目列表"
      />
    </div>
  );
}

/** 项目详情 (/industryproject/details?id=). */
export function ProjectDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const item = useContent(id);
  useAssistantScene(Number(id) > 0 ? { scene: 'DoPractice', contentId: Number(id) } : null);
  return (
    <div className="catalogue-page">
      <DetailState id={id} kind="project" query={item} listPath={LIST} listTitle="产业项目实训">
        {(project) => <ProjectDetails project={project} />}
      </DetailState>
    </div>
  );
}

function ProjectDetails({ project }: { project: ContentDetail }) {
  usePageTitle(project.title);
  const a = readAttrs('project', project.attrs);
  const links: { href: string; text: string; icon: 'preview' | 'sample' }[] = [];
  if (a.practical.length > 0) {
    links.push({
      href: `/industryproject/practicalpreview${q(project.id)}`,
      text: '实训预览',
      icon: 'preview',
    });
  }
  if (a.sample.trim()) {
    links.push({ href: `/industryproject/sample${q(project.id)}`, text: '项目样例', icon: 'sample' });
  }
  return (
    <article className="catalogue-detail" data-testid="project-details">
      <CatalogueBreadcrumb items={[{ title: '产业项目实训', to: LIST }, { title: project.title }]} />
      <header className="catalogue-detail__head">
        <Cover url={project.coverUrl} kind="project" id={project.id} className="catalogue-detail__cover" />
        <div className="catalogue-detail__info">
          <h1>{project.title}</h1>
          <ul className="catalogue-facts" aria-label="项目概要">
            {a.industry && <li>{a.industry}</li>}
            <li>难度：{a.difficulty}</li>
            {a.hours > 0 && <li>{a.hours} 学时</li>}
            {a.stages.length > 0 && <li>{a.stages.length} 个阶段</li>}
          </ul>
          {a.positions.length > 0 && (
            <dl className="catalogue-detail__meta">
              <dt>实训岗位</dt>
              <dd>
                <ul className="catalogue-tags" aria-label="实训岗位">
                  {a.positions.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </dd>
            </dl>
          )}
          {project.summary && <p className="catalogue-detail__summary">{project.summary}</p>}
          <CloudActions
            startText="开始实训"
            transferHref={`/industryproject/transfer${q(project.id)}`}
            links={links}
          />
        </div>
      </header>
      {project.body && (
        <section className="catalogue-section" aria-labelledby="project-intro">
          <h2 id="project-intro" className="catalogue-section__title">
            项目介绍
          </h2>
          <RichContent html={project.body} />
        </section>
      )}
      <section className="catalogue-section" aria-labelledby="project-stages">
        <h2 id="project-stages" className="catalogue-section__title">
          项目阶段
        </h2>
        <StepList steps={a.stages} empty="项目阶段整理中。" />
      </section>
      <PrevNext item={project} noun="个项目" />
    </article>
  );
}
