import { bodyKindOf } from '../../../shared/vehicle-catalog.ts';
import { COMPONENT_LEGEND, DIAGRAM_GEOMETRY, type ComponentName, type DiagramPosition } from '../../../shared/vehicles.ts';
import type { ComponentDraft, ComponentSource } from './components-kit.ts';
import { battery, brakes, exhaust, suspension } from './components-chassis.ts';
import { driveMotor, engine, transmission } from './components-powertrain.ts';

export type { ComponentDraft, ComponentSource } from './components-kit.ts';

/**
 * The component set every stored vehicle gets when it is created
 * (docs/vehicles.md#what-a-vehicle-shows): specifications from the decoded vPIC data where known,
 * generic service intervals labelled as such (with machine-readable miles and months for due
 * dates), common issues, a plain-language description for owners and a hotspot on the diagram of
 * the vehicle's body style.
 */

/** Models sold only as battery-electric, for manual choices that have no decoded fuel type. */
const ELECTRIC_MODELS =
  /\b(?:Leaf|Ariya|Bolt|Blazer EV|Equinox EV|Silverado EV|Mach-E|Lightning|bZ4X|bZ|Prologue|i3|iX|i4|i5|i7|EQ[A-Z]{0,2}|e-tron|Q4 e-tron|Model [3SXY]|Taycan)\b/i;

export function isElectricVehicle(source: Pick<ComponentSource, 'model' | 'details'>): boolean {
  return source.details ? source.details.isElectric : ELECTRIC_MODELS.test(source.model);
}

function colorOf(name: ComponentName): string {
  return COMPONENT_LEGEND.find((entry) => entry.name === name)?.color ?? 'blue';
}

/** Hotspot points on the drawing; an electric car keeps its battery under the floor and its motor at the rear axle. */
function positionOf(name: ComponentName, source: ComponentSource, electric: boolean): DiagramPosition {
  const g = DIAGRAM_GEOMETRY[bodyKindOf(source)];
  const at = (x: number, y: number): DiagramPosition => ({ x, y, color: colorOf(name) });
  switch (name) {
    case 'Engine':
      return at(g.engineX, g.engineY);
    case 'Drive Motor':
      return at(g.rearWheelX, g.wheelY);
    case 'Transmission':
      return electric ? at(g.rearWheelX + 8, g.wheelY - 12) : at(g.engineX + 16, g.engineY + 8);
    case 'Battery':
      return electric ? at(48, g.wheelY - 4) : at(Math.max(7, g.engineX - 10), g.engineY + 6);
    case 'Brakes':
      return at(g.frontWheelX, g.wheelY);
    case 'Suspension':
      return at(g.rearWheelX - 14, g.wheelY - 4);
    case 'Exhaust':
      return at(91, g.wheelY + 2);
  }
}

export function componentSet(source: ComponentSource): ComponentDraft[] {
  const electric = isElectricVehicle(source);
  const parts = electric
    ? [driveMotor(source), transmission(source, true), battery(source, true), brakes(source, true), suspension(source)]
    : [engine(source), transmission(source, false), battery(source, false), brakes(source, false), suspension(source), exhaust(source)];
  return parts.map((part) => ({ ...part, diagramPosition: positionOf(part.name, source, electric) }));
}
