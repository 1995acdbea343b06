import { withoutControls } from '../../src/shared';

/**
 * A Content-Disposition value with an ASCII fallback name and the exact name RFC 5987-encoded,
 * so non-ASCII names survive and quotes or CR/LF in a name cannot break the header. Controls are
 * dropped here too, for names stored before cleanFileName removed them.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', stored: string): string {
  const fileName = withoutControls(stored);
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
