/** 我的简历 (issue 13): placeholder until its helper lands the page. */
export const ResumePage = () => (
  <main>
    <h1>我的简历</h1>
  </main>
);
