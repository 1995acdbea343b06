/**
 * The HTML a term's content may keep (what the rich-text editor produces); everything else is
 * stripped on the server before it is stored. Links keep only http(s) and mailto targets.
 */
export const TERM_CONTENT_ALLOWED = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'a', 'span', 'mark'],
  attributes: { a: ['href', 'target', 'rel'], p: ['style'], h1: ['style'], h2: ['style'], h3: ['style'], h4: ['style'], h5: ['style'], h6: ['style'] } as Record<string, string[]>,
  /** Only text alignment survives in a style attribute. */
  styles: { 'text-align': [/^(left|right|center|justify)$/] },
  schemes: ['http', 'https', 'mailto'],
};
