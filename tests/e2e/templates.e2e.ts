import { mkdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, waitForSettled, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-templates';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => e2e?.close());

/** A real PNG of one colour with a darker band, so a screenshot shows it was decoded. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = (y: number) => {
    const shade = y > height / 2 ? 0.6 : 1;
    return Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => Math.round([r, g, b][i % 3] * shade))]);
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.concat(Array.from({ length: height }, (_, y) => row(y)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const image = (name: string, colour: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: png(160, 90, colour) });

/** True once the <img> has been fetched and decoded (its link token worked). */
const decoded = (img: Locator) => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

describe('Dashboard Templates screens', () => {
  it('lets a system-admin create a template with two preview images, seen as thumbnails in the list and a gallery on show', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Dashboard Templates' }).click();
    await page.waitForURL((url) => url.pathname === '/system/dashboard-template');
    await page.getByRole('link', { name: 'Create' }).click();

    await page.locator('input[name=name]').fill('Media overview');
    await page.getByRole('combobox', { name: 'Data type' }).click();
    await page.getByRole('option', { name: 'Media' }).click();
    await page.locator('textarea[name=description]').fill('Spend, reach and frequency by week');

    // Text dressed as a PNG is refused by its content, with a message next to the input.
    await page.getByTestId('preview-file-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByText('fake.png was not accepted: fake.png is not a PNG, JPEG or WebP image.').waitFor();
    await page.screenshot({ path: `${SHOTS}/create-refused.png`, fullPage: true });

    await page.getByTestId('preview-file-input').setInputFiles([image('teal.png', [20, 160, 150]), image('violet.png', [120, 70, 200]), image('amber.png', [240, 170, 30])]);
    const thumbnails = page.getByTestId('preview-thumbnails').locator('img');
    await expect.poll(() => thumbnails.count()).toBe(3);
    await page.getByRole('button', { name: 'Remove amber.png' }).click();
    await expect.poll(() => thumbnails.count()).toBe(2);
    for (const thumbnail of await thumbnails.all()) await expect.poll(() => decoded(thumbnail)).toBe(true);

    await page.getByTestId('dashboard-file-input').setInputFiles({ name: 'layout.json', mimeType: 'application/json', buffer: Buffer.from('{"sheets": ["Weekly"]}') });
    await page.getByTestId('dashboard-file-name').filter({ hasText: 'layout.json' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/create-filled.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => /^\/templates\/\d+\/show$/.test(url.pathname));
    const gallery = page.getByTestId('preview-gallery').locator('img');
    // The show page loads its record first: a poll (a second at most) gave up on a loaded machine.
    await gallery.nth(1).waitFor();
    await waitForSettled(page);
    expect(await gallery.count()).toBe(2);
    expect(await gallery.evaluateAll((images) => images.map((img) => img.getAttribute('alt')))).toEqual(['Open teal.png full size', 'Open violet.png full size']);
    for (const img of await gallery.all()) await expect.poll(() => decoded(img)).toBe(true);
    // The file's link (the record's history below names the file too).
    await page.getByRole('link', { name: 'layout.json' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/show-gallery.png`, fullPage: true });

    const template = await e2e.db.selectFrom('templates').selectAll().where('name', '=', 'Media overview').executeTakeFirstOrThrow();
    expect(template).toMatchObject({ data_type_code: 'MEDIA', status: 'Y' });
    const previews = await e2e.db
      .selectFrom('template_previews')
      .innerJoin('uploaded_files', 'uploaded_files.id', 'template_previews.file_id')
      .select('uploaded_files.original_name')
      .where('template_id', '=', template.id)
      .orderBy('sort_no')
      .execute();
    expect(previews.map((preview) => preview.original_name)).toEqual(['teal.png', 'violet.png']);

    await page.goto('/system/dashboard-template');
    const row = page.locator('tr', { hasText: 'Media overview' });
    await row.waitFor();
    await row.getByText('Active').waitFor();
    const thumbnail = row.locator('img');
    expect(await thumbnail.getAttribute('alt')).toBe('teal.png');
    await expect.poll(() => decoded(thumbnail)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

    // The data type filter asks the server: no CRM templates yet.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('Data type').click();
    await page.getByRole('combobox', { name: 'Data type' }).click();
    await page.getByRole('option', { name: 'CRM' }).click();
    await page.getByText(/^No .* found/).waitFor();
    await expectAbsent(page.locator('#main-content'), row);
    await page.screenshot({ path: `${SHOTS}/list-filtered.png`, fullPage: true });
    expect(problems.filter((problem) => !/40[09]/.test(problem))).toEqual([]);
    await context.close();
  });
});
