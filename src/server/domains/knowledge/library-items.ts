import type { Audience, KnowledgeKind, Priority } from '../../../shared/knowledge.ts';
import type { SeedKnowledgeItem } from './repository.ts';

interface LibraryEntry {
  key: string;
  audience: Audience;
  title: string;
  body: string;
  priority: Priority;
  tags: string[];
  steps?: string[];
}

// The Knowledge Base's manuals, procedures and FAQ, for owners and for technicians. Page articles
// (the assistant's tips) come from seed-items.ts. Specifications are general: the text says so
// wherever a manufacturer's figure must win.
const LIBRARY: Record<Exclude<KnowledgeKind, 'article'>, LibraryEntry[]> = {
  manual: [
    {
      key: 'warning-lights',
      audience: 'simple',
      title: "Owner's guide to dashboard warning lights",
      body: 'Warning lights follow a colour code. Red means a problem that needs attention now: stop safely and switch off the engine if it is the oil pressure, temperature or brake light. Amber or yellow means a fault to have checked soon, such as the check engine, tire pressure or ABS light; a flashing check engine light means a misfire that can damage the catalytic converter, so drive gently and get it seen the same day. Green and blue lights only tell you a system is on, like headlights or cruise control.',
      priority: 'high',
      tags: ['safety', 'dashboard'],
    },
    {
      key: 'fluids-guide',
      audience: 'simple',
      title: "Owner's guide to your car's fluids",
      body: 'Five fluids keep a car running: engine oil (amber to dark brown, checked with the dipstick), coolant (green, orange or pink, in the see-through reservoir), brake fluid (clear to golden, in the small reservoir near the driver side of the bulkhead), power steering fluid on older cars, and washer fluid (blue). Check the reservoirs against their MIN and MAX marks with the engine cold, once a month and before a long trip. A level that keeps dropping points to a leak a shop should find.',
      priority: 'medium',
      tags: ['maintenance', 'fluids'],
    },
    {
      key: 'tire-care',
      audience: 'simple',
      title: 'Tire care manual',
      body: "The right pressure is printed on the sticker inside the driver's door frame, not on the tire wall (that is the maximum). Check it cold, once a month. Replace tires when the tread reaches 2/32 inch (the wear bars across the groove are flush), and consider it at 4/32 inch if you drive in rain or snow. Rotating them every 5,000 to 7,500 miles evens out wear.",
      priority: 'medium',
      tags: ['tires', 'maintenance', 'safety'],
    },
    {
      key: 'obd-pinout',
      audience: 'tech',
      title: 'OBD-II data link connector (SAE J1962) pinout',
      body: 'The 16-pin DLC sits within reach of the driver, usually under the dash left of the steering column. Pin 4 chassis ground, pin 5 signal ground, pin 16 battery positive (unswitched). Pin 6 CAN high and pin 14 CAN low (ISO 15765-4). Pin 7 K-line and pin 15 L-line (ISO 9141-2 and ISO 14230 KWP2000). Pin 2 bus positive and pin 10 bus negative (SAE J1850 PWM/VPW). Other pins are manufacturer-defined. No communication: check pin 16 voltage and pins 4/5 ground first.',
      priority: 'high',
      tags: ['diagnostics', 'obd', 'electrical'],
    },
    {
      key: 'brake-specs',
      audience: 'tech',
      title: 'Service manual: disc brake inspection limits',
      body: "Measure rotor thickness with a micrometer at several points and compare it with the minimum thickness cast on the rotor or given in the manufacturer's manual; thickness variation above about 0.0005 in (0.013 mm) causes pedal pulsation. Lateral runout is measured with a dial indicator with the wheel nuts torqued; typical limits are 0.002 in (0.05 mm) or less. Replace pads at the manufacturer's minimum lining thickness, commonly 2-3 mm. Always use the vehicle's published figures where they differ.",
      priority: 'high',
      tags: ['brakes', 'specifications'],
    },
    {
      key: 'wiring-diagrams',
      audience: 'tech',
      title: 'Reading wiring diagrams',
      body: 'Wire colours are abbreviated (BLK, RED, GRN/WHT means green with a white stripe); the number beside a wire is often its gauge or circuit number. Connectors are named by component and pin; a ground symbol carries the ground point number you can find on the component location pages. Trace power from the fuse, through switches and loads, to ground, and check voltage drop across each section under load instead of continuity with the circuit off.',
      priority: 'medium',
      tags: ['electrical', 'diagnostics'],
    },
    {
      key: 'maintenance-schedule',
      audience: 'both',
      title: 'Maintenance schedules: normal and severe service',
      body: "Manufacturers publish two schedules. The severe schedule applies to short trips under 5 miles, stop-and-go traffic, towing, dusty roads and extreme heat or cold, which describes most city driving; it shortens oil, filter and fluid intervals. Follow the interval that comes first, miles or months. VinTech's component panel shows each part's interval next to its specifications.",
      priority: 'medium',
      tags: ['maintenance', 'service-records'],
    },
  ],
  procedure: [
    {
      key: 'check-oil',
      audience: 'simple',
      title: 'Check your engine oil',
      body: 'A two-minute check that protects the most expensive part of your car. Do it every month or every other fill-up.',
      priority: 'high',
      tags: ['oil', 'maintenance'],
      steps: [
        'Park on level ground and switch the engine off. Wait five minutes so the oil drains back into the pan.',
        'Open the hood and pull out the dipstick (it usually has a yellow or orange handle).',
        'Wipe it clean with a rag, push it all the way back in, then pull it out again.',
        'Read the level: it should sit between the two marks or holes at the tip.',
        'If it is at or below the lower mark, add the oil type named in your owner\'s manual, a little at a time, and check again.',
        'Push the dipstick fully back in and close the hood.',
      ],
    },
    {
      key: 'tire-pressure',
      audience: 'simple',
      title: 'Check and adjust tire pressure',
      body: 'Correct pressure makes the car brake and steer as designed and saves fuel. You need a tire gauge; most fuel stations have an air pump.',
      priority: 'medium',
      tags: ['tires', 'safety'],
      steps: [
        "Find the recommended pressure on the sticker inside the driver's door frame.",
        'Check the tires cold, before driving or after the car has been parked for three hours.',
        'Unscrew a valve cap, press the gauge firmly onto the valve and read the pressure.',
        'Add air in short bursts until the gauge shows the recommended pressure; let some out by pressing the valve pin if it is too high.',
        'Refit the valve cap and repeat for every tire, and the spare if you have one.',
      ],
    },
    {
      key: 'jump-start',
      audience: 'simple',
      title: 'Jump-start a car safely',
      body: 'Jumper cables and a second car with a working battery will start a car with a flat battery. Connect them in this order to avoid sparks near the battery.',
      priority: 'high',
      tags: ['battery', 'safety'],
      steps: [
        'Park the cars close without touching, switch both off and put them in Park or neutral with the handbrake on.',
        'Clamp one red cable end to the positive (+) terminal of the flat battery.',
        'Clamp the other red end to the positive (+) terminal of the good battery.',
        'Clamp one black end to the negative (-) terminal of the good battery.',
        'Clamp the last black end to bare metal on the engine of the car that will not start, away from the battery.',
        'Start the working car and let it run for a few minutes, then start the other car.',
        'Remove the cables in the reverse order and drive for at least 20 minutes to recharge.',
      ],
    },
    {
      key: 'brake-pads',
      audience: 'tech',
      title: 'Front disc brake pad replacement',
      body: 'Floating-caliper pad replacement with a rotor check. Confirm torque figures and any electronic parking brake service mode in the manufacturer procedure first.',
      priority: 'high',
      tags: ['brakes'],
      steps: [
        'Check the brake fluid level; remove fluid if it is near MAX so pushing the pistons back cannot overflow the reservoir.',
        'Loosen the wheel nuts, raise the vehicle on its lift points, support it on stands and remove the wheel.',
        'Remove the caliper guide pin bolts, lift the caliper off and hang it from the spring; never by the brake hose.',
        'Remove the pads and abutment clips; measure rotor thickness and runout against the service limits.',
        'Clean the abutments, fit new clips, lubricate the guide pins and the pad contact points with brake grease.',
        'Retract the piston with a caliper tool, fit the new pads and refit the caliper; torque the guide bolts to specification.',
        'Refit the wheel and torque the nuts in a star pattern to specification.',
        'Pump the pedal until it is firm before moving the vehicle, top up the fluid, then bed in the pads with several moderate stops.',
      ],
    },
    {
      key: 'charging-test',
      audience: 'tech',
      title: 'Battery and charging system test',
      body: 'Separates a weak battery from a charging fault or a parasitic draw before parts are replaced.',
      priority: 'high',
      tags: ['battery', 'electrical', 'diagnostics'],
      steps: [
        'With the engine off and the surface charge removed, measure open-circuit voltage: 12.6 V is fully charged, 12.4 V about 75%, below 12.2 V charge before testing.',
        'Run a conductance or load test against the battery\'s CCA rating.',
        'Start the engine: cranking voltage should stay above about 9.6 V.',
        'At 2,000 rpm with loads off, charging voltage should read about 13.5-14.8 V (smart charging systems vary; check the specification).',
        'Switch on headlights, blower and rear defrost: voltage should stay above 13 V; measure voltage drop on the charge and ground cables (under 0.5 V each).',
        'If the battery keeps going flat, measure the parasitic draw after the modules sleep: typically under 50 mA.',
      ],
    },
    {
      key: 'read-dtcs',
      audience: 'tech',
      title: 'Read, record and clear diagnostic trouble codes',
      body: 'The order that keeps the evidence: freeze frame data is lost when codes are cleared.',
      priority: 'medium',
      tags: ['diagnostics', 'obd'],
      steps: [
        'Connect the scan tool to the DLC with the ignition on, engine off, and identify the vehicle by VIN.',
        'Read stored, pending and permanent codes from every module, not only the engine.',
        'Save the freeze frame data and a module scan report to the service record.',
        'Check for technical service bulletins for the codes and the VIN.',
        'Diagnose and repair the cause, then clear the codes.',
        'Run the drive cycle and confirm the readiness monitors complete with no code returning.',
      ],
    },
    {
      key: 'flat-tire',
      audience: 'both',
      title: 'Change a flat tire',
      body: 'Fitting the spare wheel at the roadside. If you are on a highway shoulder or anywhere unsafe, stay clear of traffic and call for roadside assistance instead.',
      priority: 'high',
      tags: ['tires', 'safety'],
      steps: [
        'Stop on firm, level ground well away from traffic, switch on the hazard lights and apply the parking brake.',
        'Take out the spare, jack and wheel wrench; chock the wheel diagonally opposite the flat.',
        'Loosen each wheel nut half a turn while the tire is still on the ground.',
        'Place the jack at the lifting point nearest the flat (see the owner\'s manual) and raise the car until the tire clears the ground.',
        'Remove the nuts and the wheel, fit the spare and tighten the nuts by hand.',
        'Lower the car, then tighten the nuts firmly in a star pattern.',
        'Check the spare\'s pressure as soon as you can and observe its speed limit if it is a temporary spare.',
      ],
    },
  ],
  faq: [
    {
      key: 'oil-interval',
      audience: 'simple',
      title: 'How often should I change my oil?',
      body: "Follow the interval in your owner's manual or the car's oil-life monitor: with modern synthetic oil it is usually every 5,000 to 10,000 miles, or once a year, whichever comes first. Short trips, towing and dusty roads call for the shorter end.",
      priority: 'medium',
      tags: ['oil', 'maintenance'],
    },
    {
      key: 'check-engine',
      audience: 'simple',
      title: 'Why is my check engine light on?',
      body: 'The engine computer found a fault and stored a code. Causes range from a loose fuel cap to a misfire. If the light is steady, the car is usually safe to drive to a shop soon. If it flashes, reduce speed and have it checked the same day: unburned fuel can overheat the catalytic converter.',
      priority: 'high',
      tags: ['diagnostics', 'dashboard'],
    },
    {
      key: 'tpms-light',
      audience: 'simple',
      title: 'Is it safe to drive with the tire pressure light on?',
      body: 'Check the tires first: the light means at least one is about 25% below its recommended pressure. Drive slowly to the nearest air pump and inflate them to the pressure on the door sticker. If the light stays on after a few miles, or flashes, a sensor may be faulty; have it checked.',
      priority: 'medium',
      tags: ['tires', 'dashboard'],
    },
    {
      key: 'check-digit',
      audience: 'tech',
      title: 'Why does a valid VIN fail the check digit?',
      body: 'Position 9 is a mandatory check digit only for vehicles built for North America. European and many Asian-market VINs use that position for other data (often a letter such as Z), so VinTech decodes them and shows a warning instead of refusing. For a North American VIN, a mismatch almost always means a misread character: compare the VIN plate, door label and title.',
      priority: 'medium',
      tags: ['vin'],
    },
    {
      key: 'p0420',
      audience: 'tech',
      title: 'What does P0420 usually mean?',
      body: 'Catalyst efficiency below threshold on bank 1. The downstream oxygen sensor is switching too much like the upstream one. Before condemning the catalytic converter, rule out exhaust leaks ahead of the downstream sensor, a lazy or contaminated downstream sensor, misfires and fuel trim problems, and check for a reflash bulletin.',
      priority: 'medium',
      tags: ['diagnostics', 'obd', 'exhaust'],
    },
    {
      key: 'api-access',
      audience: 'tech',
      title: 'Can our shop software use VinTech?',
      body: 'Yes. Create a personal API token under Profile, API tokens, and send it as "Authorization: Bearer <token>". Every function of the product is available over the REST API; the reference is served at /api/docs. Revoke a token on the same page when it is no longer needed.',
      priority: 'low',
      tags: ['api'],
    },
    {
      key: 'offline-decoding',
      audience: 'both',
      title: 'Where does VIN decoding get its data?',
      body: "From a copy of the U.S. NHTSA vPIC database that VinTech carries with it, so decoding works without calling outside services. Vehicles sold outside North America may decode only partly; you can then pick the year, make and model by hand.",
      priority: 'low',
      tags: ['vin'],
    },
  ],
};

/** The library with stable keys (kind, key): re-seeding refreshes these rows instead of copying them. */
export const LIBRARY_KNOWLEDGE: readonly SeedKnowledgeItem[] = (['manual', 'procedure', 'faq'] as const).flatMap((kind) =>
  LIBRARY[kind].map((entry) => ({
    seedKey: `library:${kind}:${entry.key}`,
    kind,
    audience: entry.audience,
    tags: entry.tags,
    title: entry.title,
    body: entry.body,
    priority: entry.priority,
    steps: entry.steps,
  })),
);
