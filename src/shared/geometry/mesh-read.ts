/**
 * Readers for reference models and for checking the exports: PLY (ASCII or binary little-endian;
 * vertices with x, y, z and optional red, green, blue, and faces), STL (binary or ASCII; corners that
 * coincide exactly become one vertex) and OBJ (v and f lines; polygons are fanned into triangles).
 */
import type { Mesh } from './mesh.ts';

export class MeshFormatError extends Error {
  override readonly name = 'MeshFormatError';
}

const SIZES: Record<string, number> = { char: 1, uchar: 1, int8: 1, uint8: 1, short: 2, ushort: 2, int16: 2, uint16: 2, int: 4, uint: 4, int32: 4, uint32: 4, float: 4, float32: 4, double: 8, float64: 8 };

function readScalar(view: DataView, at: number, type: string): number {
  switch (type) {
    case 'char':
    case 'int8':
      return view.getInt8(at);
    case 'uchar':
    case 'uint8':
      return view.getUint8(at);
    case 'short':
    case 'int16':
      return view.getInt16(at, true);
    case 'ushort':
    case 'uint16':
      return view.getUint16(at, true);
    case 'int':
    case 'int32':
      return view.getInt32(at, true);
    case 'uint':
    case 'uint32':
      return view.getUint32(at, true);
    case 'float':
    case 'float32':
      return view.getFloat32(at, true);
    case 'double':
    case 'float64':
      return view.getFloat64(at, true);
    default:
      throw new MeshFormatError(`PLY property type ${type} is not supported`);
  }
}

interface PlyElement {
  name: string;
  count: number;
  properties: { name: string; type: string; listCount?: string }[];
}

export function readPly(data: Uint8Array | string): Mesh {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const headerEnd = findHeaderEnd(bytes);
  const header = new TextDecoder().decode(bytes.subarray(0, headerEnd)).split(/\r?\n/);
  if (header[0]?.trim() !== 'ply') throw new MeshFormatError('not a PLY file');
  let format = '';
  const elements: PlyElement[] = [];
  for (const line of header) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === 'format') format = parts[1] ?? '';
    else if (parts[0] === 'element') elements.push({ name: parts[1] ?? '', count: Number(parts[2]), properties: [] });
    else if (parts[0] === 'property') {
      const element = elements.at(-1);
      if (!element) throw new MeshFormatError('PLY property before any element');
      if (parts[1] === 'list') element.properties.push({ name: parts[4] ?? '', type: parts[3] ?? '', listCount: parts[2] ?? '' });
      else element.properties.push({ name: parts[2] ?? '', type: parts[1] ?? '' });
    }
  }
  if (format !== 'ascii' && format !== 'binary_little_endian') throw new MeshFormatError(`PLY format ${format} is not supported`);
  const positions: number[] = [];
  const colours: number[] = [];
  const triangles: number[] = [];
  const body = bytes.subarray(headerEnd);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const tokens = format === 'ascii' ? new TextDecoder().decode(body).trim().split(/\s+/) : [];
  let token = 0;
  let at = 0;
  const next = (type: string): number => {
    if (format === 'ascii') {
      const value = Number(tokens[token++]);
      if (Number.isNaN(value)) throw new MeshFormatError('PLY data ends early or holds a non-number');
      return value;
    }
    const size = SIZES[type];
    if (size === undefined || at + size > body.byteLength) throw new MeshFormatError('PLY data ends early');
    const value = readScalar(view, at, type);
    at += size;
    return value;
  };
  for (const element of elements) {
    for (let e = 0; e < element.count; e++) {
      const values: Record<string, number> = {};
      for (const property of element.properties) {
        if (property.listCount !== undefined) {
          const n = next(property.listCount);
          const list = Array.from({ length: n }, () => next(property.type));
          if (element.name === 'face') for (let k = 1; k + 1 < list.length; k++) triangles.push(list[0]!, list[k]!, list[k + 1]!);
        } else values[property.name] = next(property.type);
      }
      if (element.name === 'vertex') {
        positions.push(values.x ?? 0, values.y ?? 0, values.z ?? 0);
        if ('red' in values) colours.push(values.red ?? 0, values.green ?? 0, values.blue ?? 0);
      }
    }
  }
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles), colours: colours.length ? Uint8Array.from(colours) : null };
}

function findHeaderEnd(bytes: Uint8Array): number {
  const marker = new TextEncoder().encode('end_header');
  for (let i = 0; i + marker.length <= bytes.length; i++) {
    let match = true;
    for (let k = 0; k < marker.length && match; k++) if (bytes[i + k] !== marker[k]) match = false;
    if (!match) continue;
    let end = i + marker.length;
    if (bytes[end] === 0x0d) end++;
    if (bytes[end] === 0x0a) end++;
    return end;
  }
  throw new MeshFormatError('PLY header has no end_header');
}

/** Builds an indexed mesh from a triangle soup, joining corners with exactly the same coordinates. */
function weld(corners: number[]): Mesh {
  const index = new Map<string, number>();
  const positions: number[] = [];
  const triangles: number[] = [];
  for (let i = 0; i < corners.length; i += 3) {
    const key = `${corners[i]},${corners[i + 1]},${corners[i + 2]}`;
    let v = index.get(key);
    if (v === undefined) {
      v = positions.length / 3;
      index.set(key, v);
      positions.push(corners[i]!, corners[i + 1]!, corners[i + 2]!);
    }
    triangles.push(v);
  }
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

export function readStl(data: Uint8Array): Mesh {
  if (data.length >= 84) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const count = view.getUint32(80, true);
    if (84 + 50 * count === data.length) {
      const corners: number[] = [];
      for (let t = 0; t < count; t++) for (let k = 0; k < 9; k++) corners.push(view.getFloat32(84 + 50 * t + 12 + 4 * k, true));
      return weld(corners);
    }
  }
  const text = new TextDecoder().decode(data);
  if (!/^\s*solid/.test(text)) throw new MeshFormatError('not an STL file');
  const corners: number[] = [];
  for (const match of text.matchAll(/vertex\s+(\S+)\s+(\S+)\s+(\S+)/g)) corners.push(Number(match[1]), Number(match[2]), Number(match[3]));
  if (corners.length % 9 !== 0 || corners.some(Number.isNaN)) throw new MeshFormatError('STL facets are incomplete');
  return weld(corners);
}

export function readObj(text: string): Mesh {
  const positions: number[] = [];
  const colours: number[] = [];
  const triangles: number[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const parts = raw.trim().split(/\s+/);
    if (parts[0] === 'v') {
      const values = parts.slice(1).map(Number);
      if (values.length < 3 || values.slice(0, 3).some(Number.isNaN)) throw new MeshFormatError(`OBJ vertex "${raw}" is not three numbers`);
      positions.push(values[0]!, values[1]!, values[2]!);
      if (values.length >= 6) colours.push(...values.slice(3, 6).map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255)));
    } else if (parts[0] === 'f') {
      const vertexCount = positions.length / 3;
      const corners = parts.slice(1).map((p) => {
        const i = Number(p.split('/')[0]);
        return i < 0 ? vertexCount + i : i - 1;
      });
      if (corners.some((c) => !Number.isInteger(c) || c < 0 || c >= vertexCount)) throw new MeshFormatError(`OBJ face "${raw}" names a vertex that does not exist`);
      for (let k = 1; k + 1 < corners.length; k++) triangles.push(corners[0]!, corners[k]!, corners[k + 1]!);
    }
  }
  const coloured = colours.length === positions.length;
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles), colours: coloured && colours.length ? Uint8Array.from(colours) : null };
}
