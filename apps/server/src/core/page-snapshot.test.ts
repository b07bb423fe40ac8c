import { describe, expect, it } from 'vitest';
import { escapeHtml, injectSnapshot, shortText } from './page-snapshot';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="默认描述" />
    <title>优加教育平台</title>
  </head>
  <body>
    <div id="root"><div class="boot-screen" role="status">正在加载…</div></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`;

describe('injectSnapshot', () => {
  const html = injectSnapshot(
    INDEX,
    {
      title: '软件工程导论 - 优加',
      description: '一门 "入门" 课程 <b>',
      image: '/api/portal/images/7',
      type: 'article',
      html: '<article><h1>软件工程导论</h1></article>',
    },
    { origin: 'http://school.localhost:3000', path: '/qualitycourse/details?id=3' },
  );

  it('replaces the title and the description, and adds og: tags with absolute addresses', () => {
    expect(html).toContain('<title>软件工程导论 - 优加</title>');
    expect(html).not.toContain('默认描述');
    expect(html).toContain('<meta name="description" content="一门 &quot;入门&quot; 课程 &lt;b&gt;" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      '<meta property="og:image" content="http://school.localhost:3000/api/portal/images/7" />',
    );
    expect(html).toContain(
      '<meta property="og:url" content="http://school.localhost:3000/qualitycourse/details?id=3" />',
    );
  });

  it('puts the page text where the boot screen was and keeps the script', () => {
    expect(html).toContain(
      '<div id="root"><div class="prerendered"><article><h1>软件工程导论</h1></article></div></div>',
    );
    expect(html).not.toContain('正在加载');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('leaves og:image out without an image', () => {
    const plain = injectSnapshot(
      INDEX,
      { title: 't', description: 'd', image: '', type: 'website', html: '' },
      { origin: 'http://x', path: '/' },
    );
    expect(plain).not.toContain('og:image');
  });
});

describe('helpers', () => {
  it('escapes the five characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('folds and cuts long text', () => {
    expect(shortText('a\n\n b', 10)).toBe('a b');
    expect(shortText('一二三四五六', 4)).toBe('一二三…');
  });
});
