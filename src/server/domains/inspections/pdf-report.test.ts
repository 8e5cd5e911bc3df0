import { randomBytes } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Condition, InspectionItem, PublicInspection } from '../../../shared/inspections.ts';
import { renderInspectionPdf, wrapText } from './pdf-report.ts';

const options = { appName: 'VinTech', generatedAt: new Date('2026-03-14T15:30:00Z'), timeZone: 'America/Chicago' };

/** Pictures of each kind the upload accepts; noise so that JPEG compression has real work to do. */
async function testPhotos() {
  const raw = sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } });
  const [jpeg, png, webp] = await Promise.all([
    raw.clone().jpeg({ quality: 90 }).toBuffer(),
    sharp(randomBytes(300 * 600 * 4), { raw: { width: 300, height: 600, channels: 4 } }).png().toBuffer(),
    raw.clone().resize(800, 600).webp({ quality: 80 }).toBuffer(),
  ]);
  return { jpeg, png, webp };
}

function item(index: number, photoIds: string[], overrides: Partial<InspectionItem> = {}): InspectionItem {
  const statuses: (Condition | null)[] = ['good', 'attention', 'urgent', null];
  const status = statuses[index % statuses.length]!;
  const recommends = status === 'attention' || status === 'urgent';
  return {
    id: `item-${index}`,
    componentId: index % 5 === 4 ? null : `component-${index % 3}`,
    componentName: index % 5 === 4 ? null : ['Brakes', 'Battery', 'Suspension'][index % 3]!,
    name: `Check number ${index} – front and rear`,
    unit: index % 2 === 0 ? 'mm' : '/32 in',
    status,
    measurement: index % 3 === 0 ? null : 3.5 + index,
    notes: index % 2 === 0 ? 'Worn unevenly on the inner edge; customer’s tyres were rotated at 30,000 mi. '.repeat(3) : null,
    recommendation: recommends ? 'Replace front brake pads and resurface rotors' : null,
    estimatedCost: recommends ? '189.90' : null,
    decision: recommends ? (['approved', 'declined', null] as const)[index % 3]! : null,
    decidedAt: null,
    requestInquiryId: null,
    photos: photoIds.map((id) => ({ id, itemId: `item-${index}`, name: `${id}.jpg`, width: 1200, height: 900, hasThumbnail: true, analysis: null })),
    ...overrides,
  };
}

function report(items: InspectionItem[], overrides: Partial<PublicInspection> = {}): PublicInspection {
  return {
    id: 'inspection-1',
    vehicleId: 'vehicle-1',
    vehicleLabel: '2019 Toyota Camry',
    status: 'completed',
    serviceCenterName: 'Main Street Auto',
    customerName: 'Dana Smith',
    signedName: 'Alex Rivera',
    mileage: 45120,
    completedAt: new Date('2026-03-14T14:00:00Z'),
    createdAt: new Date('2026-03-14T12:00:00Z'),
    counts: { good: 0, attention: 0, urgent: 0 },
    pendingDecisions: 0,
    notes: 'Customer reports a squeal when braking.',
    sharedAt: null,
    items,
    ...overrides,
  };
}

/** The image XObjects in the file, with their pixel sizes. */
function images(pdf: PDFDocument): { width: number; height: number }[] {
  const found: { width: number; height: number }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream || object instanceof PDFStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    found.push({ width: Number(object.dict.get(PDFName.of('Width'))?.toString()), height: Number(object.dict.get(PDFName.of('Height'))?.toString()) });
  }
  return found;
}

/** Each page's drawn text, decoded from the hex strings pdf-lib writes (WinAnsi reads as Latin-1 for these). */
function pageTexts(pdf: PDFDocument): string[] {
  return pdf.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    let text = '';
    for (const ref of refs) {
      const stream = ref instanceof PDFRef ? pdf.context.lookup(ref) : ref;
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) text += Buffer.from(hex!, 'hex').toString('latin1') + '\n';
    }
    return text;
  });
}

describe('renderInspectionPdf', () => {
  it('renders 20 items with 40 photos over several pages, every photo embedded once as a JPEG', async () => {
    const { jpeg, png, webp } = await testPhotos();
    const photos = new Map<string, Uint8Array>();
    const items = Array.from({ length: 20 }, (_, index) => {
      const ids = [`photo-${index}-a`, `photo-${index}-b`];
      photos.set(ids[0]!, [jpeg, png, webp][index % 3]!);
      photos.set(ids[1]!, jpeg);
      return item(index, ids);
    });
    const bytes = await renderInspectionPdf(report(items), photos, options);

    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = pdf.getPageCount();
    expect(pages).toBeGreaterThan(1);
    const texts = pageTexts(pdf);
    texts.forEach((text, index) => expect(text).toContain(`VinTech inspection report · page ${index + 1} of ${pages}`));
    const all = texts.join('');
    for (const expected of ['Vehicle Inspection Report', '2019 Toyota Camry', 'Main Street Auto', 'Dana Smith', 'Mileage: 45,120 mi', 'Other checks', 'Not checked', 'Awaiting decision', 'Declined', 'Approved', 'Signed by Alex Rivera on Mar 14, 2026']) {
      expect(all).toContain(expected);
    }
    expect(all).toContain('Good: 5 · Needs Attention: 5 · Urgent: 5 · Estimated cost of recommendations: $1,899.00');
    expect(all).toContain('customer’s'.replace('’', '\x92'));

    const embedded = images(pdf);
    expect(embedded).toHaveLength(40);
    for (const image of embedded) expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(1000);
    expect(pdf.getTitle()).toBe('Inspection report: 2019 Toyota Camry');
    expect(pdf.getProducer()).toBe('VinTech');
    expect(pdf.getCreator()).toBe('VinTech');
    expect(pdf.getAuthor()).toBeUndefined();
  });

  it('skips an unreadable and a missing photo, and prints emoji and CJK as question marks', async () => {
    const { png } = await testPhotos();
    const photos = new Map<string, Uint8Array>([
      ['readable', png],
      ['damaged', new TextEncoder().encode('this is not a picture')],
    ]);
    const items = [
      item(1, ['readable', 'damaged', 'missing'], { name: 'Brake pads 🚗🔥 ブレーキ', notes: 'Looks fine 👍\nSecond line\twith a tab' }),
      item(2, [], { recommendation: 'Replace 🛞', estimatedCost: null, decision: null }),
    ];
    const bytes = await renderInspectionPdf(report(items, { vehicleLabel: 'Kei car 🚙', signedName: null, completedAt: null, status: 'draft' }), photos, {
      ...options,
      timeZone: 'Not/AZone',
    });

    const pdf = await PDFDocument.load(bytes);
    expect(images(pdf)).toHaveLength(1);
    const all = pageTexts(pdf).join('');
    expect(all.match(/Photo unavailable/g)).toHaveLength(2);
    expect(all).toContain('Brake pads ?? ????');
    expect(all).toContain('Looks fine ?\nSecond line with a tab');
    expect(all).toContain('Recommended: Replace ? · Awaiting decision');
    expect(all).toContain('Not signed yet (draft)');
    expect(all).toContain('Status: Draft');
    expect(pdf.getTitle()).toBe('Inspection report: Kei car 🚙');
  });
});

describe('wrapText', () => {
  it('keeps every line within the width and cuts a word longer than a line', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const long = 'X'.repeat(200);
    const lines = wrapText(`Part ${long} fits\n\nafter a blank line`, font, 10, 150);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(150);
    expect(lines.join('').replaceAll(' ', '')).toBe(`Part${long}fitsafterablankline`);
    expect(lines).toContain('');
    expect(lines.at(-1)).toBe('after a blank line');
  });
});
