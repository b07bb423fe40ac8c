import { type ContentDetail, readAttrs } from '@uplus/shared';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useContent } from '../api';
import { RichContent } from '../rich-content';
import { CatalogueList } from './catalogue-list';
import { CatalogueBreadcrumb, Cover, DetailState, dateText, Hero, PrevNext } from './parts';

const LIST = '/case/index';

/** 案例中心 (/case/index): the cases, by 行业 and text, a page at a time. */
export function CaseListPage() {
  return (
    <div className="catalogue-page">
      <CatalogueBreadcrumb items={[{ title: '案例中心' }]} />
      <Hero kind="case" title="案例中心" lead="院校与企业在人才培养、专业建设和产教融合中的优秀实践案例。" />
      <CatalogueList
        kind="case"
        categoryLabel="所属行业"
        categories={null}
        noun="个案例"
        searchPlaceholder="搜索案例名称或简介"
        label="案例列表"
      />
    </div>
  );
}

/** 案例详情 (/case/caseDetails/{id}). */
export function CaseDetailsPage() {
  const { id = '' } = useParams();
  const item = useContent(id);
  return (
    <div className="catalogue-page">
      <DetailState id={id} kind="case" query={item} listPath={LIST} listTitle="案例中心">
        {(row) => <CaseDetails item={row} />}
      </DetailState>
    </div>
  );
}

function CaseDetails({ item }: { item: ContentDetail }) {
  usePageTitle(item.title);
  const a = readAttrs('case', item.attrs);
  const date = dateText(item.publishedAt);
  return (
    <article className="catalogue-detail" data-testid="case-details">
      <CatalogueBreadcrumb items={[{ title: '案例中心', to: LIST }, { title: item.title }]} />
      <header className="catalogue-detail__head">
        <Cover url={item.coverUrl} kind="case" id={item.id} className="catalogue-detail__cover" />
        <div className="catalogue-detail__info">
          <h1>{item.title}</h1>
          <ul className="catalogue-facts" aria-label="案例概要">
            {a.industry && <li>{a.industry}</li>}
            {date && <li>发布于 {date}</li>}
          </ul>
          {a.organisation && (
            <dl className="catalogue-detail__meta">
              <dt>案例单位</dt>
              <dd>{a.organisation}</dd>
            </dl>
          )}
          {item.summary && <p className="catalogue-detail__summary">{item.summary}</p>}
        </div>
      </header>
      <section className="catalogue-section" aria-label="案例正文">
        {item.body ? <RichContent html={item.body} /> : <p className="catalogue-muted">暂无正文。</p>}
      </section>
      <PrevNext item={item} noun="个案例" />
    </article>
  );
}
