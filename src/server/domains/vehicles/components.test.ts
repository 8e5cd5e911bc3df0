import { describe, expect, it } from 'vitest';
import { BODY_KINDS, COMPONENT_LEGEND, ZOOM } from '../../../shared/vehicles.ts';
import { bodyKindOf, stepZoom } from '../../../shared/vehicle-catalog.ts';
import { componentSet, type ComponentSource } from './components.ts';
import type { VehicleDetails } from './vin-decoder.ts';
import { walkthroughFor } from './walkthroughs.ts';

const NO_DETAILS: VehicleDetails = {
  displacementL: null,
  cylinders: null,
  engineConfiguration: null,
  fuelType: null,
  fuelTypeSecondary: null,
  engineModel: null,
  engineHp: null,
  turbo: null,
  otherEngineInfo: null,
  transmissionStyle: null,
  transmissionSpeeds: null,
  driveType: null,
  bodyClass: null,
  cabType: null,
  doors: null,
  series: null,
  gvwr: null,
  vehicleType: null,
  electrificationLevel: null,
  isElectric: false,
  isHybrid: false,
  isPlugInHybrid: false,
  batteryKwh: null,
  batteryType: null,
  evDriveUnit: null,
  chargerLevel: null,
  plantCity: null,
  plantState: null,
};

function source(overrides: Partial<ComponentSource> = {}, details: Partial<VehicleDetails> | null = {}): ComponentSource {
  return {
    model: 'Camry',
    engine: null,
    transmission: null,
    drivetrain: null,
    bodyStyle: null,
    details: details === null ? null : { ...NO_DETAILS, ...details },
    ...overrides,
  };
}

/** The body style each drawing stands for, as vPIC or a manual model name gives it. */
const BODY_SAMPLES: [Parameters<typeof bodyKindOf>[0], string][] = [
  [{ bodyStyle: 'Sedan', model: 'Camry' }, 'sedan'],
  [{ bodyStyle: 'Pickup (Crew Cab)', model: 'F-150' }, 'pickup'],
  [{ bodyStyle: 'SUV', model: 'CR-V' }, 'suv'],
  [{ bodyStyle: 'Crossover (CUV)', model: 'Kicks' }, 'suv'],
  [{ bodyStyle: 'Minivan', model: 'Odyssey' }, 'van'],
  [{ bodyStyle: 'Cargo Van', model: 'Transit' }, 'van'],
  [{ bodyStyle: 'Coupe', model: 'Accord' }, 'hatchback'],
  [{ bodyStyle: 'Hatchback', model: 'Bolt EV' }, 'hatchback'],
  [{ bodyStyle: 'Convertible', model: 'Mustang' }, 'hatchback'],
  [{ bodyStyle: null, model: 'Silverado' }, 'pickup'],
  [{ bodyStyle: null, model: 'RAV4' }, 'suv'],
  [{ bodyStyle: null, model: 'Odyssey' }, 'van'],
  [{ bodyStyle: null, model: 'Camaro' }, 'hatchback'],
  [{ bodyStyle: null, model: 'Altima' }, 'sedan'],
];

describe('body styles and zoom (src/shared/vehicles.ts)', () => {
  it.each(BODY_SAMPLES)('draws %o as %s', (vehicle, kind) => {
    expect(bodyKindOf(vehicle)).toBe(kind);
  });

  it('zooms from 1 in steps of 0.2 between 0.5 and 2', () => {
    const up: number[] = [];
    let zoom: number = ZOOM.start;
    for (let i = 0; i < 7; i++) up.push((zoom = stepZoom(zoom, 1)));
    expect(up).toEqual([1.2, 1.4, 1.6, 1.8, 2, 2, 2]);
    const down: number[] = [];
    zoom = ZOOM.start;
    for (let i = 0; i < 4; i++) down.push((zoom = stepZoom(zoom, -1)));
    expect(down).toEqual([0.8, 0.6, 0.5, 0.5]);
  });
});

describe('component sets', () => {
  it('places every hotspot inside the drawing and apart from the others, for every body style', () => {
    for (const kind of BODY_KINDS) {
      const model = { sedan: 'Altima', suv: 'RAV4', pickup: 'F-150', hatchback: 'Mustang', van: 'Odyssey' }[kind];
      for (const electric of [false, true]) {
        const parts = componentSet(source({ model }, { isElectric: electric }));
        expect(bodyKindOf({ bodyStyle: null, model })).toBe(kind);
        for (const [i, a] of parts.entries()) {
          expect(a.diagramPosition.x).toBeGreaterThanOrEqual(5);
          expect(a.diagramPosition.x).toBeLessThanOrEqual(95);
          expect(a.diagramPosition.y).toBeGreaterThanOrEqual(5);
          expect(a.diagramPosition.y).toBeLessThanOrEqual(95);
          for (const b of parts.slice(i + 1)) {
            // In a 2:1 drawing, one unit of y is half as wide as one of x; 7 units keep 20 px hotspots apart at 300 px.
            const distance = Math.hypot(a.diagramPosition.x - b.diagramPosition.x, (a.diagramPosition.y - b.diagramPosition.y) / 2);
            expect(distance, `${kind}${electric ? ' EV' : ''}: ${a.name} / ${b.name}`).toBeGreaterThanOrEqual(7);
          }
        }
      }
    }
  });

  it('uses the legend colours, with the drive motor in its own', () => {
    const colours = new Map(COMPONENT_LEGEND.map((entry) => [entry.name, entry.color]));
    expect(colours).toEqual(
      new Map([
        ['Engine', 'red'],
        ['Drive Motor', 'teal'],
        ['Transmission', 'blue'],
        ['Battery', 'green'],
        ['Brakes', 'orange'],
        ['Suspension', 'purple'],
        ['Exhaust', 'gray'],
      ]),
    );
    for (const part of [...componentSet(source()), ...componentSet(source({}, { isElectric: true }))]) {
      expect(part.diagramPosition.color).toBe(colours.get(part.name));
    }
  });

  it('recognises a manual electric choice by its model name', () => {
    expect(componentSet(source({ model: 'Leaf' }, null)).map((p) => p.name)).toContain('Drive Motor');
    expect(componentSet(source({ model: 'Altima' }, null)).map((p) => p.name)).toContain('Exhaust');
  });

  it('says so when a manual choice has no engine data', () => {
    const [engine] = componentSet(source({}, null));
    expect(engine?.specifications).toEqual({
      Type: 'Internal combustion engine',
      Details: 'Decode the VIN for displacement, cylinders and engine code',
    });
  });

  it('adapts intervals and issues to diesel, manual, CVT, all-wheel drive and hybrid vehicles', () => {
    const diesel = componentSet(source({ drivetrain: '4WD', transmission: '6-speed Manual' }, { fuelType: 'Diesel', displacementL: 6.7, cylinders: 6 }));
    const [engine, transmission, , , , exhaust] = diesel;
    expect(Object.keys(engine?.serviceIntervals ?? {})).toContain('Fuel filter (generic)');
    expect(Object.keys(engine?.serviceIntervals ?? {})).not.toContain('Spark plugs (generic)');
    expect(engine?.specifications.Displacement).toBe('6.7 L');
    expect(transmission?.serviceIntervals['Clutch inspection (generic)']).toEqual({ text: 'Every 12 months', miles: null, months: 12 });
    expect(Object.keys(transmission?.serviceIntervals ?? {})).toContain('Differential and transfer case fluid (generic)');
    expect(exhaust?.specifications['Emissions control']).toMatch(/particulate filter/);
    expect(Object.keys(exhaust?.serviceIntervals ?? {})).toContain('DEF refill (generic)');

    const cvt = componentSet(source({ transmission: 'CVT' }));
    expect(cvt[1]?.commonIssues[0]).toMatch(/CVT/);

    const hybrid = componentSet(source({}, { isHybrid: true, fuelType: 'Gasoline', fuelTypeSecondary: 'Electric' }));
    expect(hybrid.find((p) => p.name === 'Brakes')?.specifications['Regenerative braking']).toBe('Yes');
    expect(hybrid.find((p) => p.name === 'Battery')?.specifications['Hybrid battery']).toBe('High-voltage hybrid battery');
  });

  it('builds walkthrough chapters back to back, ending at the duration', () => {
    for (const kind of BODY_KINDS) {
      const model = { sedan: 'Altima', suv: 'RAV4', pickup: 'F-150', hatchback: 'Mustang', van: 'Odyssey' }[kind];
      for (const electric of [false, true]) {
        const draft = walkthroughFor({ year: 2020, make: 'Ford', model, bodyStyle: null }, electric);
        expect(draft.videoUrl).toBe(`/walkthroughs/${kind}${electric ? '-electric' : ''}`);
        expect(draft.chapters[0]?.startTime).toBe('00:00');
        for (const [i, chapter] of draft.chapters.entries()) {
          if (i > 0) expect(chapter.startTime).toBe(draft.chapters[i - 1]?.endTime);
        }
        expect(draft.chapters.at(-1)?.endTime).toBe(draft.duration);
        // The player's static position (05:23) must lie within every walkthrough.
        expect(draft.duration > '05:23').toBe(true);
      }
    }
  });
});
