import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml as clean, safeHref, safeImageSrc } from './sanitize';

describe('sanitizeContentHtml', () => {
  it('keeps the allowed structure as it is', () => {
    const html =
      '<h2>标题</h2><h3>小标题</h3><h4>三级</h4><p>正文<strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除</s><br />' +
      '<span>片段</span></p><ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>' +
      '<pre><code>const a = 1;</code></pre><hr />' +
      '<table><caption>表</caption><thead><tr><th colspan="2">头</th></tr></thead><tbody><tr><td rowspan="2">格</td></tr></tbody></table>';
    expect(clean(html)).toBe(html);
  });

  it('drops scripts, styles, frames, forms and their contents', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>p{color:red}</style>')).toBe('<p>a</p>');
    expect(clean('<iframe src="https://evil.example"></iframe><p>b</p>')).toBe('<p>b</p>');
    expect(clean('<object data="x.swf"></object><embed src="x.swf"><p>c</p>')).toBe('<p>c</p>');
    expect(clean('<form action="/x"><input name="a"><button>提交</button></form>')).toBe('提交');
    expect(clean('<svg><script>alert(1)</script></svg>')).toBe('');
    expect(clean('<math><mi xlink:href="javascript:alert(1)">x</mi></math>')).toBe('x');
    expect(clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>')).not.toMatch(
      /onerror|<img/,
    );
    expect(clean('<textarea><script>alert(1)</script></textarea>')).toBe('');
    expect(clean('<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=x">')).toBe(
      '',
    );
  });

  it('drops event handlers, style, class and id attributes', () => {
    expect(clean('<p onclick="alert(1)" style="color:red" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(clean('<img src="https://a.example/p.png" onerror="alert(1)">')).toBe(
      '<img src="https://a.example/p.png" />',
    );
    expect(clean('<span onmouseover=alert(1)>t</span>')).toBe('<span>t</span>');
    expect(clean('<a href="/x" onfocus="alert(1)" autofocus>t</a>')).toBe('<a href="/x">t</a>');
  });

  it('keeps only http(s), mailto and site-path links; external ones open safely in a new tab', () => {
    expect(clean('<a href="https://example.com/a?b=1">t</a>')).toBe(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">t</a>',
    );
    expect(clean('<a href="http://example.com" target="_self" rel="opener">t</a>')).toBe(
      '<a href="http://example.com" target="_blank" rel="noopener noreferrer">t</a>',
    );
    expect(clean('<a href="/qualitycourse/index" target="_blank">t</a>')).toBe(
      '<a href="/qualitycourse/index">t</a>',
    );
    expect(clean('<a href="mailto:a@b.cn">t</a>')).toBe('<a href="mailto:a@b.cn">t</a>');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x73;cript:alert(1)',
      'java&#9;script:alert(1)',
      'javascript&colon;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      'relative/path',
      '#top',
      'ftp://example.com',
    ]) {
      expect(clean(`<a href="${bad}">t</a>`), bad).toBe('t');
    }
  });

  it('keeps pictures only from http(s) or this site’s content images, with alt and sizes', () => {
    expect(clean('<img src="/api/portal/images/12" alt="图" width="300" height="50%">')).toBe(
      '<img src="/api/portal/images/12" alt="图" width="300" height="50%" />',
    );
    expect(clean('<img src="https://cdn.example/p.png" width="100px;x" title="t">')).toBe(
      '<img src="https://cdn.example/p.png" />',
    );
    for (const bad of [
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      '/api/files/1/content?expires=1&signature=x',
      '/api/portal/images/1x',
      '//evil.example/p.png',
      'x',
    ]) {
      expect(clean(`<p><img src="${bad}" alt="a"></p>`), bad).toBe('<p></p>');
    }
  });

  it('maps other headings and legacy tags onto the allowed ones', () => {
    expect(clean('<h1>a</h1><h5>b</h5><h6>c</h6><b>d</b><i>e</i><del>f</del>')).toBe(
      '<h2>a</h2><h4>b</h4><h4>c</h4><strong>d</strong><em>e</em><s>f</s>',
    );
    expect(clean('<div>块</div>')).toBe('<p>块</p>');
  });

  it('escapes text and unquoted tricks instead of passing them through', () => {
    expect(clean('<p>1 < 2 & "x"</p>')).toBe('<p>1 &lt; 2 &amp; "x"</p>');
    expect(clean('<p>a</p><img src=x onerror=alert(1)//')).toBe('<p>a</p>');
    expect(clean('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i);
    expect(clean('<a href="https://a.example" " onclick="x">t</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">t</a>',
    );
    expect(clean('')).toBe('');
  });

  it('address checks', () => {
    expect(safeHref('https://a.example')).toEqual({ href: 'https://a.example', external: true });
    expect(safeHref('/a')).toEqual({ href: '/a', external: false });
    expect(safeHref('https://')).toBeNull();
    expect(safeHref('/a\nb')).toBeNull();
    expect(safeImageSrc('/api/portal/images/5')).toBe('/api/portal/images/5');
    expect(safeImageSrc('/api/portal/images/0')).toBeNull();
  });
});
