import './rich-content.css';

/**
 * Shows a content body: HTML the server sanitized on save (portal-content.service: sanitize-html with an
 * allow list; no scripts, event handlers or frames), so it is set as HTML here. Never pass other HTML.
 */
export function RichContent({ html, className }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return (
    <div
      className={['rich-content', className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the body was sanitized by the server on save
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
