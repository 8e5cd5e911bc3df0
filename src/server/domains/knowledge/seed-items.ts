import type { PageContext, Priority } from '../../../shared/knowledge.ts';
import type { SeedKnowledgeItem } from './repository.ts';

interface Entry {
  title: string;
  body: string;
  priority: Priority;
  /** Topic tags; the page context's own tag is added to every entry of its page. */
  tags?: string[];
}

interface PageEntries {
  /** Plain words for owners. */
  simple: Entry[];
  /** Technical detail for technicians. */
  tech: Entry[];
  /** Useful to both, in plain words. */
  both: Entry[];
}

// Reference knowledge behind the assistant's tips: at least three items per page and role.
// Keep each item accurate and self-contained; the assistant shows the body clamped to two lines.
const PAGES: Record<PageContext, PageEntries> = {
  home: {
    simple: [
      {
        title: 'Where to find your VIN',
        body: "Your 17-character Vehicle Identification Number is on a small plate where the dashboard meets the windshield on the driver's side, and on the sticker inside the driver's door frame. It is also printed on your registration and insurance card.",
        priority: 'high',
        tags: ['vin'],
      },
      {
        title: 'What decoding your VIN tells you',
        body: "Decoding reads the year, make, model, engine and body style straight from the VIN, using the public vehicle database of the U.S. National Highway Traffic Safety Administration (NHTSA). No guessing which parts fit your car.",
        priority: 'medium',
        tags: ['vin'],
      },
      {
        title: 'Reading the parts diagram',
        body: 'Each numbered dot on the diagram is a component of your vehicle, coloured by the legend: red engine, blue transmission, green battery, orange brakes, purple suspension, gray exhaust. Click a dot to see what the part does and when it needs service.',
        priority: 'medium',
        tags: ['components'],
      },
      {
        title: 'No letters I, O or Q in a VIN',
        body: 'If your VIN seems to contain an O or an I, it is a zero or a one. VINs never use I, O or Q so they cannot be mixed up with numbers.',
        priority: 'low',
        tags: ['vin'],
      },
    ],
    tech: [
      {
        title: 'VIN structure at a glance',
        body: 'Positions 1-3 are the World Manufacturer Identifier, 4-8 the vehicle descriptor section (model, body, restraint system, engine), 9 the check digit, 10 the model year, 11 the assembly plant and 12-17 the production sequence number.',
        priority: 'medium',
        tags: ['vin'],
      },
      {
        title: 'Check digit warnings',
        body: 'Position 9 is computed from the other 16 characters (transliterated values times the weights 8-7-6-5-4-3-2-10-0-9-8-7-6-5-4-3-2, remainder of 11, 10 written as X). North American VINs must pass it; many European and Asian VINs do not use it, so a mismatch means re-read the VIN, not reject it.',
        priority: 'medium',
        tags: ['vin'],
      },
      {
        title: 'Decoded data comes from NHTSA vPIC',
        body: 'VINs are decoded offline from NHTSA vPIC data, the public vehicle database. Engine, transmission and drivetrain appear only where the manufacturer reported them: confirm against the underhood emission label before ordering engine-specific components.',
        priority: 'medium',
        tags: ['vin', 'components'],
      },
      {
        title: 'Model year from position 10',
        body: 'Position 10 encodes the model year and the code repeats every 30 years (A is 1980 or 2010). For cars and light trucks, a letter in position 7 marks the 2010-2039 cycle and a digit the 1980-2009 cycle.',
        priority: 'low',
        tags: ['vin'],
      },
    ],
    both: [
      {
        title: 'No VIN? Choose the vehicle by hand',
        body: 'Vehicles built before 1981 and some imports do not carry a standard 17-character VIN. Pick the year, make and model instead: the component diagram and walkthroughs work the same way.',
        priority: 'medium',
        tags: ['vin'],
      },
    ],
  },

  'vehicle-search': {
    simple: [
      {
        title: 'Search with what you have',
        body: 'You do not need every detail. The VIN alone finds an exact match; make, model and year together narrow the list when you do not have the VIN.',
        priority: 'medium',
        tags: ['vin'],
      },
      {
        title: "License plates change, VINs don't",
        body: 'A plate can move to another car or change when you move state. The VIN stays with the vehicle for life, so it is the most reliable way to look a car up.',
        priority: 'low',
        tags: ['vin'],
      },
      {
        title: 'Checking a used car before you buy',
        body: "Compare the VIN on the dashboard, on the door sticker and on the title. If they don't match, walk away. Also check the VIN for open safety recalls with NHTSA's free recall lookup.",
        priority: 'high',
        tags: ['vin'],
      },
    ],
    tech: [
      {
        title: 'Exact VIN match first',
        body: 'A full 17-character VIN returns one vehicle. Partial VIN searches are unreliable because positions 4-8 are manufacturer-specific; browse by year, make and model instead.',
        priority: 'medium',
        tags: ['vin'],
      },
      {
        title: 'Confirm the build before quoting',
        body: 'Trim and option packages change part numbers, for example brake rotor diameter or suspension package. Confirm the build from the VIN decode and the option label before quoting a job.',
        priority: 'medium',
      },
      {
        title: 'Check recalls and bulletins first',
        body: "Before diagnosing, check the VIN for open recalls and technical service bulletins. A manufacturer's known fix can save hours and is often covered at no cost to the customer.",
        priority: 'high',
        tags: ['vin', 'diagnostics'],
      },
    ],
    both: [
      {
        title: 'Keep a photo of the door sticker',
        body: 'The sticker in the driver-side door frame shows the VIN, the build date and the recommended tire pressures. A photo of it on your phone answers most lookup questions.',
        priority: 'low',
        tags: ['vin'],
      },
    ],
  },

  scanning: {
    simple: [
      {
        title: 'Keep 60% overlap between photos',
        body: 'Each photo should share about 60% of what it shows with the one before. Walk around the part in small steps: big jumps leave gaps the scanner cannot fill.',
        priority: 'high',
      },
      {
        title: 'Light the part evenly',
        body: 'Scan in soft, even light such as a bright overcast day or a well-lit garage. Harsh sun and deep shadows confuse the 3D model.',
        priority: 'medium',
      },
      {
        title: 'Let hot parts cool first',
        body: 'Only scan with the engine off. Engines and exhaust parts stay hot enough to burn long after driving; wait at least 30 minutes before getting close.',
        priority: 'high',
      },
    ],
    tech: [
      {
        title: 'Frame overlap and coverage',
        body: 'Capture with at least 60% overlap between consecutive frames and add a second ring at another height for tall components. Photogrammetry needs every surface seen from at least two angles.',
        priority: 'high',
        tags: ['components'],
      },
      {
        title: 'Shiny and dark surfaces',
        body: 'Chrome, clear coat and black rubber reflect or absorb light and scan poorly. A light coat of scanning spray gives the software texture to match; clean it off afterwards.',
        priority: 'medium',
      },
      {
        title: 'Resolution versus processing time',
        body: 'High (4K) captures pitting and hairline cracks but takes longest to process; Medium (2K) suits most component scans; Low (1K) is for quick layout checks.',
        priority: 'medium',
        tags: ['components'],
      },
      {
        title: 'Choosing an output format',
        body: 'PLY keeps per-vertex colour, STL is geometry only (measurement and 3D printing), and OBJ carries textures for other viewers.',
        priority: 'low',
      },
    ],
    both: [
      {
        title: 'Clean the part before scanning',
        body: 'Wipe off grease and loose dirt first: the scanner records what it sees, so grime becomes part of the surface.',
        priority: 'low',
      },
    ],
  },

  'model-viewing': {
    simple: [
      {
        title: 'Moving around the model',
        body: 'Drag to turn the part, scroll or pinch to zoom, and reset to go back to the starting view.',
        priority: 'medium',
        tags: ['components'],
      },
      {
        title: 'What Properties tells you',
        body: "Properties lists the component's name, size and material, so you can describe it clearly to a mechanic.",
        priority: 'low',
        tags: ['components'],
      },
      {
        title: 'Point to the problem',
        body: 'Show the exact spot on the model when you talk to a shop. "A crack here, next to this bolt" gets a faster, more accurate quote than "something is wrong with the engine".',
        priority: 'medium',
      },
    ],
    tech: [
      {
        title: 'Compare against reference dimensions',
        body: 'Analysis compares the scanned component with reference geometry. Wear beyond the limit means replace, not refinish: a brake rotor below the minimum thickness cast or stamped on it must be replaced.',
        priority: 'medium',
        tags: ['components'],
      },
      {
        title: 'Check the scale before measuring',
        body: 'Photogrammetry models have no absolute scale unless a reference was in the shot. Verify one known dimension, such as bolt spacing or a scale bar, before trusting measurements.',
        priority: 'high',
        tags: ['scanning'],
      },
      {
        title: 'Match casting numbers when ordering',
        body: 'Share the model or a screenshot with the casting or part number when ordering: connector shapes and mounting points often change mid-year.',
        priority: 'low',
        tags: ['components'],
      },
    ],
    both: [
      {
        title: 'Your scans appear here',
        body: 'Models you scan yourself show up here once processing finishes. Better photos make better models, so keep 60% overlap between shots.',
        priority: 'low',
      },
    ],
  },

  diagnostics: {
    simple: [
      {
        title: 'Steady or flashing check-engine light',
        body: 'A steady check-engine light means have it checked soon. A flashing one means a misfire that can overheat and ruin the catalytic converter: slow down and get it looked at right away.',
        priority: 'critical',
      },
      {
        title: 'Red warning lights mean stop',
        body: 'A red oil pressure or engine temperature light means pull over safely and switch the engine off. Driving on can destroy the engine within minutes.',
        priority: 'high',
      },
      {
        title: 'Check the fuel cap',
        body: 'A loose or worn fuel cap is a common cause of the check-engine light. Tighten it until it clicks; the light can take a few days of driving to go out.',
        priority: 'medium',
      },
      {
        title: 'A code names a system, not a part',
        body: 'A diagnostic code says which system noticed a problem, not which part to replace. An oxygen sensor code, for example, is often caused by an air leak or a misfire elsewhere.',
        priority: 'medium',
        tags: ['diagnostics'],
      },
    ],
    tech: [
      {
        title: 'Read before you clear',
        body: 'Record stored, pending and permanent DTCs with freeze frame data before clearing anything. Freeze frame shows load, RPM, coolant temperature and fuel trims at the moment the fault set.',
        priority: 'high',
        tags: ['diagnostics'],
      },
      {
        title: 'Interpreting fuel trims',
        body: 'Add short-term and long-term trims: beyond about +10% the engine runs lean (vacuum leak, weak pump, dirty MAF), beyond -10% rich (leaking injector, high fuel pressure). A lean fault that improves at 2,500 rpm points to a vacuum leak.',
        priority: 'medium',
        tags: ['diagnostics'],
      },
      {
        title: 'Readiness monitors after a repair',
        body: "Clearing codes resets the readiness monitors. Complete the manufacturer's drive cycle and confirm the monitors report complete before an emissions test or handing the vehicle back.",
        priority: 'medium',
        tags: ['diagnostics'],
      },
      {
        title: 'Use Mode $06 test results',
        body: 'Mode $06 shows the test results behind each monitor, including per-cylinder misfire counts, so a failing component can be caught before it sets a code.',
        priority: 'low',
        tags: ['diagnostics'],
      },
    ],
    both: [
      {
        title: 'Battery voltage affects every reading',
        body: 'A weak battery causes false codes in many modules. Check that it rests at about 12.6 V with the engine off before chasing electrical faults.',
        priority: 'medium',
        tags: ['battery', 'diagnostics'],
      },
    ],
  },

  'camera-scanning': {
    simple: [
      {
        title: 'Fill the frame',
        body: 'Get close enough that the part fills most of the picture. A clear close-up is more useful than a wide photo where the part is small.',
        priority: 'medium',
      },
      {
        title: 'Hold steady and tap to focus',
        body: 'Hold the phone with both hands or rest it on something solid, and tap the screen on the part to focus before taking the picture.',
        priority: 'low',
      },
      {
        title: 'Photograph labels and part numbers',
        body: "Take a clear photo of any sticker or stamped number on the part. It's the quickest way for a shop to order the right replacement component.",
        priority: 'medium',
        tags: ['components'],
      },
    ],
    tech: [
      {
        title: 'Pick the mode for the job',
        body: 'Macro for connector pins, date codes and casting numbers; Wide Angle for engine bay routing before disassembly; Detail for cracks, corrosion and wear patterns.',
        priority: 'medium',
      },
      {
        title: 'Document before disassembly',
        body: 'Photograph hose and harness routing, bracket orientation and connector positions before removing anything. It prevents reassembly errors and backs up your findings for the customer.',
        priority: 'high',
      },
      {
        title: 'Resolution for 3D scanning',
        body: 'Use 4K when photos feed a 3D scan, with 60% overlap between shots; 1080p is enough for documentation and 720p only for quick previews.',
        priority: 'medium',
        tags: ['scanning'],
      },
      {
        title: 'Control glare on glossy parts',
        body: 'Light reflective surfaces from about 45 degrees instead of head-on, or use a polarising filter, to keep hotspots from hiding surface detail.',
        priority: 'low',
      },
    ],
    both: [
      {
        title: 'Clean the lens',
        body: 'Phone lenses pick up fingerprints and grime in the garage. Wipe the lens with a soft cloth before you start; every photo gets sharper.',
        priority: 'low',
      },
    ],
  },

  database: {
    simple: [
      {
        title: 'Finding the right part',
        body: 'Search by the part name, like "front brake pads", or by the number printed on the old part, and check that it fits your exact year, make and model.',
        priority: 'medium',
        tags: ['components'],
      },
      {
        title: 'OEM or aftermarket?',
        body: "OEM parts come from the vehicle's maker; aftermarket parts come from other companies and often cost less. Both can be good: look for a warranty and a known brand.",
        priority: 'low',
      },
      {
        title: 'What the stock badges mean',
        body: "In Stock means ready to ship, Low Stock means only a few are left, and Out of Stock means you'll wait or choose another supplier.",
        priority: 'low',
      },
    ],
    tech: [
      {
        title: 'Confirm fitment by VIN',
        body: 'Mid-year changes and option packages change part numbers. Check fitment against the VIN decode, not only year, make and model, before ordering.',
        priority: 'high',
        tags: ['vin'],
      },
      {
        title: 'Follow supersessions',
        body: 'When a part number is superseded, order the latest number and note it in the service record so the next order is right first time.',
        priority: 'medium',
      },
      {
        title: 'Set reorder points from usage',
        body: 'Reorder point = average daily use x supplier lead time in days + safety stock. Fast movers such as filters and pads should rarely reach Out of Stock.',
        priority: 'low',
      },
    ],
    both: [
      {
        title: 'Compare old and new parts',
        body: 'Hold the new part next to the old one before fitting: mounting points, connectors and size should match exactly.',
        priority: 'low',
        tags: ['components'],
      },
    ],
  },

  analytics: {
    simple: [
      {
        title: 'What the charts show',
        body: 'The charts show how many services were done over time and how long they took. Taller bars mean a busier period.',
        priority: 'low',
      },
      {
        title: 'Spot repeat repairs',
        body: 'If the same repair shows up again and again for one vehicle, ask for a deeper check instead of another quick fix.',
        priority: 'medium',
      },
      {
        title: 'Reports in one place',
        body: 'Reports gather the numbers into one summary you can save or share.',
        priority: 'low',
      },
    ],
    tech: [
      {
        title: 'Track comebacks',
        body: 'Count comebacks, the same concern returning within 30 days. A rising rate points to diagnostic shortcuts or parts quality earlier than revenue figures do.',
        priority: 'high',
      },
      {
        title: 'Measure turnaround, not only labour',
        body: 'Measure from check-in to ready. Waiting for parts or approval is usually the largest share; ordering parts at diagnosis cuts it.',
        priority: 'medium',
      },
      {
        title: 'Match job mix to bay capacity',
        body: 'Compare the Services mix with bay capacity: many short jobs favour a quick-service lane, long diagnostic jobs need protected time.',
        priority: 'low',
      },
    ],
    both: [
      {
        title: 'Compare like with like',
        body: 'Compare the same month year over year: seasons change the work (batteries in winter, air conditioning in summer).',
        priority: 'low',
      },
    ],
  },

  'knowledge-base': {
    simple: [
      {
        title: 'Start with your owner\'s manual',
        body: "Your owner's manual lists the maintenance schedule, fluid types and tire pressures for your exact vehicle. Articles here explain them in plain words.",
        priority: 'medium',
      },
      {
        title: 'How often to change the oil',
        body: "Many modern cars on synthetic oil go 5,000 to 10,000 miles between changes; towing, short trips and dusty roads need it sooner. Follow your manual or the car's oil-life monitor.",
        priority: 'medium',
      },
      {
        title: 'The penny test for tire tread',
        body: "Put a penny upside down into the tread. If you can see all of Lincoln's head, the tread is below 2/32 inch and the tire should be replaced.",
        priority: 'high',
      },
    ],
    tech: [
      {
        title: 'Torque values and sequence',
        body: "Use the manufacturer's torque value and sequence, especially on wheels, cylinder heads and aluminium parts. Torque-to-yield bolts must be replaced, not reused.",
        priority: 'high',
      },
      {
        title: 'Read the wiring diagram first',
        body: 'Trace the circuit on the diagram before probing: connector numbers, wire colours and ground points. Back-probe connectors instead of piercing insulation, which invites corrosion.',
        priority: 'medium',
        tags: ['diagnostics'],
      },
      {
        title: 'Procedures before the job',
        body: 'Procedures list steps, specifications, special tools and one-time-use parts; check them before starting so the job does not stall halfway.',
        priority: 'low',
      },
    ],
    both: [
      {
        title: 'Brake fluid absorbs water',
        body: 'Brake fluid draws moisture from the air, which lowers its boiling point and corrodes brake parts. Most makers call for replacing it every 2 to 3 years.',
        priority: 'medium',
        tags: ['brakes'],
      },
    ],
  },

  'service-records': {
    simple: [
      {
        title: 'Keep every record',
        body: "Records of oil changes and repairs show what's due next, support warranty claims and raise your car's resale value.",
        priority: 'medium',
      },
      {
        title: 'Note the mileage each time',
        body: 'Most maintenance is due by miles or by months, whichever comes first, so write down the mileage with every service.',
        priority: 'medium',
      },
      {
        title: 'What the statuses mean',
        body: 'Scheduled means a service is booked, Urgent means it needs attention soon for safety, and Completed shows work already done.',
        priority: 'low',
      },
    ],
    tech: [
      {
        title: 'Complaint, cause, correction',
        body: 'Write each record as complaint, cause and correction: what the customer reported, what you found (codes, measurements) and what you did. It supports warranty claims and helps the next technician.',
        priority: 'high',
        tags: ['diagnostics'],
      },
      {
        title: 'Filter for repeat repairs',
        body: 'Filter by vehicle and component to find repeat repairs; the same part failing twice points to a root cause such as a wiring fault or the wrong fluid.',
        priority: 'medium',
        tags: ['components'],
      },
      {
        title: 'Log part numbers and fluid specs',
        body: 'Record the part numbers and fluid specifications used. When a recall or bulletin is issued, affected vehicles are quick to find.',
        priority: 'low',
      },
    ],
    both: [
      {
        title: 'Date and mileage together',
        body: 'Brake fluid, coolant and timing belts are due by time as well as distance. A record with both date and mileage shows which comes first.',
        priority: 'low',
      },
    ],
  },

  help: {
    simple: [
      {
        title: 'Start with the FAQ',
        body: 'Most questions about finding your vehicle, reading the diagram or your account are answered in the FAQ.',
        priority: 'medium',
      },
      {
        title: 'What to tell support',
        body: 'When you contact support, share the year, make and model (or the VIN) and what you were trying to do. You will get an answer faster.',
        priority: 'medium',
        tags: ['vin'],
      },
      {
        title: 'Safety comes first',
        body: 'If you smell fuel, see smoke or the brakes feel wrong, stop driving and call a professional or roadside assistance. Do not wait for an online answer.',
        priority: 'critical',
      },
    ],
    tech: [
      {
        title: 'Report problems with details',
        body: 'Include the VIN, the page and the exact error message when you report a problem; a screenshot of what you saw speeds up the fix.',
        priority: 'medium',
        tags: ['vin'],
      },
      {
        title: 'Check the documentation first',
        body: 'The documentation covers VIN decoding, the component diagram and the service tools; it answers most how-does-this-work questions faster than a ticket.',
        priority: 'low',
      },
      {
        title: 'Automate with API tokens',
        body: 'Workshop scripts can call the API with a personal token created on your profile page; revoke it there at any time.',
        priority: 'low',
        tags: ['profile'],
      },
    ],
    both: [
      {
        title: 'Simple Mode or Tech Mode',
        body: 'Simple Mode gives plain-language guidance; Tech Mode shows full technical detail and the workshop tools. Switch anytime in Settings.',
        priority: 'low',
        tags: ['settings'],
      },
    ],
  },

  settings: {
    simple: [
      {
        title: 'Choosing your mode',
        body: 'Simple Mode keeps explanations short and plain. Switch to Tech Mode for full specifications and workshop tools; you can switch back any time.',
        priority: 'medium',
      },
      {
        title: 'Dark mode',
        body: "Dark mode is easier on the eyes at night. Choose System to follow your phone's or computer's own setting.",
        priority: 'low',
      },
      {
        title: 'Turning the assistant off and on',
        body: "Close the assistant with its close button. To bring it back, turn on the Avatar assistant switch on this page.",
        priority: 'low',
      },
    ],
    tech: [
      {
        title: 'Guidance follows the mode',
        body: 'Tech Mode sets guidance to detailed and Simple Mode to basic; your other preferences stay as they are when you switch.',
        priority: 'medium',
      },
      {
        title: 'Keep notifications useful',
        body: 'Push notifications cover alerts in the app, email covers appointment reminders and updates. Turn off what you do not act on.',
        priority: 'low',
      },
      {
        title: 'What Reset Session does',
        body: 'Reset Session signs you out on this device and returns you to the start. Avatars, preferences and records stay saved with your account.',
        priority: 'low',
      },
    ],
    both: [
      {
        title: 'Preferences follow your account',
        body: 'Your mode, guidance and notification choices are saved with your account, so they are the same on every device you sign in on.',
        priority: 'low',
      },
    ],
  },

  profile: {
    simple: [
      {
        title: 'Use a strong, unique password',
        body: "Use at least 8 characters and a password you don't use anywhere else; a phrase of unrelated words is easy to remember and hard to guess.",
        priority: 'high',
      },
      {
        title: 'Your ID',
        body: 'The ID on your profile is a short form of your account number. Support may ask for it to find your account.',
        priority: 'low',
      },
      {
        title: 'A new password signs out other devices',
        body: "When you change your password, every other device signed in to your account is signed out. The one you're using stays signed in.",
        priority: 'medium',
      },
    ],
    tech: [
      {
        title: 'One API token per script',
        body: 'Create a token for each script or tool, named after what uses it. It is shown only once: keep it in a secret store, never in source code.',
        priority: 'medium',
      },
      {
        title: 'Revoke unused tokens',
        body: 'Revoke a token as soon as a script is retired or the token may have leaked. A revoked token stops working immediately.',
        priority: 'high',
      },
      {
        title: 'Cut off lost devices',
        body: 'Changing your password ends all your other sessions, a quick way to sign out a device you no longer control.',
        priority: 'medium',
      },
    ],
    both: [
      {
        title: 'Sign out on shared computers',
        body: 'On a shared or workshop computer, use Sign Out when you are done so the next person cannot use your account.',
        priority: 'medium',
      },
    ],
  },

  general: {
    simple: [
      {
        title: 'Getting started',
        body: "Start on Home: enter your VIN or pick your vehicle to see its parts. Use Help when you're stuck and My Avatars to change how I look.",
        priority: 'medium',
        tags: ['vin'],
      },
      {
        title: 'Monthly checks prevent breakdowns',
        body: 'Once a month check tire pressure, look under the car for leaks and make sure every light works. Small checks catch most problems early.',
        priority: 'medium',
      },
      {
        title: 'Warning lights by colour',
        body: 'Red warning lights mean stop safely as soon as you can, yellow or amber means have it checked soon, and green or blue lights are just information.',
        priority: 'high',
      },
    ],
    tech: [
      {
        title: 'Find your way around',
        body: 'The sidebar groups Diagnostic Tools, Data Management, Advanced Tools and CRM & Services. Press Ctrl+B (Cmd+B on a Mac) to collapse it.',
        priority: 'medium',
      },
      {
        title: 'Verify every repair',
        body: 'Re-check codes, road-test under the conditions of the complaint and compare readings with the baseline recorded at diagnosis before handing the vehicle back.',
        priority: 'high',
        tags: ['diagnostics'],
      },
      {
        title: 'Never rely on a jack alone',
        body: "Never work under a vehicle held only by a jack. Use rated jack stands, or a lift with the arms on the manufacturer's lift points and the locks engaged.",
        priority: 'critical',
      },
    ],
    both: [
      {
        title: 'Design your assistant',
        body: 'On the avatars page you can change my name, look and personality, and how advanced my tips are.',
        priority: 'low',
      },
    ],
  },
};

/** Every seeded item with a stable key (page, audience, position). */
export const SEED_KNOWLEDGE: readonly SeedKnowledgeItem[] = Object.entries(PAGES).flatMap(([page, entries]) =>
  (['simple', 'tech', 'both'] as const).flatMap((audience) =>
    entries[audience].map((entry, index) => ({
      seedKey: `page:${page}:${audience}:${index + 1}`,
      audience,
      tags: [page, ...(entry.tags ?? []).filter((tag) => tag !== page)],
      title: entry.title,
      body: entry.body,
      priority: entry.priority,
    })),
  ),
);
