import { crc32, inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';

/** Reads an archive back the way an unzip program does: from the end record, through the central directory. */
export function readZip(archive: Buffer): Map<string, Buffer> {
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(endAt).toBe(archive.length - 22);
  const count = archive.readUInt16LE(endAt + 10);
  const directorySize = archive.readUInt32LE(endAt + 12);
  let at = archive.readUInt32LE(endAt + 16);
  expect(at + directorySize).toBe(endAt);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(archive.readUInt32LE(localAt)).toBe(0x04034b50);
    expect(archive.subarray(localAt + 30, localAt + 30 + archive.readUInt16LE(localAt + 26)).toString('utf8')).toBe(name);
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const body = archive.subarray(dataAt, dataAt + compressedSize);
    const content = method === 8 ? inflateRawSync(body) : Buffer.from(body);
    expect([0, 8]).toContain(method);
    expect(content.length).toBe(size);
    expect(crc32(content)).toBe(crc);
    files.set(name, content);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

