import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (assignment content, issue 13) arrives as HTML from the web editor (TipTap,
 * web/src/components/RichText) and is shown to other users as HTML, so it is cleaned here before it is
 * stored: the allowlist is exactly the markup the editor makes, and anything else — scripts, styles,
 * event handlers, frames, pictures, links to other schemes — is dropped. The web shows the stored HTML as
 * it is, trusting this cleaning.
 */

const EDITOR_TAGS = ['p', 'br', 'strong', 'em', 's', 'u', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a'];
const LINK_SCHEMES = ['http', 'https', 'mailto'];

/** Elements whose content is never text a reader should see, dropped with everything inside them. */
const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'head', 'svg', 'math', 'select'];

/** Pasted markup of other editors, kept as the editor's own equivalent rather than lost. */
const EQUIVALENTS: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's', h1: 'h2', h4: 'h3', h5: 'h3', h6: 'h3' };

/**
 * The href of a link when it is absolute and of an allowed scheme. Browsers ignore tabs, new lines and
 * leading control characters in a URL ('java\tscript:'), so the URL parser decides, not a prefix test.
 */
function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return LINK_SCHEMES.includes(url.protocol.slice(0, -1)) ? url.href : null;
  } catch {
    // Relative links mean nothing once the text is shown on another page.
    return null;
  }
}

const CLEAN_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: EDITOR_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    ...Object.fromEntries(Object.entries(EQUIVALENTS).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {}, false)])),
    // A link opens in a new tab without handing the page to it; one without a usable target keeps its text only.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      return href ? { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } } : { tagName: 'span', attribs: {} };
    },
  },
};

/** The stored form of rich text from the editor: only the editor's markup, links made safe. */
export function cleanRichText(html: string): string {
  return sanitizeHtml(html, CLEAN_OPTIONS).trim();
}

/** Boundaries that separate words when the markup is taken away ('<p>a</p><p>b</p>' is "a b", not "ab"). */
const BLOCK_BOUNDARY = /<\/?(?:p|br|h[1-6]|li|ul|ol|blockquote|pre|div|tr|td|th|table|section|article|header|footer|hr)\b[^>]*>/gi;

const TEXT_ONLY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
};

/**
 * The words of rich text, for lists, notifications, searching and the empty check: markup dropped,
 * entities decoded, runs of white space (non-breaking ones too) made one space.
 */
export function plainTextOf(html: string): string {
  const escaped = sanitizeHtml(html.replace(BLOCK_BOUNDARY, ' $&'), TEXT_ONLY_OPTIONS);
  // sanitize-html decodes the entities of the text and escapes exactly these three again on output.
  const text = escaped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return text.replace(/\s+/g, ' ').trim();
}

/** True when the rich text shows no words once cleaned (the editor's '<p></p>', spaces, a lone script). */
export function isRichTextEmpty(html: string): boolean {
  return plainTextOf(cleanRichText(html)) === '';
}
