import { Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  ACCESSORY_INFO,
  AVATAR_PRESETS,
  AVATAR_THEMES,
  OUTFIT_LABELS,
  THEME_INFO,
  type AvatarStyle,
  type AvatarTheme,
  type Personality,
} from '../../../shared/avatars.ts';
import { AvatarPreview } from './AvatarPreview.tsx';
import classes from './avatars.module.css';

function sameStyle(a: AvatarStyle, b: AvatarStyle): boolean {
  return (
    a.pack === b.pack &&
    a.skin === b.skin &&
    a.hair === b.hair &&
    a.outfit === b.outfit &&
    a.theme === b.theme &&
    a.accessories.length === b.accessories.length &&
    a.accessories.every((x) => b.accessories.includes(x))
  );
}

/** A theme brings its default outfit and accessories with it (docs/avatars.md#rules-the-server-enforces). */
export function applyTheme(style: AvatarStyle, theme: AvatarTheme): AvatarStyle {
  const info = THEME_INFO[theme];
  return { ...style, theme, outfit: info.outfit, accessories: [...info.accessories] };
}

function accessoryList(accessories: readonly (keyof typeof ACCESSORY_INFO)[]): string {
  return accessories.length === 0 ? 'no accessories' : accessories.map((a) => ACCESSORY_INFO[a].label.toLowerCase()).join(' and ');
}

export function ThemePicker({ style, personality, onChange }: { style: AvatarStyle; personality: Personality; onChange(style: AvatarStyle): void }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" role="radiogroup" aria-label="Theme">
      {AVATAR_THEMES.map((theme) => {
        const info = THEME_INFO[theme];
        const selected = style.theme === theme;
        return (
          <UnstyledButton
            key={theme}
            className={classes.choice}
            data-selected={selected || undefined}
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(applyTheme(style, theme))}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <AvatarPreview style={applyTheme(style, theme)} personality={personality} size="md" decorative />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={4} wrap="nowrap">
                  <Text fw={600}>{info.label}</Text>
                  {selected ? <IconCheck size={16} aria-hidden /> : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {info.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {OUTFIT_LABELS[info.outfit]} outfit, {accessoryList(info.accessories)}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

export function PresetPicker({ style, personality, onChange }: { style: AvatarStyle; personality: Personality; onChange(style: AvatarStyle): void }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="radiogroup" aria-label="Presets">
      {AVATAR_PRESETS.map((preset) => {
        const selected = sameStyle(style, preset.style);
        return (
          <UnstyledButton
            key={preset.name}
            className={classes.choice}
            data-selected={selected || undefined}
            role="radio"
            aria-checked={selected}
            onClick={() => onChange({ ...preset.style, accessories: [...preset.style.accessories] })}
          >
            <Stack align="center" gap={4}>
              <AvatarPreview style={preset.style} personality={personality} size="md" decorative />
              <Text fw={600} size="sm" ta="center">
                {preset.name}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {preset.description}
              </Text>
            </Stack>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
