/** 在线简历预览 (issue 13): placeholder until its helper lands the page. */
export const OnlineResumePreviewPage = () => (
  <main>
    <h1>在线简历预览</h1>
  </main>
);
