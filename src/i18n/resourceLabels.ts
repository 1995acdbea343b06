/** react-admin's messages of one resource (`resources.<name>.*`): words, nested. */
export interface ResourceMessages {
  [key: string]: string | ResourceMessages;
}

export type LabelLanguage = 'en' | 'ko';

/** A folder of label files, collected: each resource's messages by name and, in Korean, the nouns of the server's messages. */
export interface ResourceLabels {
  messages: Record<string, ResourceMessages>;
  /** A declaration's English `noun` (src/shared/resources/*.ts) → its words in this language. */
  nouns: Record<string, string>;
}

/** `projectSharesEn` → `project-shares`: a label export names its resource in camelCase, then its language. */
const LABEL_EXPORT = /^([a-z][A-Za-z]*)(En|Ko)$/;
const kebab = (camel: string) => camel.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The label files of src/i18n/resources (`<file>.<language>.ts` → its exports), as one catalogue:
 * each export `<resourceName><Language>` (camelCase; a file may hold several resources, as
 * projects.en.ts holds plans, project shares and projects) gives `resources.<resource-name>`, and a
 * Korean file's `nouns` the Korean of its declarations' nouns. The browser passes the files Vite's
 * glob finds, the server those it reads from the folder, so a new resource edits no list. An export
 * that fits neither, or a resource named twice, throws: it would otherwise be silently left out.
 */
export function collectResourceLabels(files: Record<string, Record<string, unknown>>, language: LabelLanguage): ResourceLabels {
  const labels: ResourceLabels = { messages: {}, nouns: {} };
  const suffix = language === 'en' ? 'En' : 'Ko';
  for (const file of Object.keys(files).sort()) {
    for (const [name, value] of Object.entries(files[file])) {
      if (name === 'nouns' && language === 'ko') {
        for (const [noun, words] of Object.entries(value as Record<string, string>)) {
          if (noun in labels.nouns) throw new Error(`${file}: the noun "${noun}" is translated twice`);
          labels.nouns[noun] = words;
        }
        continue;
      }
      const match = LABEL_EXPORT.exec(name);
      if (!match || match[2] !== suffix) throw new Error(`${file}: export ${name} is not <resourceName>${suffix}${language === 'ko' ? ' or nouns' : ''}`);
      const resource = kebab(match[1]);
      if (resource in labels.messages) throw new Error(`${file}: resource ${resource} is labelled twice`);
      labels.messages[resource] = value as ResourceMessages;
    }
  }
  return labels;
}
