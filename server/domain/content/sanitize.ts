import sanitizeHtml from 'sanitize-html';

/*
 * Rich text (a news body) is sanitised on the server before it is stored (issue 26, decision 067), with
 * sanitize-html: an allow-list of formatting tags, links only to http(s), mailto, tel or this portal's paths, no
 * attributes but a link's address, no script, style, event handler or `javascript:` address. What is stored is
 * what every page shows (the server-drawn pages too), so nothing else needs to clean it again.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // External links open with no access to this page.
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.href ? { href: attribs.href, rel: 'noopener noreferrer' } : ({} as sanitizeHtml.Attributes),
    }),
  },
};

/** The rich text as it may be stored and shown. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of rich text, tags removed (a card's summary, a page's description). */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
