import { createReadStream } from 'node:fs';
import { crc32 } from 'node:zlib';
import type { ChunkSink } from '../work-file';

/** A zip entry: small content in memory, or a file on disk whose size and CRC-32 are known. */
export type ZipEntry = { name: string; content: Buffer } | { name: string; path: string; size: number; crc: number };

/**
 * Writes a zip archive of stored (uncompressed) entries to a stream, file entries streamed from
 * disk: enough for a Tableau .tdsx, with no dependency. Zip32, so entries stay under 4 GiB.
 */
export async function writeStoredZip(out: ChunkSink, entries: ZipEntry[]): Promise<void> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const size = 'content' in entry ? entry.content.length : entry.size;
    const crc = 'content' in entry ? crc32(entry.content) : entry.crc;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    await out.write(Buffer.concat([local, name]));
    if ('content' in entry) await out.write(entry.content);
    else for await (const chunk of createReadStream(entry.path)) await out.write(chunk as Buffer);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(size, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + size;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  await out.write(Buffer.concat([...central, end]));
}
