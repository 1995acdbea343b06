import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

/**
 * A small dashboard-like PNG (a title band and a bar chart) for the demo templates' previews,
 * encoded here so the demo needs no image files in the repository.
 */
export function dashboardPreviewPng(width: number, height: number, accent: Rgb, bars: number[]): Buffer {
  const background: Rgb = [248, 250, 252];
  const band: Rgb = [30, 41, 59];
  const rows: Buffer[] = [];
  const barWidth = Math.floor((width - 40) / bars.length);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let colour = background;
      if (y < 28) colour = band;
      else {
        const bar = Math.floor((x - 20) / barWidth);
        const top = height - 16 - Math.round(bars[bar] * (height - 60));
        if (x >= 20 && bar < bars.length && (x - 20) % barWidth < barWidth - 6 && y >= top && y < height - 16) colour = accent;
      }
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
