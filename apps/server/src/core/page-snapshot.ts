/*
 * Pre-rendered public pages (issue 15; docs/decisions/0019-portal-content.md). A page load of a public
 * content page gets index.html with the page's own title, description and `og:` tags, and the page's text
 * inside the root element until the app mounts and renders the same content. Crawlers and link previews
 * that run no JavaScript see the real page.
 */

/** What a page load shows before the app runs. `html` is trusted markup (escaped or sanitized). */
export type PageSnapshot = {
  title: string;
  description: string;
  /** absolute or site-relative image address for og:image, '' for none */
  image: string;
  /** og:type: article for a detail, website for the rest */
  type: 'article' | 'website';
  html: string;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML text and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A description of at most `max` characters of plain text (whitespace folded). */
export const shortText = (text: string, max = 120) => {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded;
};

/**
 * index.html with the snapshot: the title replaced, description and og: tags set (existing description
 * replaced), the root element's boot screen replaced by the snapshot's markup. `origin` makes og:url and
 * a relative og:image absolute.
 */
export const injectSnapshot = (
  indexHtml: string,
  snapshot: PageSnapshot,
  page: { origin: string; path: string },
): string => {
  const title = escapeHtml(snapshot.title);
  const description = escapeHtml(shortText(snapshot.description, 160));
  const absolute = (url: string) => (url.startsWith('/') ? `${page.origin}${url}` : url);
  const meta = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${snapshot.type}" />`,
    `<meta property="og:url" content="${escapeHtml(absolute(page.path))}" />`,
    ...(snapshot.image
      ? [`<meta property="og:image" content="${escapeHtml(absolute(snapshot.image))}" />`]
      : []),
    `<link rel="canonical" href="${escapeHtml(absolute(page.path))}" />`,
  ].join('\n    ');
  return indexHtml
    .replace(/<meta name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>\n    ${meta}`)
    .replace(
      /<div id="root">[\s\S]*?<\/div><\/div>|<div id="root"><\/div>/i,
      () => `<div id="root"><div class="prerendered">${snapshot.html}</div></div>`,
    );
};
