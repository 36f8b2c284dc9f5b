/**
 * Rich text (HTML) as the platform stores it: sanitised on write with an allow-list (sanitize-html),
 * so what is stored is what is served and no client that renders it runs a script.
 * Knowledge-base page bodies use it; messages' `htmlBody` will.
 */
import sanitizeHtml from 'sanitize-html';

/** Text formatting, lists, links, images, tables, headings, quotes and code: nothing that runs. */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'blockquote',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'abbr', 'cite', 'q', 'kbd', 'samp', 'var', 'code', 'pre',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
]; // prettier-ignore

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    abbr: ['title'],
    q: ['cite'],
    blockquote: ['cite'],
  },
  // Links: web and mail only; images: web only. No javascript:, data:, vbscript: or relative
  // protocol URLs (`//host`), which would inherit whatever scheme the reader uses.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // A link that opens elsewhere must not hand the opener over (reverse tabnabbing).
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
  },
  // Refused elements go, with the contents of those that are not text (script, style, iframe…).
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
};

/** The allow-listed form of an HTML fragment: safe to store and to serve as is. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
