import type { ServiceInterval } from '../../../shared/vehicles.ts';
import { fuelOf, interval, isDiesel, known, transmissionKind, type ComponentPart, type ComponentSource } from './components-kit.ts';

/** The powertrain parts of the component set: engine or drive motor, and the transmission. */

export function engine(source: ComponentSource): ComponentPart {
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

export function driveMotor(source: ComponentSource): ComponentPart {
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

export function transmission(source: ComponentSource, electric: boolean): ComponentPart {
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

