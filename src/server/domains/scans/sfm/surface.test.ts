import { describe, expect, it } from 'vitest';
import { boundingBox, boxMesh, dropSmallPieces, isClosed, meshVolume, surfaceArea } from '../../../../shared/geometry/mesh.ts';
import type { Mesh } from '../../../../shared/geometry/mesh.ts';
import { MeshFormatError, readObj, readPly, readStl } from '../../../../shared/geometry/mesh-read.ts';
import { writeObj, writePly, writeStl } from '../../../../shared/geometry/mesh-write.ts';
import { estimateNormals } from './normals.ts';
import { Random } from '../../../../shared/geometry/random.ts';
import { marchingTetrahedra, surfaceFromPoints } from './surface.ts';
import { surfacePoints } from './test-scene.ts';

function sphereField(radius: number, h: number) {
  const n = Math.ceil((2 * radius) / h) + 5;
  const origin = [-(n - 1) * h * 0.5, -(n - 1) * h * 0.5, -(n - 1) * h * 0.5];
  const field = new Float64Array(n * n * n);
  for (let k = 0; k < n; k++) for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) field[i + n * (j + n * k)] = Math.hypot(origin[0]! + i * h, origin[1]! + j * h, origin[2]! + k * h) - radius;
  return { field, dims: [n, n, n] as [number, number, number], origin };
}

describe('mesh measures', () => {
  it('gives a cube of side 2 an area of exactly 24 and a volume of exactly 8', () => {
    const cube = boxMesh([-1, -1, -1], [1, 1, 1]);
    expect(isClosed(cube)).toBe(true);
    expect(surfaceArea(cube)).toBe(24);
    expect(meshVolume(cube)).toBe(8);
    const moved = boxMesh([10, 20, 30], [13, 21, 32]);
    expect(meshVolume(moved)).toBeCloseTo(6, 9);
    expect(boundingBox(moved.positions)).toMatchObject({ min: Float64Array.of(10, 20, 30), size: Float64Array.of(3, 1, 2) });
  });

  it('gives no volume for an open mesh and a negative one for an inside-out mesh', () => {
    const cube = boxMesh([0, 0, 0], [1, 1, 1]);
    const open: Mesh = { positions: cube.positions, triangles: cube.triangles.slice(0, 30) };
    expect(isClosed(open)).toBe(false);
    expect(meshVolume(open)).toBeNull();
    const flipped: Mesh = { positions: cube.positions, triangles: cube.triangles.map((v, i, all) => (i % 3 === 1 ? all[i + 1]! : i % 3 === 2 ? all[i - 1]! : v)) };
    expect(meshVolume(flipped)).toBe(-1);
  });

  it('drops pieces much smaller than the largest', () => {
    const big = boxMesh([0, 0, 0], [1, 1, 1]);
    const both: Mesh = { positions: Float64Array.from([...big.positions, 5, 5, 5, 6, 5, 5, 5, 6, 5]), triangles: Uint32Array.from([...big.triangles, 8, 9, 10]) };
    expect(dropSmallPieces(both, 0.5).triangles.length).toBe(36);
    expect(dropSmallPieces(both, 0.5).positions.length).toBe(24);
    expect(meshVolume(dropSmallPieces(both, 0.5))).toBe(1);
    expect(dropSmallPieces(both, 0).positions.length).toBe(33);
  });
});

describe('exports', () => {
  const random = new Random(1);
  const cube: Mesh = { ...boxMesh([-0.5, 0.25, 1], [1.5, 2, 3.125]), colours: Uint8Array.from({ length: 24 }, () => random.int(256)) };

  it('writes a coloured point cloud and a mesh as ASCII PLY and reads them back', () => {
    const cloud = { positions: Float64Array.from({ length: 300 }, () => random.range(-5, 5)), colours: Uint8Array.from({ length: 300 }, () => random.int(256)), normals: new Float64Array(300).fill(0.5) };
    const text = writePly(cloud);
    expect(text.startsWith('ply\nformat ascii 1.0\n')).toBe(true);
    expect(text).toContain('property uchar red');
    const back = readPly(text);
    expect(Array.from(back.colours!)).toEqual(Array.from(cloud.colours));
    back.positions.forEach((v, i) => expect(v).toBe(Math.fround(cloud.positions[i]!)));
    const mesh = readPly(writePly(cube));
    expect(Array.from(mesh.triangles)).toEqual(Array.from(cube.triangles));
    expect(meshVolume(mesh)).toBeCloseTo(meshVolume(cube)!, 12);
  });

  it('reads binary little-endian PLY', () => {
    const header = new TextEncoder().encode('ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty double x\nproperty double y\nproperty double z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n');
    const body = new DataView(new ArrayBuffer(2 * 27));
    [1, 2, 3, 4, 5, 6].forEach((v, i) => body.setFloat64(Math.floor(i / 3) * 27 + (i % 3) * 8, v, true));
    [10, 20, 30].forEach((c, i) => body.setUint8(24 + i, c));
    const bytes = new Uint8Array(header.length + 54);
    bytes.set(header);
    bytes.set(new Uint8Array(body.buffer), header.length);
    const read = readPly(bytes);
    expect(Array.from(read.positions)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Array.from(read.colours!.subarray(0, 3))).toEqual([10, 20, 30]);
  });

  it('writes binary STL of 84 + 50 bytes a triangle and reads back the same closed solid', () => {
    const bytes = writeStl(cube, 'solid part');
    expect(bytes.length).toBe(84 + 50 * 12);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).not.toBe('solid');
    const back = readStl(bytes);
    expect(back.positions.length).toBe(24);
    expect(isClosed(back)).toBe(true);
    expect(meshVolume(back)).toBeCloseTo(meshVolume(cube)!, 5);
    const view = new DataView(bytes.buffer);
    expect([view.getFloat32(84, true), view.getFloat32(88, true), view.getFloat32(92, true)]).toEqual([0, 0, -1]);
    const ascii = new TextEncoder().encode('solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n');
    expect(surfaceArea(readStl(ascii))).toBe(0.5);
    expect(() => readStl(new TextEncoder().encode('nonsense'))).toThrow(MeshFormatError);
  });

  it('writes OBJ with vertex colours and reads it back, polygons fanned into triangles', () => {
    const back = readObj(writeObj(cube));
    expect(Array.from(back.triangles)).toEqual(Array.from(cube.triangles));
    back.positions.forEach((v, i) => expect(v).toBe(cube.positions[i]));
    expect(Array.from(back.colours!)).toEqual(Array.from(cube.colours!));
    const quad = readObj('v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1/1/1 2/2/1 3/3/1 -1\n');
    expect(Array.from(quad.triangles)).toEqual([0, 1, 2, 0, 2, 3]);
    expect(() => readObj('v 0 0 0\nf 1 2 3\n')).toThrow(MeshFormatError);
  });
});

describe('surface from points', () => {
  it('extracts a closed sphere from a sampled distance whose volume and area are within 1%', () => {
    const { field, dims, origin } = sphereField(1, 0.05);
    const mesh = marchingTetrahedra(field, dims, origin, 0.05);
    expect(isClosed(mesh)).toBe(true);
    expect(meshVolume(mesh)! / ((4 / 3) * Math.PI)).toBeCloseTo(1, 2);
    expect(surfaceArea(mesh) / (4 * Math.PI)).toBeGreaterThan(0.99);
    expect(surfaceArea(mesh) / (4 * Math.PI)).toBeLessThan(1.03);
  });

  it('orients normals outward on a closed object, by propagation and by viewpoints', () => {
    const random = new Random(2);
    const { points, normals: truth } = surfacePoints('cylinder', 3000, random);
    /** Share of normals facing the same way as the truth, and share within 25° of it. */
    const agreement = (normals: Float64Array) => {
      let facing = 0;
      let close = 0;
      for (let i = 0; i < truth.length / 3; i++) {
        const dot = normals[3 * i]! * truth[3 * i]! + normals[3 * i + 1]! * truth[3 * i + 1]! + normals[3 * i + 2]! * truth[3 * i + 2]!;
        if (dot > 0) facing++;
        if (dot > 0.9) close++;
      }
      return { facing: facing / (truth.length / 3), close: close / (truth.length / 3) };
    };
    // A point on a rim takes the plane of the side or of the cap, whichever its flattest neighbourhood lies on.
    const propagated = agreement(estimateNormals(points));
    expect(propagated.facing).toBeGreaterThan(0.99);
    expect(propagated.close).toBeGreaterThan(0.9);
    const viewpoints = points.map((v, i) => v + 3 * truth[i]!);
    const seen = agreement(estimateNormals(points, { viewpoints }));
    expect(seen.facing).toBeGreaterThan(0.99);
    expect(seen.close).toBeGreaterThan(0.9);
  });

  it('meshes noisy samples of a box into a closed solid of about its volume, in colour', () => {
    const random = new Random(3);
    const { points } = surfacePoints('box', 6000, random);
    const noisy = points.map((v) => v + 0.003 * random.normal());
    const colours = Uint8Array.from({ length: noisy.length }, (_, i) => (i % 3 === 0 ? 200 : 50));
    const mesh = surfaceFromPoints(noisy, estimateNormals(noisy), { colours });
    expect(isClosed(mesh)).toBe(true);
    // The box is 2 × 1.2 × 1: volume 2.4, area 11.2; its edges are rounded off by about a grid cell.
    expect(meshVolume(mesh)! / 2.4).toBeGreaterThan(0.95);
    expect(meshVolume(mesh)! / 2.4).toBeLessThan(1.03);
    expect(surfaceArea(mesh) / 11.2).toBeGreaterThan(0.95);
    expect(surfaceArea(mesh) / 11.2).toBeLessThan(1.05);
    // Edges may carry a bump of a few grid cells.
    const box = boundingBox(mesh.positions);
    expect(box.size[0]!).toBeGreaterThan(1.98);
    expect(box.size[0]!).toBeLessThan(2.15);
    expect(mesh.colours![0]).toBe(200);
  });
});
