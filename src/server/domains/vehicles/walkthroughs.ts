import { bodyKindOf } from '../../../shared/vehicle-catalog.ts';
import { type BodyKind, type WalkthroughChapter } from '../../../shared/vehicles.ts';

/**
 * Walkthrough templates per body style. Each stored vehicle gets its own copy when it is created,
 * titled with the vehicle, so a later edit of one vehicle's walkthrough touches no other. The video
 * itself is product-internal (`/walkthroughs/...`): nothing is ever loaded from outside.
 */

export interface WalkthroughDraft {
  title: string;
  description: string;
  videoUrl: string;
  duration: string;
  chapters: WalkthroughChapter[];
}

interface ChapterTemplate {
  title: string;
  description: string;
  /** Length in seconds; start and end times follow from the order. */
  seconds: number;
}

interface Template {
  subject: string;
  description: string;
  chapters: ChapterTemplate[];
}

const WALKAROUND: ChapterTemplate = {
  title: 'Walk-around and tires',
  description: 'Check tire pressure, tread depth and sidewalls, and look under the vehicle for drips.',
  seconds: 75,
};

const ENGINE_BAY: ChapterTemplate = {
  title: 'Under the hood',
  description: 'Find the oil dipstick, coolant reservoir, brake fluid and washer fluid, and read each level.',
  seconds: 110,
};

const EV_FRONT: ChapterTemplate = {
  title: 'Front trunk and fluids',
  description: 'Open the front trunk, check the washer fluid and the coolant for the battery and motor.',
  seconds: 95,
};

const EV_BATTERY: ChapterTemplate = {
  title: 'Battery and charging',
  description: 'Read the battery health screen, inspect the charge port and the charging cable for damage.',
  seconds: 100,
};

const BRAKES: ChapterTemplate = {
  title: 'Brakes and suspension',
  description: 'Look at pad thickness through the wheel spokes, and bounce each corner to test the shocks.',
  seconds: 95,
};

const LIGHTS: ChapterTemplate = {
  title: 'Lights and battery',
  description: 'Test every light with a helper, then check the battery terminals for corrosion.',
  seconds: 60,
};

const TEMPLATES: Readonly<Record<BodyKind, Template>> = {
  sedan: {
    subject: 'sedan walkthrough',
    description: 'A guided tour of the everyday checks on a sedan: tires, fluids, brakes, lights and the trunk.',
    chapters: [
      WALKAROUND,
      ENGINE_BAY,
      BRAKES,
      LIGHTS,
      { title: 'Trunk and spare', description: 'Locate the spare or repair kit, the jack and the tow hook.', seconds: 55 },
    ],
  },
  suv: {
    subject: 'SUV walkthrough',
    description: 'A guided tour of an SUV: tires, fluids, the all-wheel-drive system, brakes and the cargo area.',
    chapters: [
      WALKAROUND,
      ENGINE_BAY,
      { title: 'Drive system', description: 'Where the transfer case and differentials sit, and what their service means.', seconds: 80 },
      BRAKES,
      { title: 'Cargo area and roof rack', description: 'Load limits, the spare wheel and the roof rack fittings.', seconds: 60 },
    ],
  },
  pickup: {
    subject: 'pickup walkthrough',
    description: 'A guided tour of a pickup: tires, fluids, the bed, towing gear, brakes and the leaf springs.',
    chapters: [
      WALKAROUND,
      ENGINE_BAY,
      { title: 'Bed and tailgate', description: 'Check the tailgate hinges and cables, tie-down points and bed liner.', seconds: 70 },
      { title: 'Towing and hitch', description: 'Inspect the hitch receiver, safety-chain loops and trailer wiring plug.', seconds: 85 },
      { ...BRAKES, description: 'Look at pad thickness, then the rear leaf springs and shackles for cracks.' },
    ],
  },
  hatchback: {
    subject: 'coupe and hatchback walkthrough',
    description: 'A guided tour of a compact car: tires, fluids, brakes, lights and the hatch or trunk.',
    chapters: [
      WALKAROUND,
      ENGINE_BAY,
      BRAKES,
      LIGHTS,
      { title: 'Hatch and struts', description: 'Check that the gas struts hold the hatch open and the seal is intact.', seconds: 45 },
    ],
  },
  van: {
    subject: 'van walkthrough',
    description: 'A guided tour of a van: tires, fluids, sliding doors, brakes and the rear load area.',
    chapters: [
      WALKAROUND,
      ENGINE_BAY,
      { title: 'Sliding doors', description: 'Clean and check the door tracks, rollers and the power-door sensors.', seconds: 70 },
      BRAKES,
      { title: 'Rear seats and load area', description: 'Fold the seats, find the spare and check the load tie-downs.', seconds: 65 },
    ],
  },
};

function clock(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** An electric vehicle's tour swaps the engine bay for the front trunk and the battery. */
function chaptersFor(template: Template, electric: boolean): ChapterTemplate[] {
  if (!electric) return template.chapters;
  return template.chapters.flatMap((chapter) => (chapter === ENGINE_BAY ? [EV_FRONT, EV_BATTERY] : [chapter]));
}

export function walkthroughFor(
  vehicle: { year: number; make: string; model: string; bodyStyle: string | null },
  electric: boolean,
): WalkthroughDraft {
  const kind = bodyKindOf(vehicle);
  const template = TEMPLATES[kind];
  let elapsed = 0;
  const chapters = chaptersFor(template, electric).map((chapter) => {
    const startTime = clock(elapsed);
    elapsed += chapter.seconds;
    return { title: chapter.title, startTime, endTime: clock(elapsed), description: chapter.description };
  });
  return {
    title: `${vehicle.year} ${vehicle.make} ${vehicle.model}: ${electric ? 'electric ' : ''}${template.subject}`,
    description: template.description,
    videoUrl: `/walkthroughs/${kind}${electric ? '-electric' : ''}`,
    duration: clock(elapsed),
    chapters,
  };
}
