import { useSearchParams } from 'react-router';
import { JobDetailPanel } from './job-detail-panel';

/** /jobdetails?id= (职位详情): public, opened in new tabs from the job cards. */
export function JobDetailPage() {
  const [params] = useSearchParams();
  return (
    <div className="job-page">
      <JobDetailPanel id={params.get('id') ?? ''} />
    </div>
  );
}
