import { z } from 'zod';
import type { Role } from './constants.ts';
import type { PageContext } from './knowledge.ts';

/** Avatars and the avatar assistant's words (docs/avatars.md). */

export const STYLE_PACKS = ['geometric', 'realistic', 'cartoon', 'minimalist'] as const;
export const SKIN_TONES = ['light', 'medium', 'dark', 'tan'] as const;
export const HAIR_STYLES = ['short', 'long', 'curly', 'ponytail', 'bald'] as const;
export const OUTFITS = ['business', 'casual', 'uniform', 'lab-coat', 'scrubs'] as const;
export const ACCESSORIES = ['glasses', 'hat', 'badge', 'tools'] as const;
export const AVATAR_THEMES = ['professional', 'casual', 'retro', 'modern'] as const;
export const PERSONALITIES = ['friendly', 'professional', 'expert', 'casual'] as const;
export const VOICES = ['text', 'audio'] as const;
export const TIPS_LEVELS = ['basic', 'intermediate', 'advanced'] as const;

export type StylePack = (typeof STYLE_PACKS)[number];
export type SkinTone = (typeof SKIN_TONES)[number];
export type HairStyle = (typeof HAIR_STYLES)[number];
export type Outfit = (typeof OUTFITS)[number];
export type Accessory = (typeof ACCESSORIES)[number];
export type AvatarTheme = (typeof AVATAR_THEMES)[number];
export type Personality = (typeof PERSONALITIES)[number];
export type Voice = (typeof VOICES)[number];
export type TipsLevel = (typeof TIPS_LEVELS)[number];

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;
export const DISPLAY_NAME_TOO_SHORT = 'Display name must be at least 2 characters';
export const DISPLAY_NAME_TOO_LONG = 'Display name must be less than 50 characters';

/** One of the listed values, with a message naming them. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z.enum(values, { error: `${what} must be one of: ${values.join(', ')}` });
}

export const avatarStyleSchema = z.object({
  pack: oneOf(STYLE_PACKS, 'Style pack'),
  skin: oneOf(SKIN_TONES, 'Skin tone'),
  hair: oneOf(HAIR_STYLES, 'Hair style'),
  outfit: oneOf(OUTFITS, 'Outfit'),
  accessories: z
    .array(oneOf(ACCESSORIES, 'Accessory'))
    .max(ACCESSORIES.length)
    .default([])
    // Stored once each, in the canonical order, whatever order the form ticked them in.
    .transform((list) => ACCESSORIES.filter((a) => list.includes(a))),
  theme: oneOf(AVATAR_THEMES, 'Theme').default('professional'),
});
export type AvatarStyle = z.output<typeof avatarStyleSchema>;

// Counted in characters (code points) as the database counts them: an emoji is one, not two.
export const displayNameSchema = z
  .string({ error: 'Display name is required' })
  .trim()
  .superRefine((name, ctx) => {
    const length = [...name].length;
    if (length < DISPLAY_NAME_MIN) ctx.addIssue({ code: 'custom', message: DISPLAY_NAME_TOO_SHORT });
    else if (length > DISPLAY_NAME_MAX) ctx.addIssue({ code: 'custom', message: DISPLAY_NAME_TOO_LONG });
  });

/** The avatar form and POST /api/avatars: every field but the owner, which comes from the session. */
export const avatarInputSchema = z.object({
  displayName: displayNameSchema,
  style: avatarStyleSchema,
  personality: oneOf(PERSONALITIES, 'Personality').default('friendly'),
  voice: oneOf(VOICES, 'Voice').default('text'),
  tipsLevel: oneOf(TIPS_LEVELS, 'Tips level').default('basic'),
});
export type AvatarInput = z.input<typeof avatarInputSchema>;
export type AvatarValues = z.output<typeof avatarInputSchema>;

/** PATCH: any subset of the fields; a style given is given whole. */
export const avatarUpdateSchema = z.object({
  displayName: displayNameSchema.optional(),
  style: avatarStyleSchema.optional(),
  personality: oneOf(PERSONALITIES, 'Personality').optional(),
  voice: oneOf(VOICES, 'Voice').optional(),
  tipsLevel: oneOf(TIPS_LEVELS, 'Tips level').optional(),
});
export type AvatarUpdate = z.output<typeof avatarUpdateSchema>;

export const avatarIdSchema = z.uuid({ error: 'Invalid avatar id' });

export interface Avatar {
  id: string;
  userId: string;
  displayName: string;
  style: AvatarStyle;
  personality: Personality;
  voice: Voice;
  tipsLevel: TipsLevel;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const STYLE_PACK_LABELS: Record<StylePack, string> = {
  geometric: 'Geometric',
  realistic: 'Realistic',
  cartoon: 'Cartoon',
  minimalist: 'Minimalist',
};
export const SKIN_TONE_LABELS: Record<SkinTone, string> = { light: 'Light', medium: 'Medium', dark: 'Dark', tan: 'Tan' };
export const HAIR_LABELS: Record<HairStyle, string> = {
  short: 'Short',
  long: 'Long',
  curly: 'Curly',
  ponytail: 'Ponytail',
  bald: 'Bald',
};
export const OUTFIT_LABELS: Record<Outfit, string> = {
  business: 'Business',
  casual: 'Casual',
  uniform: 'Uniform',
  'lab-coat': 'Lab Coat',
  scrubs: 'Scrubs',
};
export const ACCESSORY_INFO: Record<Accessory, { label: string; description: string }> = {
  glasses: { label: 'Glasses', description: 'perfect for detailed work' },
  hat: { label: 'Hat', description: 'classic professional look' },
  badge: { label: 'Badge', description: 'shows your credentials' },
  tools: { label: 'Tools', description: 'ready for diagnostics' },
};
export const PERSONALITY_INFO: Record<Personality, { label: string; description: string }> = {
  friendly: { label: 'Friendly', description: 'Warm and encouraging; explains things patiently, step by step.' },
  professional: { label: 'Professional', description: 'Clear and courteous; sticks to the facts you need.' },
  expert: { label: 'Expert', description: 'Deep technical knowledge; adds the detail behind each answer.' },
  casual: { label: 'Casual', description: 'Relaxed and chatty; keeps things light while it helps.' },
};
export const VOICE_LABELS: Record<Voice, string> = { text: 'Text', audio: 'Audio (Coming Soon)' };
export const TIPS_LEVEL_INFO: Record<TipsLevel, { label: string; description: string }> = {
  basic: { label: 'Basic', description: 'Everyday care and safety' },
  intermediate: { label: 'Intermediate', description: 'Maintenance know-how' },
  advanced: { label: 'Advanced', description: 'Workshop-level diagnostics' },
};

/** Each theme's default accessories and outfit (docs/avatars.md#rules-the-server-enforces). */
export const THEME_INFO: Record<AvatarTheme, { label: string; description: string; accessories: Accessory[]; outfit: Outfit }> = {
  professional: { label: 'Professional', description: 'Business attire with an ID badge', accessories: ['badge'], outfit: 'business' },
  casual: { label: 'Casual', description: 'Relaxed everyday look, no accessories', accessories: [], outfit: 'casual' },
  retro: { label: 'Retro', description: 'Classic shop uniform and glasses', accessories: ['glasses'], outfit: 'uniform' },
  modern: { label: 'Modern', description: 'Lab coat, glasses and tools at hand', accessories: ['glasses', 'tools'], outfit: 'lab-coat' },
};

export interface AvatarPreset {
  name: string;
  description: string;
  style: AvatarStyle;
}

/**
 * The six presets; 'Tech Professional' is the default style of a new avatar
 * (docs/avatars.md#rules-the-server-enforces).
 */
export const AVATAR_PRESETS: readonly AvatarPreset[] = [
  {
    name: 'Tech Professional',
    description: 'Polished and precise, badge on',
    style: { pack: 'realistic', skin: 'light', hair: 'short', outfit: 'business', accessories: ['badge'], theme: 'professional' },
  },
  {
    name: 'Casual Helper',
    description: 'Easy-going and approachable',
    style: { pack: 'cartoon', skin: 'medium', hair: 'curly', outfit: 'casual', accessories: [], theme: 'casual' },
  },
  {
    name: 'Expert Mechanic',
    description: 'Shop uniform, cap and tools',
    style: { pack: 'realistic', skin: 'tan', hair: 'short', outfit: 'uniform', accessories: ['hat', 'tools'], theme: 'retro' },
  },
  {
    name: 'Modern Assistant',
    description: 'Lab coat, glasses and tools',
    style: { pack: 'minimalist', skin: 'light', hair: 'ponytail', outfit: 'lab-coat', accessories: ['glasses', 'tools'], theme: 'modern' },
  },
  {
    name: 'Retro Guide',
    description: 'Old-school charm with glasses',
    style: { pack: 'geometric', skin: 'dark', hair: 'bald', outfit: 'uniform', accessories: ['glasses', 'hat'], theme: 'retro' },
  },
  {
    name: 'Friendly Advisor',
    description: 'Warm smile, ready to explain',
    style: { pack: 'cartoon', skin: 'dark', hair: 'long', outfit: 'casual', accessories: ['badge'], theme: 'casual' },
  },
];

export const DEFAULT_AVATAR_STYLE: AvatarStyle = AVATAR_PRESETS[0]!.style;

/** Greetings by personality and role, word for word (docs/avatars.md#the-assistant). */
export const GREETINGS: Record<Personality, Record<Role, string>> = {
  friendly: { simple: "Hi there! I'm here to help you with your vehicle.", tech: 'Hey! Ready to dive into some diagnostics?' },
  professional: { simple: "Good day. I'll assist you with vehicle information.", tech: 'Welcome to the diagnostic environment.' },
  expert: { simple: 'Hello. I have extensive vehicle knowledge to share.', tech: "Greetings. Let's analyze your vehicle systems." },
  casual: { simple: "What's up! Need help with your car?", tech: 'Hey! What are we working on today?' },
};
export const NO_AVATAR_GREETING = "Hi! I'm your tech assistant. Let me help you get started with vehicle diagnostics.";

const sameForBoth = (text: string): Record<Role, string> => ({ simple: text, tech: text });

/** The welcome message of each page by role; 'general' pages have none (no alert dot there). */
export const PAGE_MESSAGES: Readonly<Partial<Record<PageContext, Record<Role, string>>>> = {
  home: {
    simple: "Welcome! Enter your VIN or pick your vehicle's year, make and model, and I'll show you how its parts work.",
    tech: 'Decode a VIN or select year, make and model to load component specs, service intervals and the diagram.',
  },
  'vehicle-search': {
    simple: 'Looking for a vehicle? Search by VIN, make, model, year or license plate.',
    tech: 'Search vehicles by VIN, make, model, year or plate to pull up their records.',
  },
  scanning: {
    simple: 'Scanning makes a 3D picture of a part from photos taken all the way around it.',
    tech: 'Set resolution, scan type and output format, then capture with 60% overlap between frames.',
  },
  'model-viewing': {
    simple: 'Turn and zoom the 3D part to see how it fits in your vehicle.',
    tech: 'Inspect the component model; the Analysis tab compares it against reference dimensions.',
  },
  diagnostics: {
    simple: "A warning light on? Diagnostics read the codes your car stores so you know what's wrong.",
    tech: 'Read DTCs with the OBD-II scanner, check freeze frame data and run system tests before clearing codes.',
  },
  'camera-scanning': {
    simple: 'Good light and a steady hand make the clearest photos of a part.',
    tech: 'Match the camera mode to the job: Macro for connectors and labels, Wide Angle for the engine bay.',
  },
  database: sameForBoth('Search parts by name or number, check stock levels and compare suppliers.'),
  analytics: sameForBoth('Review service volume, job mix and turnaround times, and export reports.'),
  'knowledge-base': {
    simple: 'Browse plain-language articles and answers about caring for your vehicle.',
    tech: 'Search articles, manuals, procedures and FAQs for specs, wiring and repair steps.',
  },
  'service-records': {
    simple: 'Keep track of the work done on your vehicle and when the next service is due.',
    tech: 'Log services with mileage and notes; filter by status or date range to find past work.',
  },
  help: {
    simple: "Stuck? Find answers here or reach our support team. I'm happy to help too.",
    tech: 'Documentation, FAQ, live chat and phone support are all here.',
  },
  settings: {
    simple: 'Switch modes, change colours, and turn notifications or me on or off.',
    tech: 'Adjust mode, theme and notifications; the assistant switch brings me back after you close me.',
  },
  profile: {
    simple: 'Here are your account details. You can change your password here.',
    tech: 'Manage your account, password and API tokens for workshop scripts.',
  },
};

/** 'Expert Tip': a piece of advice at the avatar's tips level, taken in turn. */
export const EXPERT_TIPS: Record<TipsLevel, readonly string[]> = {
  basic: [
    "Check tire pressure once a month with the tires cold; the right pressure is on the sticker inside the driver's door, not on the tire.",
    'A flashing check-engine light means a misfire that can damage the catalytic converter: slow down and have it checked right away.',
    'Write down the mileage every time your vehicle is serviced; it tells you when the next oil change or inspection is due.',
  ],
  intermediate: [
    'Brake fluid absorbs water over time, which lowers its boiling point; replace it about every 2 years even if the level looks fine.',
    'A healthy battery rests at about 12.6 V with the engine off; below 12.4 V it is partly discharged and worth charging and testing.',
    'After clearing a trouble code, drive a full drive cycle before calling it fixed: many monitors only run under specific conditions.',
  ],
  advanced: [
    'Add short-term and long-term fuel trims: a total beyond about ±10% points to a vacuum leak, fuel delivery or MAF fault.',
    'Voltage-drop test the starter circuit while cranking: over 0.5 V on the positive side or 0.3 V on the ground side means a bad cable or connection.',
    'Read Mode $06 misfire counters per cylinder before replacing coils; they show misfires the MIL has not flagged yet.',
  ],
};
