import { Line, OrbitControls } from '@react-three/drei';
import { Canvas, useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide, type PerspectiveCamera } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import type { ModelShape } from './model-shape.ts';
import { LIGHTING, type Lighting } from './viewer-options.ts';

export type Vec3 = [number, number, number];

export interface CanvasView {
  display: 'surface' | 'points';
  wireframe: boolean;
  pointSize: number;
  lighting: Lighting;
  measuring: boolean;
  /** Colours per point that replace the model's own (a deviation heat map), 0–1. */
  heat: Float32Array | null;
  /** Changes whenever the camera should go back to its first view. */
  resetKey: number;
}

interface Props {
  shape: ModelShape;
  view: CanvasView;
  picks: Vec3[];
  onPick: (point: Vec3) => void;
  dark: boolean;
}

/**
 * Centre and radius that the camera frames: the 1st to 99th percentile of the points along each axis,
 * so a few stray points of a scan do not shrink the model to a dot.
 */
function framing(points: Float64Array): { centre: Vec3; radius: number } {
  const count = points.length / 3;
  const step = Math.max(1, Math.floor(count / 20_000));
  const lo: number[] = [];
  const hi: number[] = [];
  for (let a = 0; a < 3; a++) {
    const values: number[] = [];
    for (let i = 0; i < count; i += step) values.push(points[3 * i + a]!);
    values.sort((x, y) => x - y);
    const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.round(q * (values.length - 1))))] ?? 0;
    lo.push(count > 200 ? at(0.01) : at(0));
    hi.push(count > 200 ? at(0.99) : at(1));
  }
  const centre: Vec3 = [(lo[0]! + hi[0]!) / 2, (lo[1]! + hi[1]!) / 2, (lo[2]! + hi[2]!) / 2];
  const radius = Math.max(1e-9, Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!) / 2);
  return { centre, radius };
}

function CameraRig({ centre, radius, resetKey }: { centre: Vec3; radius: number; resetKey: number }) {
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const controls = useThree((state) => state.controls) as OrbitControlsImpl | null;
  const invalidate = useThree((state) => state.invalidate);
  const size = useThree((state) => state.size);
  // Drawn on demand: a new size (the layout settling, a turned phone) asks for a frame as well.
  useEffect(() => invalidate(), [invalidate, size.width, size.height]);
  useEffect(() => {
    const distance = radius / Math.sin(((camera.fov / 2) * Math.PI) / 180);
    camera.near = radius / 100;
    camera.far = radius * 100;
    camera.position.set(centre[0] + distance * 0.6, centre[1] + distance * 0.45, centre[2] + distance * 0.66);
    camera.updateProjectionMatrix();
    if (controls) {
      controls.target.set(...centre);
      controls.minDistance = radius * 0.05;
      controls.maxDistance = radius * 20;
      controls.update();
    } else {
      camera.lookAt(...centre);
    }
    invalidate();
  }, [camera, controls, invalidate, centre, radius, resetKey]);
  return null;
}

function Lights({ lighting, radius, centre }: { lighting: Lighting; radius: number; centre: Vec3 }) {
  const preset = LIGHTING[lighting];
  return (
    <>
      <ambientLight intensity={preset.ambient} />
      <hemisphereLight args={['#ffffff', '#404850', preset.hemisphere]} />
      {preset.directional.map(([x, y, z, intensity], i) => (
        <directionalLight key={i} position={[centre[0] + x * radius * 4, centre[1] + y * radius * 4, centre[2] + z * radius * 4]} intensity={intensity} />
      ))}
    </>
  );
}

function pointGeometry(points: Float64Array, colours: Uint8Array | null, heat: Float32Array | null): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(Float32Array.from(points), 3));
  const count = points.length / 3;
  const rgb = new Float32Array(count * 3);
  if (heat && heat.length === rgb.length) rgb.set(heat);
  else if (colours) for (let i = 0; i < rgb.length; i++) rgb[i] = colours[i]! / 255;
  else rgb.fill(0.55);
  geometry.setAttribute('color', new BufferAttribute(rgb, 3));
  geometry.computeBoundingSphere();
  return geometry;
}

function surfaceGeometry(shape: ModelShape): BufferGeometry | null {
  if (!shape.surface || shape.surface.triangles.length === 0) return null;
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(Float32Array.from(shape.surface.positions), 3));
  geometry.setIndex(new BufferAttribute(shape.surface.triangles, 1));
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  return geometry;
}

/** The 3D view: orbit (drag), zoom (wheel, pinch), pan (right drag, two fingers); clicks pick points when measuring. */
export default function ModelCanvas({ shape, view, picks, onPick, dark }: Props) {
  const { centre, radius } = useMemo(() => framing(shape.points), [shape]);
  const points = useMemo(() => pointGeometry(shape.points, shape.colours, view.heat), [shape, view.heat]);
  const surface = useMemo(() => surfaceGeometry(shape), [shape]);
  const down = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => () => points.dispose(), [points]);
  useEffect(() => () => surface?.dispose(), [surface]);

  const showSurface = view.display === 'surface' && surface !== null && !view.heat;
  // A click that did not move (an orbit drag is not a pick) on the drawn model, while measuring.
  const pick = (event: ThreeEvent<MouseEvent>) => {
    if (!view.measuring) return;
    const start = down.current;
    if (start && Math.hypot(event.nativeEvent.clientX - start.x, event.nativeEvent.clientY - start.y) > 4) return;
    event.stopPropagation();
    if (!showSurface && event.index !== undefined) {
      const i = event.index;
      onPick([shape.points[3 * i]!, shape.points[3 * i + 1]!, shape.points[3 * i + 2]!]);
    } else {
      onPick([event.point.x, event.point.y, event.point.z]);
    }
  };
  const markerSize = radius * 0.018;

  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 2]}
      camera={{ fov: 40 }}
      gl={{ preserveDrawingBuffer: true, antialias: true }}
      raycaster={{ params: { Points: { threshold: radius * 0.015 }, Mesh: {}, Line: { threshold: 1 }, LOD: {}, Sprite: {} } }}
      onPointerDown={(event) => {
        down.current = { x: event.clientX, y: event.clientY };
      }}
      style={{ background: dark ? '#1a1b1e' : '#f1f3f5', touchAction: 'none' }}
    >
      <Lights lighting={view.lighting} radius={radius} centre={centre} />
      <OrbitControls makeDefault enableDamping={false} />
      <CameraRig centre={centre} radius={radius} resetKey={view.resetKey} />
      {showSurface ? (
        <mesh geometry={surface} onClick={pick}>
          <meshStandardMaterial color={dark ? '#a5b4c4' : '#8a9bb0'} metalness={0.25} roughness={0.55} wireframe={view.wireframe} side={DoubleSide} />
        </mesh>
      ) : (
        <points geometry={points} onClick={pick}>
          <pointsMaterial size={view.pointSize} sizeAttenuation={false} vertexColors />
        </points>
      )}
      {picks.map((p, i) => (
        <mesh key={i} position={p}>
          <sphereGeometry args={[markerSize, 16, 12]} />
          <meshBasicMaterial color="#fa5252" depthTest={false} />
        </mesh>
      ))}
      {picks.length === 2 ? <Line points={picks} color="#fa5252" lineWidth={2} depthTest={false} /> : null}
    </Canvas>
  );
}
