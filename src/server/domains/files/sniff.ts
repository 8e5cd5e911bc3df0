import { FILE_TYPES, type FileType } from '../../../shared/files.ts';

const FILE_TYPE_SET: ReadonlySet<FileType> = new Set(FILE_TYPES);

/**
 * The type of a file read from its first bytes, whatever name or type the sender declared.
 * Only the four kinds the app keeps are recognised; anything else (HTML, SVG, archives, text) is
 * null and refused.
 */
export function sniffType(bytes: Uint8Array): FileType | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (bytes.length >= 5 && starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

const NAMED: Record<string, FileType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const LABELS: Record<FileType, string> = {
  'image/jpeg': 'a JPEG photo',
  'image/png': 'a PNG image',
  'image/webp': 'a WebP image',
  'application/pdf': 'a PDF document',
};

/**
 * A file whose name or declared type says one of the accepted kinds while its content is another
 * is refused: a "receipt.jpg" that is a PDF is either a mistake or a disguise. The sentence says
 * what was found; null when nothing contradicts the content.
 */
export function contradiction(sniffed: FileType, name: string | undefined, mimeType: string | undefined): string | null {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(name ?? '')?.[1]?.toLowerCase();
  const byName = extension ? NAMED[extension] : undefined;
  const byType = (FILE_TYPE_SET as ReadonlySet<string>).has(mimeType ?? '') ? (mimeType as FileType) : undefined;
  const claimed = byName && byName !== sniffed ? byName : byType && byType !== sniffed ? byType : undefined;
  return claimed ? `This file is named as ${LABELS[claimed]} but its content is ${LABELS[sniffed]}: save it with the right name and try again` : null;
}

const EXTENSIONS: Record<FileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * A name safe to store and to put in a Content-Disposition header: no path, no control or quote
 * characters, bounded, and ending in the extension of the sniffed type.
 */
export function safeFileName(declared: string | undefined, type: FileType): string {
  const base = (declared ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f"\\;]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = cleaned.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 150).trim() || (type === 'application/pdf' ? 'document' : 'photo');
  return `${stem}.${EXTENSIONS[type]}`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
