import { Badge, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import {
  ACCESSORY_INFO,
  HAIR_LABELS,
  OUTFIT_LABELS,
  PERSONALITY_INFO,
  STYLE_PACK_LABELS,
  type AvatarStyle,
  type AvatarTheme,
  type HairStyle,
  type Outfit,
  type Personality,
  type SkinTone,
  type StylePack,
} from '../../../shared/avatars.ts';

export type AvatarPreviewSize = 'sm' | 'md' | 'lg' | 'xl';

const PIXELS: Record<AvatarPreviewSize, number> = { sm: 32, md: 48, lg: 96, xl: 144 };

const SKIN: Record<SkinTone, { fill: string; shade: string }> = {
  light: { fill: '#f6d5b8', shade: '#e2b593' },
  medium: { fill: '#d9a57a', shade: '#c08a5e' },
  tan: { fill: '#c68642', shade: '#a86c2e' },
  dark: { fill: '#8d5524', shade: '#6f3f18' },
};
const HAIR_COLOUR = '#3b2a20';
const INK = '#1f1a17';

/** Each personality's mouth colour and shape (a wider smile for the warmer ones). */
const MOUTH: Record<Personality, { colour: string; path: string; filled: boolean }> = {
  friendly: { colour: '#e03131', path: 'M49 65 Q60 76 71 65', filled: false },
  professional: { colour: '#1971c2', path: 'M51 67 Q60 71 69 67', filled: false },
  expert: { colour: '#7048e8', path: 'M52 67 L68 67', filled: false },
  casual: { colour: '#e8590c', path: 'M49 64 Q60 78 71 64 Z', filled: true },
};

const OUTFIT: Record<Outfit, { body: string; trim: string }> = {
  business: { body: '#1e3a5f', trim: '#f8f9fa' },
  casual: { body: '#2f9e44', trim: '#2b8a3e' },
  uniform: { body: '#495057', trim: '#fab005' },
  'lab-coat': { body: '#f1f3f5', trim: '#adb5bd' },
  scrubs: { body: '#0c8599', trim: '#0b7285' },
};

/** The backdrop of each theme, from Mantine's light variants so it suits both colour schemes. */
const THEME_BACKDROP: Record<AvatarTheme, string> = {
  professional: 'var(--mantine-color-blue-light)',
  casual: 'var(--mantine-color-green-light)',
  retro: 'var(--mantine-color-orange-light)',
  modern: 'var(--mantine-color-violet-light)',
};

function Head({ pack, skin }: { pack: StylePack; skin: SkinTone }) {
  const { fill, shade } = SKIN[skin];
  const outline = pack === 'cartoon' ? { stroke: INK, strokeWidth: 2.5 } : pack === 'realistic' ? { stroke: shade, strokeWidth: 1 } : {};
  return (
    <g>
      <rect x="53" y="70" width="14" height="14" fill={shade} />
      {pack === 'realistic' ? (
        <>
          <circle cx="34" cy="54" r="5" fill={shade} />
          <circle cx="86" cy="54" r="5" fill={shade} />
        </>
      ) : null}
      {pack === 'geometric' ? (
        <polygon points="60,24 84,36 84,66 60,80 36,66 36,36" fill={fill} stroke={shade} strokeWidth="1.5" />
      ) : (
        <circle cx="60" cy="52" r="27" fill={fill} {...outline} />
      )}
    </g>
  );
}

/** Hair drawn behind the head (long styles) and on top of it. */
function Hair({ hair, layer }: { hair: HairStyle; layer: 'back' | 'front' }) {
  if (hair === 'bald') return null;
  if (layer === 'back') {
    if (hair === 'long') return <path d="M31 50 Q31 22 60 22 Q89 22 89 50 L91 92 L29 92 Z" fill={HAIR_COLOUR} />;
    if (hair === 'ponytail') return <ellipse cx="91" cy="60" rx="8" ry="18" fill={HAIR_COLOUR} transform="rotate(-18 91 60)" />;
    return null;
  }
  if (hair === 'curly') {
    const curls = [
      [38, 38],
      [46, 29],
      [56, 25],
      [66, 25],
      [75, 29],
      [82, 38],
    ] as const;
    return (
      <g fill={HAIR_COLOUR}>
        {curls.map(([cx, cy]) => (
          <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="8" />
        ))}
      </g>
    );
  }
  // short, long and ponytail share a cap with a side parting.
  return <path d="M33 48 Q33 22 60 23 Q87 22 87 48 Q80 36 66 35 Q52 34 42 38 Q36 41 33 48 Z" fill={HAIR_COLOUR} />;
}

function Face({ pack, personality }: { pack: StylePack; personality: Personality }) {
  const mouth = MOUTH[personality];
  const eyes =
    pack === 'cartoon' ? (
      <g>
        {[50, 70].map((cx) => (
          <g key={cx}>
            <circle cx={cx} cy="52" r="5.5" fill="#fff" stroke={INK} strokeWidth="1.5" />
            <circle cx={cx + 1} cy="53" r="2.8" fill={INK} />
            <circle cx={cx + 2} cy="51.5" r="1" fill="#fff" />
          </g>
        ))}
      </g>
    ) : (
      <g fill={INK}>
        <circle cx="50" cy="52" r={pack === 'minimalist' ? 2 : 3} />
        <circle cx="70" cy="52" r={pack === 'minimalist' ? 2 : 3} />
      </g>
    );
  return (
    <g>
      {pack === 'realistic' ? (
        <g stroke={HAIR_COLOUR} strokeWidth="2" strokeLinecap="round">
          <path d="M45 45 L55 44" />
          <path d="M65 44 L75 45" />
        </g>
      ) : null}
      {eyes}
      {pack === 'realistic' ? <path d="M60 55 L58 61 L61 61" fill="none" stroke="#00000040" strokeWidth="1.5" /> : null}
      <path
        d={mouth.path}
        fill={mouth.filled ? mouth.colour : 'none'}
        stroke={mouth.colour}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

function Body({ outfit }: { outfit: Outfit }) {
  const { body, trim } = OUTFIT[outfit];
  return (
    <g>
      <path d="M18 120 Q18 86 60 84 Q102 86 102 120 Z" fill={body} stroke={outfit === 'lab-coat' ? trim : 'none'} strokeWidth="1.5" />
      {outfit === 'business' ? (
        <>
          <path d="M50 85 L60 104 L70 85 Z" fill={trim} />
          <path d="M58 88 L62 88 L63 104 L60 108 L57 104 Z" fill="#c92a2a" />
        </>
      ) : null}
      {outfit === 'casual' ? <path d="M48 85 Q60 94 72 85" fill="none" stroke={trim} strokeWidth="3" /> : null}
      {outfit === 'uniform' ? <rect x="30" y="100" width="60" height="4" fill={trim} /> : null}
      {outfit === 'lab-coat' ? (
        <>
          <path d="M50 85 L60 112 L70 85" fill="none" stroke={trim} strokeWidth="2" />
          <path d="M60 112 L60 120" stroke={trim} strokeWidth="2" />
        </>
      ) : null}
      {outfit === 'scrubs' ? <path d="M50 85 L60 98 L70 85" fill="none" stroke={trim} strokeWidth="3" /> : null}
    </g>
  );
}

function Accessories({ accessories }: { accessories: readonly string[] }) {
  return (
    <g>
      {accessories.includes('glasses') ? (
        <g fill="#ffffff30" stroke={INK} strokeWidth="2">
          <circle cx="50" cy="52" r="7" />
          <circle cx="70" cy="52" r="7" />
          <path d="M57 52 L63 52" fill="none" />
        </g>
      ) : null}
      {accessories.includes('hat') ? (
        <g>
          <path d="M33 40 Q34 16 60 16 Q86 16 87 40 Z" fill="#c92a2a" />
          <path d="M31 40 L95 40 Q96 45 88 45 L31 45 Z" fill="#a51d1d" />
        </g>
      ) : null}
      {accessories.includes('badge') ? (
        <g>
          <rect x="30" y="96" width="16" height="11" rx="2" fill="#fff" stroke="#1971c2" strokeWidth="1.5" />
          <rect x="33" y="99" width="10" height="2" fill="#1971c2" />
          <rect x="33" y="103" width="7" height="1.5" fill="#868e96" />
        </g>
      ) : null}
      {accessories.includes('tools') ? (
        // A screwdriver and a wrench in the chest pocket.
        <g>
          <rect x="76" y="98" width="16" height="10" rx="1.5" fill="#00000030" />
          <rect x="79" y="84" width="2" height="14" fill="#adb5bd" />
          <rect x="77.5" y="92" width="5" height="9" rx="1.5" fill="#f08c00" />
          <rect x="86" y="86" width="3" height="15" rx="1" fill="#868e96" />
          <circle cx="87.5" cy="86" r="3.5" fill="none" stroke="#868e96" strokeWidth="2" />
        </g>
      ) : null}
    </g>
  );
}

/** A sentence describing the drawing, for assistive technology. */
export function describeAvatar(style: AvatarStyle): string {
  const accessories = style.accessories.map((a) => ACCESSORY_INFO[a].label.toLowerCase());
  const parts = [
    `${STYLE_PACK_LABELS[style.pack]} style`,
    `${HAIR_LABELS[style.hair].toLowerCase()} hair`,
    `${OUTFIT_LABELS[style.outfit].toLowerCase()} outfit`,
  ];
  if (accessories.length > 0) parts.push(`with ${accessories.join(', ')}`);
  return parts.join(', ');
}

export interface AvatarPreviewProps {
  style: AvatarStyle;
  personality: Personality;
  size?: AvatarPreviewSize;
  /** Shown beneath the face at lg and xl. */
  name?: string;
  showPersonality?: boolean;
  /** Decorative when the surrounding control already names the avatar. */
  decorative?: boolean;
}

/**
 * A round face with hair, eyes, a mouth coloured by personality, and accessories
 * (docs/avatars.md#rules-the-server-enforces).
 */
export function AvatarPreview({ style, personality, size = 'md', name, showPersonality = false, decorative = false }: AvatarPreviewProps) {
  const clipId = useId();
  const pixels = PIXELS[size];
  const backdrop = THEME_BACKDROP[style.theme];
  const label = name ? `${name}: ${describeAvatar(style)}` : `Avatar: ${describeAvatar(style)}`;
  const drawing = (
    <svg
      width={pixels}
      height={pixels}
      viewBox="0 0 120 120"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
      style={{ display: 'block', flexShrink: 0 }}
      data-testid="avatar-preview"
    >
      <defs>
        <clipPath id={clipId}>
          <circle cx="60" cy="60" r="60" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="120" height="120" style={{ fill: backdrop }} />
        <Hair hair={style.hair} layer="back" />
        <Body outfit={style.outfit} />
        <Head pack={style.pack} skin={style.skin} />
        <Hair hair={style.hair} layer="front" />
        <Face pack={style.pack} personality={personality} />
        <Accessories accessories={style.accessories} />
      </g>
    </svg>
  );
  if (size === 'sm' || size === 'md' || !name) return drawing;
  return (
    <Stack align="center" gap={6}>
      {drawing}
      <Text fw={600} ta="center" size={size === 'xl' ? 'lg' : 'md'} lineClamp={1} maw={pixels + 80}>
        {name}
      </Text>
      {showPersonality ? (
        <Badge variant="light" color="grape">
          {PERSONALITY_INFO[personality].label}
        </Badge>
      ) : null}
    </Stack>
  );
}
