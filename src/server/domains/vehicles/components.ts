import {
  bodyKindOf,
  COMPONENT_LEGEND,
  DIAGRAM_GEOMETRY,
  type ComponentName,
  type DiagramPosition,
  type ServiceInterval,
} from '../../../shared/vehicles.ts';
import type { VehicleDetails } from './vin-decoder.ts';

/**
 * The component set every stored vehicle gets when it is created (PRODUCT "Domain decisions"):
 * specifications from the decoded vPIC data where known, generic service intervals labelled as
 * such (with machine-readable miles and months for due dates), common issues, a plain-language
 * description for owners and a hotspot on the diagram of the vehicle's body style.
 */

export interface ComponentSource {
  model: string;
  engine: string | null;
  transmission: string | null;
  drivetrain: string | null;
  bodyStyle: string | null;
  /** Decoded vPIC details; null for a manual choice. */
  details: VehicleDetails | null;
}

export interface ComponentDraft {
  name: ComponentName;
  category: string;
  description: string;
  specifications: Record<string, string>;
  serviceIntervals: Record<string, ServiceInterval>;
  commonIssues: string[];
  diagramPosition: DiagramPosition;
}

/** Models sold only as battery-electric, for manual choices that have no decoded fuel type. */
const ELECTRIC_MODELS =
  /\b(?:Leaf|Ariya|Bolt|Blazer EV|Equinox EV|Silverado EV|Mach-E|Lightning|bZ4X|bZ|Prologue|i3|iX|i4|i5|i7|EQ[A-Z]{0,2}|e-tron|Q4 e-tron|Model [3SXY]|Taycan)\b/i;

export function isElectricVehicle(source: Pick<ComponentSource, 'model' | 'details'>): boolean {
  return source.details ? source.details.isElectric : ELECTRIC_MODELS.test(source.model);
}

function interval(text: string, miles: number | null, months: number | null): ServiceInterval {
  return { text, miles, months };
}

/** Drops unknown values so a specification list shows only what is known. */
function known(entries: Record<string, string | number | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (value !== null && value !== undefined && String(value).trim() !== '') out[key] = String(value);
  }
  return out;
}

function colorOf(name: ComponentName): string {
  return COMPONENT_LEGEND.find((entry) => entry.name === name)?.color ?? 'blue';
}

function fuelOf(d: VehicleDetails | null): string | null {
  if (!d?.fuelType) return null;
  return d.fuelTypeSecondary && d.fuelTypeSecondary !== d.fuelType ? `${d.fuelType} / ${d.fuelTypeSecondary}` : d.fuelType;
}

function isDiesel(d: VehicleDetails | null): boolean {
  return /diesel/i.test(`${d?.fuelType ?? ''} ${d?.fuelTypeSecondary ?? ''}`);
}

function transmissionKind(source: ComponentSource): 'manual' | 'cvt' | 'automatic' | 'unknown' {
  const text = `${source.transmission ?? ''} ${source.details?.transmissionStyle ?? ''}`;
  if (/manual/i.test(text) && !/automated/i.test(text)) return 'manual';
  if (/cvt|continuously/i.test(text)) return 'cvt';
  if (/automatic|dual-clutch|dct|automated/i.test(text)) return 'automatic';
  return 'unknown';
}

function engine(source: ComponentSource): Omit<ComponentDraft, 'diagramPosition'> {
  const d = source.details;
  const diesel = isDiesel(d);
  const specifications = known({
    Engine: source.engine,
    Displacement: d?.displacementL ? `${(Math.round(d.displacementL * 10) / 10).toFixed(1)} L` : null,
    Cylinders: d?.cylinders ? `${d.cylinders}${d.engineConfiguration ? ` (${d.engineConfiguration})` : ''}` : null,
    Fuel: fuelOf(d),
    'Engine model': d?.engineModel,
    Power: d?.engineHp ? `${d.engineHp} hp` : null,
    Aspiration: d?.turbo === true ? 'Turbocharged' : d?.turbo === false ? 'Naturally aspirated' : null,
    'Hybrid system': d?.isHybrid ? (d.electrificationLevel ?? 'Hybrid electric') : null,
  });
  if (Object.keys(specifications).length === 0) {
    specifications.Type = 'Internal combustion engine';
    specifications.Details = 'Decode the VIN for displacement, cylinders and engine code';
  }
  const commonIssues = [
    'Oil leaks from the valve cover or oil pan gasket',
    diesel
      ? 'Hard starting or smoke from worn injectors or glow plugs'
      : 'Check-engine light from a misfire (worn spark plugs or ignition coils)',
    'Overheating from a failing thermostat, water pump or low coolant',
  ];
  if (d?.turbo) commonIssues.push('Turbocharger wear: whistling, blue smoke or loss of boost');
  if (d?.isHybrid) commonIssues.push('Short trips with the engine rarely running can dilute the oil with fuel');
  return {
    name: 'Engine',
    category: 'Powertrain',
    description: diesel
      ? 'The engine burns diesel to make the power that moves your vehicle. Regular oil and fuel-filter changes keep it healthy.'
      : 'The engine burns fuel to make the power that moves your car. Regular oil changes are the single best thing you can do to keep it healthy.',
    specifications,
    serviceIntervals: {
      'Oil change (generic)': interval('Every 5,000–7,500 miles or 6 months', 5000, 6),
      'Engine air filter (generic)': interval('Every 15,000–30,000 miles', 15000, null),
      ...(diesel
        ? { 'Fuel filter (generic)': interval('Every 15,000–30,000 miles', 15000, null) }
        : { 'Spark plugs (generic)': interval('Every 60,000–100,000 miles', 60000, null) }),
      'Coolant (generic)': interval('Every 60,000 miles or 5 years', 60000, 60),
    },
    commonIssues,
  };
}

function driveMotor(source: ComponentSource): Omit<ComponentDraft, 'diagramPosition'> {
  const d = source.details;
  const layout = d?.evDriveUnit ?? /\b(?:Single|Dual|Tri|Quad) Motor\b/i.exec(d?.otherEngineInfo ?? '')?.[0] ?? null;
  return {
    name: 'Drive Motor',
    category: 'Powertrain',
    description:
      'The electric motor turns battery power into motion and recovers energy when you slow down. It has few moving parts and needs very little routine care.',
    specifications: known({
      Type: 'Electric traction motor',
      'Drive unit': layout,
      Power: d?.engineHp ? `${d.engineHp} hp` : null,
      'Drive type': source.drivetrain,
      Fuel: d?.fuelType ?? 'Electric',
    }),
    serviceIntervals: {
      'Drive unit inspection (generic)': interval('Every 12 months or 12,500 miles', 12500, 12),
      'Motor and inverter coolant (generic)': interval('Every 4 years or 50,000 miles', 50000, 48),
    },
    commonIssues: [
      'Whine or clunk from the drive unit when accelerating',
      'Coolant leaks at the motor or inverter',
      'Reduced-power warning from an overheating inverter',
    ],
  };
}

function transmission(source: ComponentSource, electric: boolean): Omit<ComponentDraft, 'diagramPosition'> {
  const d = source.details;
  const allWheels = /AWD|4WD|4x4/i.test(source.drivetrain ?? '');
  const driveline: Record<string, ServiceInterval> = allWheels
    ? { 'Differential and transfer case fluid (generic)': interval('Every 30,000–60,000 miles', 30000, null) }
    : {};
  if (electric) {
    return {
      name: 'Transmission',
      category: 'Drivetrain',
      description:
        'Electric cars use a simple single-speed gearbox between the motor and the wheels, so there is no gear shifting to wear out.',
      specifications: known({ Type: 'Single-speed reduction gear', 'Drive type': source.drivetrain }),
      serviceIntervals: {
        'Reduction gear oil inspection (generic)': interval('Every 4 years or 50,000 miles', 50000, 48),
        ...driveline,
      },
      commonIssues: ['Gear whine at steady speed', 'Oil seal leaks where the drive shafts leave the gearbox'],
    };
  }
  const kind = transmissionKind(source);
  const fluid: Record<string, ServiceInterval> =
    kind === 'manual'
      ? {
          'Gear oil (generic)': interval('Every 30,000–60,000 miles', 30000, null),
          'Clutch inspection (generic)': interval('Every 12 months', null, 12),
        }
      : kind === 'cvt'
        ? { 'CVT fluid (generic)': interval('Every 25,000–50,000 miles', 25000, null) }
        : {
            'Transmission fluid check (generic)': interval('Every 30,000 miles or 2 years', 30000, 24),
            'Transmission fluid change (generic)': interval('Every 60,000–100,000 miles', 60000, null),
          };
  const firstIssue =
    kind === 'manual'
      ? 'Clutch slipping, or a grinding noise when changing gear'
      : kind === 'cvt'
        ? 'Shudder or whine at low speed from worn CVT fluid or belt'
        : 'Delayed or harsh shifting';
  return {
    name: 'Transmission',
    category: 'Drivetrain',
    description:
      kind === 'manual'
        ? 'The gearbox passes engine power to the wheels; you change gears with the clutch so the engine works at a comfortable speed.'
        : 'The transmission passes engine power to the wheels and changes gears by itself so the engine works at a comfortable speed.',
    specifications: known({
      Type: source.transmission ?? d?.transmissionStyle ?? 'Not recorded in the VIN data',
      Speeds: d?.transmissionSpeeds,
      'Drive type': d?.driveType ?? source.drivetrain,
    }),
    serviceIntervals: { ...fluid, ...driveline },
    commonIssues: [
      firstIssue,
      'Fluid leaks from seals or cooler lines',
      'Slipping: the engine revs rise without the car speeding up',
    ],
  };
}

function battery(source: ComponentSource, electric: boolean): Omit<ComponentDraft, 'diagramPosition'> {
  const d = source.details;
  if (electric) {
    return {
      name: 'Battery',
      category: 'High Voltage',
      description:
        'The large battery under the floor stores the energy that drives the car. Keeping its charge between about 20% and 80% day to day helps it last.',
      specifications: known({
        Type: 'High-voltage traction battery',
        Capacity: d?.batteryKwh ? `${d.batteryKwh} kWh` : null,
        Chemistry: d?.batteryType,
        Charging: d?.chargerLevel,
        Auxiliary: '12 V battery for lights and electronics',
      }),
      serviceIntervals: {
        'Battery health check (generic)': interval('Every 12 months', null, 12),
        'Battery coolant (generic)': interval('Every 4 years or 50,000 miles', 50000, 48),
        '12 V auxiliary battery (generic)': interval('Every 3–5 years', null, 36),
      },
      commonIssues: [
        'Range loss as the battery ages, faster with frequent fast charging',
        'Charging faults at the charge port or onboard charger',
        'A weak 12 V auxiliary battery can stop the car from waking up',
      ],
    };
  }
  return {
    name: 'Battery',
    category: 'Electrical',
    description: d?.isHybrid
      ? 'A 12-volt battery powers the electronics, and a high-voltage hybrid battery helps the engine and stores energy from braking.'
      : 'The 12-volt battery starts the engine and powers the lights and electronics while the engine is off.',
    specifications: known({
      Type: '12 V lead-acid (typical)',
      'Hybrid battery': d?.isHybrid ? (d.batteryType ?? 'High-voltage hybrid battery') : null,
      'Hybrid capacity': d?.isHybrid && d.batteryKwh ? `${d.batteryKwh} kWh` : null,
      Charging: d?.isPlugInHybrid ? (d.chargerLevel ?? 'Plug-in') : null,
    }),
    serviceIntervals: {
      'Battery test (generic)': interval('Every 12 months', null, 12),
      'Terminal cleaning (generic)': interval('Every 6 months', null, 6),
      'Battery replacement (generic)': interval('Every 3–5 years', null, 36),
    },
    commonIssues: [
      'Slow cranking or no start in cold weather',
      'Corroded terminals (white or green crust)',
      'Drained by lights or accessories left on',
    ],
  };
}

function brakes(source: ComponentSource, electric: boolean): Omit<ComponentDraft, 'diagramPosition'> {
  const d = source.details;
  const regenerative = electric || d?.isHybrid === true;
  const commonIssues = [
    'Squealing from worn brake pads',
    'Vibration when braking from warped rotors',
    'Soft or spongy pedal from old fluid or a leak',
  ];
  if (regenerative) commonIssues.unshift('Rusted rotors and sticking calipers: regenerative braking leaves them little work');
  return {
    name: 'Brakes',
    category: 'Safety',
    description: regenerative
      ? 'The brakes slow and stop the car. Much of the slowing is done by the electric motor, so pads last long, but unused parts can rust.'
      : 'The brakes slow and stop the car. Squealing, grinding or a soft pedal means they need a look soon.',
    specifications: known({
      System: 'Hydraulic disc brakes with ABS (typical)',
      'Regenerative braking': regenerative ? 'Yes' : null,
      'Brake fluid': 'DOT 3 or DOT 4 (see owner’s manual)',
      GVWR: d?.gvwr,
    }),
    serviceIntervals: {
      'Brake inspection (generic)': interval('Every 12,000 miles or 12 months', 12000, 12),
      'Brake fluid (generic)': interval('Every 2–3 years', null, 24),
      'Brake pads (generic)': interval('Every 30,000–70,000 miles', 30000, null),
    },
    commonIssues,
  };
}

function suspension(source: ComponentSource): Omit<ComponentDraft, 'diagramPosition'> {
  const d = source.details;
  const pickup = bodyKindOf(source) === 'pickup';
  return {
    name: 'Suspension',
    category: 'Chassis',
    description:
      'The suspension keeps the tires on the road and soaks up bumps, so the car rides smoothly and steers straight.',
    specifications: known({
      Front: 'Independent (typical)',
      Rear: pickup ? 'Leaf springs on a solid axle (typical for pickups)' : null,
      Body: source.bodyStyle,
      'Drive type': source.drivetrain,
      Doors: d?.doors,
      GVWR: d?.gvwr,
    }),
    serviceIntervals: {
      'Suspension inspection (generic)': interval('Every 12,000 miles or 12 months', 12000, 12),
      'Tire rotation (generic)': interval('Every 5,000–7,500 miles', 5000, null),
      'Wheel alignment (generic)': interval('Every 2 years, or after hitting a curb', null, 24),
    },
    commonIssues: [
      'Clunks over bumps from worn bushings or sway-bar links',
      'Uneven tire wear from misalignment',
      'Bouncy ride from worn shocks or struts',
    ],
  };
}

function exhaust(source: ComponentSource): Omit<ComponentDraft, 'diagramPosition'> {
  const d = source.details;
  const diesel = isDiesel(d);
  return {
    name: 'Exhaust',
    category: 'Emissions',
    description:
      'The exhaust carries engine fumes out the back, quiets the engine and cleans the gases in the catalytic converter.',
    specifications: known({
      'Emissions control': diesel
        ? 'Diesel particulate filter and SCR with DEF (typical)'
        : 'Three-way catalytic converter (typical)',
      Fuel: fuelOf(d),
      Engine: source.engine,
    }),
    serviceIntervals: {
      'Exhaust inspection (generic)': interval('Every 12 months', null, 12),
      'Oxygen sensors (generic)': interval('Every 60,000–90,000 miles', 60000, null),
      ...(diesel ? { 'DEF refill (generic)': interval('Every 5,000–10,000 miles', 5000, null) } : {}),
    },
    commonIssues: [
      'Loud rumble from a rusted muffler or pipe',
      'Check-engine light from a failing oxygen sensor or catalytic converter',
      'Rattle from a loose heat shield',
    ],
  };
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
