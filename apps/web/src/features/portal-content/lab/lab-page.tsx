import { type ContentCard, type LabKey, labKey, readAttrs } from '@uplus/shared';
import { useParams } from 'react-router';
import { LabIcon } from '../../../components/lab-icon';
import { NotFoundPage } from '../../../components/not-found-page';
import { usePageTitle } from '../../../lib/page-title';
import { LAB_PLATFORMS, type LabPlatformKey } from '../../../lib/routes';
import { useLabPage } from '../api';
import { CardGrid, CatalogueBreadcrumb, QueryState } from '../catalogue/parts';
import { RichContent } from '../rich-content';
import '../catalogue/catalogue.css';

/**
 * 平台实验室 (/lab/{platform}): the platform's name and line (from the route table, so the heading stands
 * even before the site writes the lab's page), its introduction and solutions, and the experiments,
 * courses and projects tagged to it. An unknown platform is a page that does not exist.
 */
export function LabPage() {
  const { platform = '' } = useParams();
  const parsed = labKey.safeParse(platform);
  const info = LAB_PLATFORMS.find((p) => p.key === platform);
  if (!parsed.success || !info) return <NotFoundPage />;
  return <Lab platform={parsed.data} title={info.title} description={info.description} />;
}

function Lab({ platform, title, description }: { platform: LabKey; title: string; description: string }) {
  const page = useLabPage(platform);
  usePageTitle(title);
  return (
    <div className="catalogue-page" data-testid="lab-page">
      <CatalogueBreadcrumb items={[{ title: '平台实验室' }, { title }]} />
      <section className="catalogue-hero is-lab" aria-labelledby="catalogue-title">
        <div className="catalogue-hero__text">
          <h1 id="catalogue-title">{title}</h1>
          <p>{page.data?.lab?.summary || description}</p>
        </div>
        <span className="catalogue-hero__icon" aria-hidden>
          <LabIcon platform={platform as LabPlatformKey} />
        </span>
      </section>
      <QueryState
        query={page}
        loadingText="正在加载实验室…"
        isEmpty={(d) =>
          !d.lab?.body &&
          readAttrs('lab', d.lab?.attrs).solutions.length === 0 &&
          d.experiments.length + d.courses.length + d.projects.length === 0
        }
        empty={<p className="catalogue-empty">暂无内容</p>}
      >
        {(d) => {
          const solutions = readAttrs('lab', d.lab?.attrs).solutions;
          return (
            <>
              {d.lab?.body && (
                <section className="catalogue-section" aria-labelledby="lab-intro">
                  <h2 id="lab-intro" className="catalogue-section__title">
                    实验室介绍
                  </h2>
                  <RichContent html={d.lab.body} />
                </section>
              )}
              {solutions.length > 0 && (
                <section className="catalogue-section" aria-labelledby="lab-solutions">
                  <h2 id="lab-solutions" className="catalogue-section__title">
                    解决方案
                  </h2>
                  <ul className="lab-solutions">
                    {solutions.map((s) => (
                      <li key={s.title} className="lab-solution">
                        <h3>{s.title}</h3>
                        {s.description && <p>{s.description}</p>}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              <Tagged id="lab-experiments" title="云端实验" rows={d.experiments} />
              <Tagged id="lab-courses" title="精品课程" rows={d.courses} />
              <Tagged id="lab-projects" title="产业项目实训" rows={d.projects} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

function Tagged({ id, title, rows }: { id: string; title: string; rows: ContentCard[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="catalogue-section" aria-labelledby={id}>
      <h2 id={id} className="catalogue-section__title">
        {title}
      </h2>
      <CardGrid rows={rows} level={3} label={title} />
    </section>
  );
}
