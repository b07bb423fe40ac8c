import sanitizeHtml from 'sanitize-html';

/*
 * The HTML a content admin saves (issue 15): bodies of portal content and the rich fields inside attrs
 * (course section bodies, experiment and project steps, samples). Whatever the editor sent, what is kept is
 * a small, inert subset: headings h2-h4 (h1 becomes h2, h5/h6 become h4), paragraphs, inline emphasis,
 * lists, quotes, code, tables, pictures, rules and spans. No scripts, styles, frames, forms, event
 * handlers, style or class attributes. Links go to http(s), mailto or a path of this site; external ones
 * open in a new tab without the opener. Pictures come from http(s) or this site's content images
 * (/api/portal/images/{id}).
 */

const TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'img',
  'hr',
  'span',
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in an address are refused
const CONTROL = /[\u0000-\u001f\u007f\\]/;
const EXTERNAL = /^https?:\/\/[^\s/?#]+/i;
const MAILTO = /^mailto:[^\s]+$/i;
/** a path of this site: one leading slash (two, or a backslash, would be another host) */
const SITE_PATH = /^\/(?![/\\])/;
const CONTENT_IMAGE = /^\/api\/portal\/images\/[1-9][0-9]{0,14}$/;
const SIZE = /^[0-9]{1,4}%?$/;

/** A link's address when it may be kept: http(s), mailto or a site path; null otherwise. */
export const safeHref = (value: string | undefined): { href: string; external: boolean } | null => {
  const href = (value ?? '').trim();
  if (!href || CONTROL.test(href)) return null;
  if (EXTERNAL.test(href)) return { href, external: true };
  if (MAILTO.test(href)) return { href, external: false };
  if (SITE_PATH.test(href)) return { href, external: false };
  return null;
};

/** A picture's address when it may be kept: http(s) or a content image of this site; null otherwise. */
export const safeImageSrc = (value: string | undefined): string | null => {
  const src = (value ?? '').trim();
  if (!src || CONTROL.test(src)) return null;
  return EXTERNAL.test(src) || CONTENT_IMAGE.test(src) ? src : null;
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'title'],
  enforceHtmlBoundary: false,
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    div: 'p',
    a: (_tag, attribs) => {
      const link = safeHref(attribs.href);
      const kept: Record<string, string> = {};
      if (link) kept.href = link.href;
      if (link?.external) Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName: 'a', attribs: kept };
    },
    img: (_tag, attribs) => {
      const src = safeImageSrc(attribs.src);
      const kept: Record<string, string> = {};
      if (src) kept.src = src;
      if (attribs.alt) kept.alt = attribs.alt.slice(0, 200);
      for (const name of ['width', 'height'] as const) {
        const v = attribs[name]?.trim();
        if (v && SIZE.test(v)) kept[name] = v;
      }
      return { tagName: 'img', attribs: kept };
    },
    td: (_tag, attribs) => ({ tagName: 'td', attribs: spans(attribs) }),
    th: (_tag, attribs) => ({ tagName: 'th', attribs: spans(attribs) }),
  },
  // a picture without an allowed address is dropped; a link without one keeps its text
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src;
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

const spans = (attribs: Record<string, string>) => {
  const kept: Record<string, string> = {};
  for (const name of ['colspan', 'rowspan'] as const) {
    const v = attribs[name]?.trim();
    if (v && /^[1-9][0-9]?$/.test(v)) kept[name] = v;
  }
  return kept;
};

/** The HTML kept of what an admin saved (see above). */
export const sanitizeContentHtml = (html: string): string => (html ? sanitizeHtml(html, OPTIONS).trim() : '');
