/** A JSX opening tag of a source file, with its attributes as written. */
export interface JsxElement {
  tag: string;
  attributes: string;
  selfClosing: boolean;
  line: number;
}

/** The JSX opening tags of a source text whose name starts with a capital, attributes read to the `>` outside any braces. */
export function jsxElementsOf(text: string): JsxElement[] {
  const elements: JsxElement[] = [];
  const opening = /<([A-Z][\w.]*)\b/g;
  for (let match = opening.exec(text); match; match = opening.exec(text)) {
    let depth = 0;
    let index = match.index + match[0].length;
    for (; index < text.length; index++) {
      const char = text[index];
      if (char === '{') depth++;
      else if (char === '}') depth--;
      else if (char === '>' && depth === 0) break;
    }
    const attributes = text.slice(match.index + match[0].length, index);
    elements.push({ tag: match[1], attributes, selfClosing: attributes.trimEnd().endsWith('/'), line: text.slice(0, match.index).split('\n').length });
  }
  return elements;
}
