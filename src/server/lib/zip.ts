import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A small ZIP writer (PKWARE APPNOTE 6.3: local headers, deflated data, central directory, end
 * record), enough for an account export: UTF-8 names, no ZIP64, so at most 65,535 entries and
 * 4 GiB in all, which the export's own bounds stay far below. Entries are deflated one at a time
 * and handed to `write` as they are ready, so only one entry's bytes are held at once.
 */

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const STORE = 0;
const MAX_ZIP32 = 0xffffffff;

interface CentralEntry {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** MS-DOS time and date of a moment (two-second steps, years 1980 to 2107). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

export class ZipWriter {
  private readonly entries: CentralEntry[] = [];
  private offset = 0;
  private readonly names = new Set<string>();

  constructor(
    private readonly write: (chunk: Buffer) => void,
    private readonly at: Date = new Date(),
  ) {}

  /** Adds one file; already compressed content (images) is stored as it is. */
  add(name: string, content: Buffer | string, options: { compress?: boolean } = {}): void {
    if (this.names.has(name)) throw new Error(`zip: duplicate entry ${name}`);
    if (this.entries.length >= 0xffff) throw new Error('zip: too many entries');
    this.names.add(name);
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const deflated = options.compress === false ? null : deflateRawSync(data);
    const useDeflate = deflated !== null && deflated.length < data.length;
    const body = useDeflate ? deflated : data;
    const nameBytes = Buffer.from(name, 'utf8');
    const { time, date } = dosDateTime(this.at);
    const crc = crc32(data);
    if (this.offset + 30 + nameBytes.length + body.length > MAX_ZIP32) throw new Error('zip: archive larger than 4 GiB');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_SIGNATURE, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(useDeflate ? DEFLATE : STORE, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(body.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    this.entries.push({ name: nameBytes, method: useDeflate ? DEFLATE : STORE, crc, compressedSize: body.length, size: data.length, offset: this.offset, time, date });
    this.write(Buffer.concat([header, nameBytes]));
    this.write(body);
    this.offset += header.length + nameBytes.length + body.length;
  }

  /** Writes the central directory and the end record; nothing may be added afterwards. */
  finish(): void {
    const start = this.offset;
    let size = 0;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(CENTRAL_SIGNATURE, 0);
      record.writeUInt16LE(20, 4); // made by: 2.0
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(UTF8_NAMES, 8);
      record.writeUInt16LE(entry.method, 10);
      record.writeUInt16LE(entry.time, 12);
      record.writeUInt16LE(entry.date, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressedSize, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      // extra, comment, disk number, internal attributes: 0
      record.writeUInt32LE(0, 38); // external attributes
      record.writeUInt32LE(entry.offset, 42);
      this.write(Buffer.concat([record, entry.name]));
      size += record.length + entry.name.length;
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_SIGNATURE, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    this.write(end);
  }
}

/** A whole archive in memory (tests and small exports). */
export function zipToBuffer(files: { name: string; content: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [];
  const zip = new ZipWriter((chunk) => chunks.push(chunk));
  for (const file of files) zip.add(file.name, file.content);
  zip.finish();
  return Buffer.concat(chunks);
}
