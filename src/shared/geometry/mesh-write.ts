/**
 * Writers for the exports of a scan: PLY (ASCII, with colours, for a point cloud or a mesh), STL
 * (binary, triangles with facet normals) and OBJ (text, with per-vertex colours as the common
 * "v x y z r g b" extension).
 */
import type { Mesh, PointCloud } from './mesh.ts';

/** Shortest text that reads back as the same 32-bit float. */
function number(v: number): string {
  return Number.isFinite(v) ? String(Math.fround(v)) : '0';
}

/** PLY, ASCII: vertices with float coordinates and (when given) uchar colours and normals, and faces when it is a mesh. */
export function writePly(shape: PointCloud | Mesh): string {
  const vertices = shape.positions.length / 3;
  const triangles = 'triangles' in shape ? shape.triangles : null;
  const colours = shape.colours && shape.colours.length >= 3 * vertices ? shape.colours : null;
  const normals = 'normals' in shape && shape.normals && shape.normals.length >= 3 * vertices ? shape.normals : null;
  const header = ['ply', 'format ascii 1.0', 'comment VinTech scan', `element vertex ${vertices}`, 'property float x', 'property float y', 'property float z'];
  if (normals) header.push('property float nx', 'property float ny', 'property float nz');
  if (colours) header.push('property uchar red', 'property uchar green', 'property uchar blue');
  if (triangles) header.push(`element face ${triangles.length / 3}`, 'property list uchar int vertex_indices');
  header.push('end_header');
  const lines = header;
  for (let v = 0; v < vertices; v++) {
    const fields = [number(shape.positions[3 * v]!), number(shape.positions[3 * v + 1]!), number(shape.positions[3 * v + 2]!)];
    if (normals) fields.push(number(normals[3 * v]!), number(normals[3 * v + 1]!), number(normals[3 * v + 2]!));
    if (colours) fields.push(String(colours[3 * v]!), String(colours[3 * v + 1]!), String(colours[3 * v + 2]!));
    lines.push(fields.join(' '));
  }
  if (triangles) for (let t = 0; t < triangles.length; t += 3) lines.push(`3 ${triangles[t]!} ${triangles[t + 1]!} ${triangles[t + 2]!}`);
  return `${lines.join('\n')}\n`;
}

/** Binary STL: an 80-byte header, the triangle count, then per triangle its normal, three corners and a zero attribute. */
export function writeStl(mesh: Mesh, title = 'VinTech scan'): Uint8Array {
  const count = mesh.triangles.length / 3;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  // A header starting "solid" makes some readers take the file for ASCII STL.
  const header = new TextEncoder().encode((title.startsWith('solid') ? `binary ${title}` : title).slice(0, 80));
  bytes.set(header.subarray(0, 80), 0);
  view.setUint32(80, count, true);
  const p = mesh.positions;
  for (let t = 0; t < count; t++) {
    const at = 84 + 50 * t;
    const a = 3 * mesh.triangles[3 * t]!;
    const b = 3 * mesh.triangles[3 * t + 1]!;
    const c = 3 * mesh.triangles[3 * t + 2]!;
    const u = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!];
    const w = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
    const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
    const len = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    for (let k = 0; k < 3; k++) view.setFloat32(at + 4 * k, n[k]! / len, true);
    [a, b, c].forEach((v, corner) => {
      for (let k = 0; k < 3; k++) view.setFloat32(at + 12 + 12 * corner + 4 * k, p[v + k]!, true);
    });
    view.setUint16(at + 48, 0, true);
  }
  return bytes;
}

/** OBJ text: "v x y z" (with "r g b" from 0 to 1 when coloured) and 1-based "f a b c" faces. */
export function writeObj(mesh: Mesh, comment = 'VinTech scan'): string {
  const vertices = mesh.positions.length / 3;
  const colours = mesh.colours && mesh.colours.length >= 3 * vertices ? mesh.colours : null;
  const lines = [`# ${comment}`];
  for (let v = 0; v < vertices; v++) {
    const xyz = `v ${number(mesh.positions[3 * v]!)} ${number(mesh.positions[3 * v + 1]!)} ${number(mesh.positions[3 * v + 2]!)}`;
    lines.push(colours ? `${xyz} ${(colours[3 * v]! / 255).toFixed(4)} ${(colours[3 * v + 1]! / 255).toFixed(4)} ${(colours[3 * v + 2]! / 255).toFixed(4)}` : xyz);
  }
  for (let t = 0; t < mesh.triangles.length; t += 3) lines.push(`f ${mesh.triangles[t]! + 1} ${mesh.triangles[t + 1]! + 1} ${mesh.triangles[t + 2]! + 1}`);
  return `${lines.join('\n')}\n`;
}
