import { boundingBox, isClosed, meshVolume, surfaceArea, type BoundingBox } from '../../../shared/geometry/mesh.ts';
import type { ReferenceKind } from '../../../shared/geometry/reference-models.ts';
import type { ScanModel } from '../../../shared/scans.ts';
import type { ModelShape } from './model-shape.ts';

/** Measures of a model's geometry, in its own units. */
export interface ModelMeasures {
  box: BoundingBox;
  /** Null without a surface. */
  area: number | null;
  closed: boolean;
  /** Null unless the surface is closed. */
  volume: number | null;
}

/** A model on show: a reference drawn by the product or one of the user's scans, loaded and measured. */
export interface ViewerModel {
  key: string;
  name: string;
  /** The scan it is, or null for a reference model. */
  scan: ScanModel | null;
  /** The reference kind it is, or that a scan's component calls for. */
  referenceKind: ReferenceKind | null;
  shape: ModelShape;
  measures: ModelMeasures;
}

export function measure(shape: ModelShape): ModelMeasures {
  const surface = shape.surface && shape.surface.triangles.length > 0 ? shape.surface : null;
  const closed = surface ? isClosed(surface) : false;
  return {
    box: boundingBox(surface && shape.points.length === 0 ? surface.positions : shape.points),
    area: surface ? surfaceArea(surface) : null,
    closed,
    volume: surface && closed ? meshVolume(surface) : null,
  };
}
