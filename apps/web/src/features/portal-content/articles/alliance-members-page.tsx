import { PORTAL_CONTENT_MSG, readAttrs } from '@uplus/shared';
import { useSearchParams } from 'react-router';
import { QueryState, SimplePager } from '../../../components/query-state';
import { useContents } from '../api';
import { AllianceLayout } from './alliance-layout';
import { groupMembers, listParams, MEMBER_PAGE_SIZE, pageFromParams } from './article-model';
import { MemberLogo } from './member-logo';

/**
 * /alliance/index/member (联盟成员): the members grouped by rank (理事长单位, 副理事长单位, 常务理事单位,
 * 成员单位), each with its logo (or initials), its name, and its website in a new tab.
 */
export function AllianceMembersPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const list = useContents({ kind: 'member', pageNumber: page, pageSize: MEMBER_PAGE_SIZE });
  return (
    <AllianceLayout trail={[{ title: '联盟成员' }]}>
      <h1 className="alliance__title">联盟成员</h1>
      <QueryState
        query={list}
        loadingText="正在加载联盟成员…"
        isEmpty={(data) => data.rows.length === 0}
        empty={PORTAL_CONTENT_MSG.empty}
      >
        {(data) => (
          <div aria-busy={list.isFetching} data-testid="member-groups">
            {groupMembers(data.rows).map((group, index) => (
              <section
                key={group.type}
                className="member-group"
                aria-labelledby={`member-group-${index}`}
                data-testid="member-group"
              >
                <h2 id={`member-group-${index}`} className="member-group__title">
                  {group.type}
                  <span className="member-group__count">（{group.members.length}）</span>
                </h2>
                <ul className="member-grid">
                  {group.members.map((m) => {
                    const { website } = readAttrs('member', m.attrs);
                    return (
                      <li key={m.id} className="member-card" data-testid="member-card">
                        <MemberLogo member={m} />
                        {website ? (
                          <a
                            className="member-card__name"
                            href={website}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            {m.title}
                            <span className="visually-hidden">（官网，在新窗口打开）</span>
                          </a>
                        ) : (
                          <span className="member-card__name">{m.title}</span>
                        )}
                        {m.summary ? <p className="member-card__summary">{m.summary}</p> : null}
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
            <SimplePager
              page={page}
              pageSize={MEMBER_PAGE_SIZE}
              total={data.total}
              label="联盟成员分页"
              onChange={(next) => setParams(listParams(params, { page: next }))}
            />
          </div>
        )}
      </QueryState>
    </AllianceLayout>
  );
}
