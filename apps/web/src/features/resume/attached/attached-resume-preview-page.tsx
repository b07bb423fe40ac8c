/** 附件简历预览 (issue 13): placeholder until its helper lands the page. */
export const AttachedResumePreviewPage = () => (
  <main>
    <h1>附件简历预览</h1>
  </main>
);
