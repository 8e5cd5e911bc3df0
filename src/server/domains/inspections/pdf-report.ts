import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import sharp from 'sharp';
import { CONDITION_LABELS, INSPECTION_STATUS_LABELS, type Condition, type InspectionItem, type PublicInspection } from '../../../shared/inspections.ts';
import { formatCost } from '../../../shared/money.ts';

export interface InspectionPdfOptions {
  appName: string;
  generatedAt: Date;
  /** IANA zone the dates print in; UTC when absent or unknown. */
  timeZone?: string;
}

const PAGE = { width: 612, height: 792, margin: 48 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const PHOTO_BOX = { width: 160, height: 120, gap: 8 } as const;
/** Same limits as at upload: a small file can claim any size, so decoding stops before it starts. */
const MAX_INPUT_PIXELS = 50_000_000;
/** sharp runs on libuv's pool; a few at once keeps the decoded pixels of 40 photos out of memory together. */
const CONVERT_CONCURRENCY = 4;

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const CHIP: Readonly<Record<Condition | 'none', { color: RGB; label: string }>> = {
  good: { color: rgb(0.16, 0.55, 0.27), label: CONDITION_LABELS.good },
  attention: { color: rgb(0.86, 0.56, 0.04), label: CONDITION_LABELS.attention },
  urgent: { color: rgb(0.78, 0.15, 0.15), label: CONDITION_LABELS.urgent },
  none: { color: rgb(0.6, 0.6, 0.62), label: 'Not checked' },
};
const DECISION_LABELS = { approved: 'Approved', declined: 'Declined' } as const;

/**
 * Breaks text into lines no wider than `maxWidth`; a word wider than a whole line is cut between
 * characters, since a part number or a pasted link has no spaces to break at. Newlines are kept.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const char of word) {
        if (line && !fits(line + char)) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Maps what WinAnsi (the standard fonts' only encoding) lacks to '?', so drawing never throws. */
function encoderFor(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) => {
    let out = '';
    for (const char of text.normalize('NFC')) {
      const code = char.codePointAt(0) ?? 0;
      // Intl puts U+202F before AM/PM; a space reads the same, where '?' would look like damage.
      out += char === '\n' || supported.has(code) ? char : /\s/u.test(char) ? ' ' : '?';
    }
    return out;
  };
}

function dateFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const format = (zone: string) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' });
  try {
    return format(timeZone ?? 'UTC');
  } catch {
    return format('UTC');
  }
}

/** A photo as a JPEG pdf-lib can embed, or null when its bytes are not a picture sharp can read. */
async function toReportJpeg(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(1000, 1000, { fit: 'inside', withoutEnlargement: true })
      // JPEG has no transparency: without a white ground a PNG's clear parts would print black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

async function embedPhotos(pdf: PDFDocument, ids: readonly string[], photos: ReadonlyMap<string, Uint8Array>): Promise<Map<string, PDFImage | null>> {
  const jpegs = new Map<string, Uint8Array | null>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const bytes = photos.get(id);
      jpegs.set(id, bytes ? await toReportJpeg(bytes) : null);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONVERT_CONCURRENCY, ids.length) }, worker));
  const images = new Map<string, PDFImage | null>();
  // In the order of the report, so the file reads the same from run to run.
  for (const id of ids) {
    const jpeg = jpegs.get(id);
    images.set(id, jpeg ? await pdf.embedJpg(jpeg).catch(() => null) : null);
  }
  return images;
}

function formatMeasurement(item: InspectionItem): string | null {
  if (item.measurement === null) return null;
  const unit = item.unit?.trim();
  if (!unit) return String(item.measurement);
  // "4/32 in" and "72%" read wrong with a space, "12.4 V" without one.
  return /^[/%]/.test(unit) ? `${item.measurement}${unit}` : `${item.measurement} ${unit}`;
}

function sumCosts(items: readonly InspectionItem[]): string | null {
  const costed = items.filter((item) => item.recommendation && item.estimatedCost && Number.isFinite(Number(item.estimatedCost)));
  if (costed.length === 0) return null;
  // In whole cents, so that ten times 189.90 adds up to exactly what the customer reads.
  const cents = costed.reduce((sum, item) => sum + Math.round(Number(item.estimatedCost) * 100), 0);
  return formatCost((cents / 100).toFixed(2));
}

/** The component groups in the order their first item appears; unassigned checks come last. */
function groupItems(items: readonly InspectionItem[]): [string, InspectionItem[]][] {
  const groups = new Map<string, InspectionItem[]>();
  for (const item of items) {
    const key = item.componentName ?? '';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const other = groups.get('');
  groups.delete('');
  const ordered: [string, InspectionItem[]][] = [...groups.entries()];
  if (other) ordered.push(['Other checks', other]);
  return ordered;
}

/**
 * Renders a vehicle inspection as a printable PDF: header, items by component with their photos,
 * and the signature. Photos that cannot be read print as a grey box; unprintable characters as '?'.
 */
export async function renderInspectionPdf(report: PublicInspection, photos: ReadonlyMap<string, Uint8Array>, options: InspectionPdfOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const clean = encoderFor(regular);
  const dates = dateFormatter(options.timeZone);
  const formatDate = (date: Date) => dates.format(date);

  pdf.setTitle(`Inspection report: ${report.vehicleLabel}`);
  pdf.setProducer(options.appName);
  pdf.setCreator(options.appName);
  pdf.setCreationDate(options.generatedAt);
  pdf.setModificationDate(options.generatedAt);

  const photoIds = [...new Set(report.items.flatMap((item) => item.photos.map((photo) => photo.id)))];
  const images = await embedPhotos(pdf, photoIds, photos);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const ensure = (height: number) => {
    if (y - height >= PAGE.margin) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const write = (text: string, style: { font?: PDFFont; size?: number; color?: RGB; indent?: number; after?: number } = {}) => {
    const { font = regular, size = 10, color = INK, indent = 0, after = 0 } = style;
    const lineHeight = size * 1.3;
    for (const line of wrapText(clean(text), font, size, CONTENT_WIDTH - indent)) {
      ensure(lineHeight);
      page.drawText(line, { x: PAGE.margin + indent, y: y - size, size, font, color });
      y -= lineHeight;
    }
    y -= after;
  };

  write('Vehicle Inspection Report', { font: bold, size: 20, after: 4 });
  write(report.vehicleLabel, { font: bold, size: 14, after: 6 });
  const facts: [string, string | null][] = [
    ['Shop', report.serviceCenterName],
    ['Customer', report.customerName],
    ['Mileage', report.mileage === null ? null : `${report.mileage.toLocaleString('en-US')} mi`],
    ['Completed', report.completedAt ? formatDate(report.completedAt) : 'Not completed yet'],
    ['Status', INSPECTION_STATUS_LABELS[report.status]],
  ];
  for (const [label, value] of facts) if (value) write(`${label}: ${value}`);
  const count = (condition: Condition) => report.items.filter((item) => item.status === condition).length;
  const total = sumCosts(report.items);
  y -= 6;
  write(
    `Good: ${count('good')} · Needs Attention: ${count('attention')} · Urgent: ${count('urgent')}` + (total ? ` · Estimated cost of recommendations: ${total}` : ''),
    { font: bold, size: 11, after: 6 },
  );
  if (report.notes) write(report.notes, { color: MUTED, after: 6 });

  const chipFont = { font: bold, size: 8 } as const;
  const drawItem = (item: InspectionItem) => {
    const chip = CHIP[item.status ?? 'none'];
    const chipWidth = chipFont.font.widthOfTextAtSize(chip.label, chipFont.size) + 10;
    const nameLines = wrapText(clean(item.name), bold, 11, CONTENT_WIDTH - chipWidth - 8);
    ensure(16 + 14);
    page.drawRectangle({ x: PAGE.margin, y: y - 13, width: chipWidth, height: 13, color: chip.color });
    page.drawText(chip.label, { x: PAGE.margin + 5, y: y - 9.5, ...chipFont, color: rgb(1, 1, 1) });
    for (const line of nameLines) {
      ensure(14.5);
      page.drawText(line, { x: PAGE.margin + chipWidth + 8, y: y - 11, size: 11, font: bold, color: INK });
      y -= 14.5;
    }
    y -= 2;
    const indent = 12;
    const measurement = formatMeasurement(item);
    if (measurement) write(`Measured: ${measurement}`, { indent });
    if (item.notes) write(item.notes, { indent, color: MUTED });
    if (item.recommendation) {
      const cost = formatCost(item.estimatedCost);
      const decision = item.decision ? DECISION_LABELS[item.decision] : 'Awaiting decision';
      write(`Recommended: ${item.recommendation}${cost ? ` (${cost})` : ''} · ${decision}`, { indent, font: bold });
    }
    drawPhotos(item, indent);
    y -= 10;
  };

  // Rows are laid out before drawing so that a page break never splits one.
  const drawPhotos = (item: InspectionItem, indent: number) => {
    const rows: { image: PDFImage | null; width: number; height: number }[][] = [];
    let rowWidth = Infinity;
    for (const photo of item.photos) {
      const image = images.get(photo.id) ?? null;
      const scale = image ? Math.min(PHOTO_BOX.width / image.width, PHOTO_BOX.height / image.height, 1) : 0;
      const box = image ? { image, width: image.width * scale, height: image.height * scale } : { image, width: 100, height: 40 };
      if (rowWidth + box.width > CONTENT_WIDTH - indent) {
        rows.push([]);
        rowWidth = 0;
      }
      rows[rows.length - 1]!.push(box);
      rowWidth += box.width + PHOTO_BOX.gap;
    }
    for (const row of rows) {
      const height = Math.max(...row.map((box) => box.height));
      y -= 4;
      ensure(height);
      let x = PAGE.margin + indent;
      for (const box of row) {
        if (box.image) {
          page.drawImage(box.image, { x, y: y - box.height, width: box.width, height: box.height });
        } else {
          page.drawRectangle({ x, y: y - box.height, width: box.width, height: box.height, color: rgb(0.9, 0.9, 0.91), borderColor: MUTED, borderWidth: 0.5 });
          page.drawText('Photo unavailable', { x: x + 8, y: y - box.height / 2 - 3, size: 8, font: regular, color: MUTED });
        }
        x += box.width + PHOTO_BOX.gap;
      }
      y -= height;
    }
  };

  for (const [component, items] of groupItems(report.items)) {
    y -= 8;
    // A heading alone at the foot of a page reads as if its items were missing.
    ensure(18 + 34);
    write(component, { font: bold, size: 14, after: 4 });
    page.drawLine({ start: { x: PAGE.margin, y: y + 2 }, end: { x: PAGE.width - PAGE.margin, y: y + 2 }, thickness: 0.5, color: MUTED });
    y -= 6;
    for (const item of items) drawItem(item);
  }

  y -= 10;
  const signature =
    report.signedName && report.completedAt
      ? `Signed by ${report.signedName} on ${formatDate(report.completedAt)}`
      : report.signedName
        ? `Signed by ${report.signedName}`
        : 'Not signed yet (draft)';
  write(signature, { font: bold, size: 11 });
  write(`Generated ${formatDate(options.generatedAt)}`, { size: 8, color: MUTED });

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const footer = clean(`${options.appName} inspection report · page ${index + 1} of ${pages.length}`);
    const width = regular.widthOfTextAtSize(footer, 8);
    each.drawText(footer, { x: (PAGE.width - width) / 2, y: PAGE.margin / 2, size: 8, font: regular, color: MUTED });
  });
  return pdf.save();
}
