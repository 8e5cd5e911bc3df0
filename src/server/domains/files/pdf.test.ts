import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPdf, pdfWithMetadata, TINY_PDF } from '../../../../tests/helpers/files.ts';
import { scrubPdfMetadata } from './pdf.ts';

const latin1 = (bytes: Buffer) => bytes.toString('latin1');

/** Every in-use entry of the cross-reference table still points at its object's header. */
function xrefHolds(bytes: Buffer): boolean {
  const text = latin1(bytes);
  const table = /xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(text);
  if (!table) return false;
  const rows = table[2]!.trim().split('\n').slice(1);
  return rows.every((row, index) => text.startsWith(`${index + 1} 0 obj`, Number(row.slice(0, 10))));
}

describe('PDF metadata', () => {
  it('takes out the document information and the XMP packet, keeping the length, the offsets and the page', () => {
    const input = pdfWithMetadata();
    const { content, removed } = scrubPdfMetadata(input);
    const text = latin1(content);
    expect(content.byteLength).toBe(input.byteLength);
    expect(xrefHolds(input)).toBe(true);
    expect(xrefHolds(content)).toBe(true);
    for (const secret of ['Jane', 'Scanner', '4A616E65', 'D:2026', '48.8584', 'GPSLatitude', 'xmpmeta', '/Info 3 0 R', '/Metadata 4 0 R']) expect(text).not.toContain(secret);
    expect(text).toContain('(Total 42.00) Tj');
    expect(text.startsWith('%PDF-1.7')).toBe(true);
    expect(text).toMatch(/3 0 obj\n<<\s+>>\nendobj/);
    expect(removed.sort()).toEqual(['info', 'info-ref', 'xmp', 'xmp-ref']);
    // Untouched input: the function works on a copy.
    expect(latin1(input)).toContain('Jane Doe');
  });

  it('replaces a Flate-compressed XMP stream by a valid compressed run of spaces of the same length', () => {
    const xmp = Buffer.from(`<x:xmpmeta><dc:creator>Jane Doe</dc:creator>${'<rdf:li>padding</rdf:li>'.repeat(40)}</x:xmpmeta>`);
    const packed = deflateSync(xmp);
    const input = buildPdf(
      ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', Buffer.concat([Buffer.from(`<< /Type /Metadata /Subtype /XML /Filter /FlateDecode /Length ${packed.byteLength} >>\nstream\n`), packed, Buffer.from('\nendstream')])],
      '/Root 1 0 R',
    );
    const { content, removed } = scrubPdfMetadata(input);
    expect(content.byteLength).toBe(input.byteLength);
    expect(xrefHolds(content)).toBe(true);
    const start = content.indexOf('stream\n') + 'stream\n'.length;
    const inflated = inflateSync(content.subarray(start, start + packed.byteLength));
    expect(inflated.toString().trim()).toBe('');
    expect(removed).toEqual(['xmp']);
  });

  it('leaves a PDF without metadata byte for byte as it was', () => {
    expect(scrubPdfMetadata(TINY_PDF).content.equals(TINY_PDF)).toBe(true);
    expect(scrubPdfMetadata(TINY_PDF).removed).toEqual([]);
  });

  it('unlinks the information of an encrypted document but leaves its (encrypted) streams alone', () => {
    const input = buildPdf(['<< /Type /Catalog >>', '<< /Author (x9#k) >>', '<< /Type /Metadata /Subtype /XML /Length 8 >>\nstream\nq8#kz!0p\nendstream'], '/Root 1 0 R /Info 2 0 R /Encrypt << /Filter /Standard >>');
    const text = latin1(scrubPdfMetadata(input).content);
    expect(text).not.toContain('/Info 2 0 R');
    expect(text).not.toContain('x9#k');
    expect(text).toContain('q8#kz!0p');
  });

  it('copes with broken or hostile input: unclosed dictionaries and strings, many references', () => {
    const hostile = Buffer.from(`%PDF-1.4\n${'1 0 obj <<('.repeat(20_000)}${'/Info 1 0 R /Metadata 1 0 R /Type /Metadata '.repeat(2_000)}`, 'latin1');
    const { content } = scrubPdfMetadata(hostile);
    expect(content.byteLength).toBe(hostile.byteLength);
    expect(latin1(content)).not.toContain('/Info 1 0 R');
  });
});
