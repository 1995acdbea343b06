import sanitizeHtml from 'sanitize-html';
import { TERM_CONTENT_ALLOWED } from '../../../src/shared';

const options: sanitizeHtml.IOptions = {
  allowedTags: TERM_CONTENT_ALLOWED.tags,
  allowedAttributes: TERM_CONTENT_ALLOWED.attributes,
  allowedStyles: { '*': TERM_CONTENT_ALLOWED.styles },
  allowedSchemes: TERM_CONTENT_ALLOWED.schemes,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style bodies go with their tags; other unknown tags leave their text behind.
  disallowedTagsMode: 'discard',
  transformTags: {
    // Terms are read inside the console: a link opens elsewhere and gets no handle on this window.
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
};

/**
 * A version's HTML reduced to the allow-list: no scripts, event handlers, javascript: links or
 * unknown tags, and every tag balanced. Plain text comes back as escaped text.
 */
export function sanitiseTermContent(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** True when nothing readable is left (only tags or whitespace). */
export function isBlankContent(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
