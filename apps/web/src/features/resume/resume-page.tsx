import { AttachedResumesCard } from './attached/attached-resumes-card';

/** LOCAL STUB (not committed): to see the attachments card. */
export const ResumePage = () => (
  <main style={{ display: 'flex', gap: 16, padding: 16 }}>
    <div style={{ flex: 1 }}>
      <h1>我的简历</h1>
    </div>
    <div style={{ width: 380 }}>
      <AttachedResumesCard />
    </div>
  </main>
);
