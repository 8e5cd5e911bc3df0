import { bodyKindOf } from '../../../shared/vehicle-catalog.ts';
import { fuelOf, interval, isDiesel, known, type ComponentPart, type ComponentSource } from './components-kit.ts';

/** The battery, brakes, suspension and exhaust of the component set. */

export function battery(source: ComponentSource, electric: boolean): ComponentPart {
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

export function brakes(source: ComponentSource, electric: boolean): ComponentPart {
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

export function suspension(source: ComponentSource): ComponentPart {
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

export function exhaust(source: ComponentSource): ComponentPart {
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

