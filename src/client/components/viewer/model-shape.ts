import { readObj, readPly } from '../../../shared/geometry/mesh-read.ts';
import type { Mesh } from '../../../shared/geometry/mesh.ts';
import type { ScanModel } from '../../../shared/scans.ts';

/**
 * What the viewer draws and measures: points (a scan's coloured cloud, or the vertices of a
 * reference model) and, when there is one, a surface. Coordinates are the model's own; `mmPerUnit`
 * turns them into millimetres (1 for a reference model, drawn in millimetres; null for a scan whose
 * scale was never set).
 */
export interface ModelShape {
  points: Float64Array;
  /** r, g, b per point, 0–255; null draws the points in one colour. */
  colours: Uint8Array | null;
  surface: Mesh | null;
  mmPerUnit: number | null;
}

/** Points a browser draws and compares at most (as many as a scan keeps): beyond this a cloud is thinned evenly. */
export const MAX_VIEWER_POINTS = 200_000;

async function download(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) {
    let message = `The model could not be downloaded (${response.status}).`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new Error(message);
  }
  return response;
}

/** Every k-th point when a cloud is larger than the viewer takes. */
function thinned(points: Float64Array, colours: Uint8Array | null): { points: Float64Array; colours: Uint8Array | null } {
  const count = points.length / 3;
  if (count <= MAX_VIEWER_POINTS) return { points, colours };
  const step = Math.ceil(count / MAX_VIEWER_POINTS);
  const kept = Math.floor((count - 1) / step) + 1;
  const p = new Float64Array(kept * 3);
  const c = colours ? new Uint8Array(kept * 3) : null;
  for (let i = 0, k = 0; i < count; i += step, k++) {
    p.set(points.subarray(3 * i, 3 * i + 3), 3 * k);
    if (c && colours) c.set(colours.subarray(3 * i, 3 * i + 3), 3 * k);
  }
  return { points: p, colours: c };
}

/** A scan's model from its downloads: the coloured points (PLY) and, when it has one, the surface (OBJ). */
export async function loadScanShape(model: ScanModel, signal: AbortSignal): Promise<ModelShape> {
  const ply = new Uint8Array(await (await download(model.downloads.ply, signal)).arrayBuffer());
  const cloud = readPly(ply);
  const surface = model.faceCount > 0 ? readObj(await (await download(model.downloads.obj, signal)).text()) : null;
  const { points, colours } = thinned(cloud.positions, cloud.colours ?? null);
  return { points, colours, surface, mmPerUnit: model.mmPerUnit };
}

/** A reference model: its vertices stand for its points; it is drawn in millimetres. */
export function referenceShape(mesh: Mesh): ModelShape {
  return { points: mesh.positions, colours: null, surface: mesh, mmPerUnit: 1 };
}
