import { SearchOutlined } from '@ant-design/icons';
import { JOB_NATURES, type JobNature } from '@uplus/shared';
import { Button, Empty, Input, Pagination, Select } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useHotCities } from '../../resume/career/lookups-api';
import { JOB_LIST_PAGE_SIZE, type JobListFilter, useJobCards } from '../api';
import { JobCard } from './job-card';
import '../jobs.css';

/**
 * /ujob/index (求职): the online positions as job cards, with a search by name (Enter or the button; the
 * Enter that ends an IME composition only picks the characters), a city filter (hot cities, for signed-in
 * users: the city list needs a session) and a job-nature filter, 12 a page.
 */
export function JobListPage() {
  const [filter, setFilter] = useState<JobListFilter>({
    search: '',
    cityCode: '',
    jobNature: '',
    pageNumber: 1,
  });
  const [draft, setDraft] = useState('');
  const cities = useHotCities();
  const list = useJobCards(filter);
  const update = (change: Partial<JobListFilter>) => setFilter((f) => ({ ...f, pageNumber: 1, ...change }));
  const search = () => update({ search: draft.trim() });
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229) return;
    search();
  };

  return (
    <div className="job-page" data-testid="job-list-page">
      <h1 className="visually-hidden">求职</h1>
      <search className="job-list__bar">
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="搜索职位名称"
          aria-label="搜索职位名称"
          maxLength={50}
          allowClear
          style={{ width: 320 }}
          data-testid="job-search"
        />
        <Button
          type="primary"
          icon={<SearchOutlined aria-hidden />}
          onClick={search}
          data-testid="job-search-go"
        >
          搜索
        </Button>
        {cities.data && cities.data.length > 0 && (
          <Select
            value={filter.cityCode}
            onChange={(cityCode: string) => update({ cityCode })}
            options={[
              { value: '', label: '全部城市' },
              ...cities.data.map((c) => ({ value: c.code, label: c.name })),
            ]}
            aria-label="工作城市"
            style={{ width: 140 }}
            data-testid="job-city"
          />
        )}
        <Select
          value={filter.jobNature}
          onChange={(jobNature: JobNature | '') => update({ jobNature })}
          options={[
            { value: '', label: '全部类型' },
            ...JOB_NATURES.map((n) => ({ value: n.value, label: n.label })),
          ]}
          aria-label="职位类型"
          style={{ width: 120 }}
          data-testid="job-nature"
        />
      </search>
      {list.isPending ? (
        <div className="job-list__state" role="status" data-testid="job-list-loading">
          正在加载职位…
        </div>
      ) : list.isError ? (
        <div className="job-list__state" role="alert" data-testid="job-list-error">
          职位加载失败
          <button type="button" className="job-link-button" onClick={() => void list.refetch()}>
            重试
          </button>
        </div>
      ) : list.data.rows.length === 0 ? (
        <Empty description="暂无职位" data-testid="job-list-empty" />
      ) : (
        <>
          <ul className="job-list__grid" aria-busy={list.isFetching}>
            {list.data.rows.map((job) => (
              <li key={job.id}>
                <JobCard job={job} />
              </li>
            ))}
          </ul>
          {list.data.total > JOB_LIST_PAGE_SIZE && (
            <div className="job-list__pager">
              <Pagination
                current={filter.pageNumber}
                pageSize={JOB_LIST_PAGE_SIZE}
                total={list.data.total}
                showSizeChanger={false}
                onChange={(pageNumber) => setFilter((f) => ({ ...f, pageNumber }))}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
