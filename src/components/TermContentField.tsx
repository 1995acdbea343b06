import { RichTextField, type RaRecord } from 'react-admin';
import { TERM_CONTENT_ALLOWED } from '../shared/term-content';

const purifyOptions = {
  ALLOWED_TAGS: TERM_CONTENT_ALLOWED.tags,
  ALLOWED_ATTR: [...new Set(Object.values(TERM_CONTENT_ALLOWED.attributes).flat())],
};

/**
 * A version's content as HTML. The server stored it sanitised; the browser purifies it again with
 * the same allow-list, so a row written around the API still cannot run script or add images.
 */
export function TermContentField({ record, source = 'content' }: { record?: RaRecord; source?: string }) {
  return <RichTextField record={record} source={source} purifyOptions={purifyOptions} />;
}
