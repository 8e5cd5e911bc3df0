import {
  createTheme,
  darken,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { THEME_STORAGE_KEY, type ThemeChoice } from '../../shared/constants.ts';

/** An options list as tall as Mantine's own (220 px of options) that scrolls with the browser's scrollbar. */
const nativeListDropdown = { maxHeight: 'calc(220px + 2 * var(--combobox-padding, 4px))', overflowY: 'auto' } as const;

// Shades chosen for WCAG AA contrast: Mantine's defaults (blue 6, gray 6 for dimmed text) fall
// short of 4.5:1 on white.
export const theme = createTheme({
  // Dialogs, menus and toasts appear without motion for people who ask their system to reduce it.
  respectReducedMotion: true,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Icon-only close buttons need a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    // A menu holds menu items only: the focusable placeholder Mantine puts first is not one
    // (axe: aria-required-children), so opening a menu focuses its first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    MenuDivider: { defaultProps: { role: 'separator' } },
    // Lists scroll natively (decision 171). Mantine's custom scrollbar starts an animation-frame
    // loop on every scroll and stops it only from a timer its unmount cancels: a list closed
    // within a tenth of a second of scrolling (a quick pick, a dialog dismissed) left a loop
    // running 60 times a second until the page was left.
    Select: { defaultProps: { withScrollArea: false }, styles: { dropdown: nativeListDropdown } },
    MultiSelect: { defaultProps: { withScrollArea: false }, styles: { dropdown: nativeListDropdown } },
    Autocomplete: { defaultProps: { withScrollArea: false }, styles: { dropdown: nativeListDropdown } },
    TagsInput: { defaultProps: { withScrollArea: false }, styles: { dropdown: nativeListDropdown } },
    TableScrollContainer: { defaultProps: { type: 'native' } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // The default description colour is dimmed text on the toast's own tint: too faint for AA.
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});

// Text on 'light' variants (badges, alerts, light buttons) sits on a pale tint of its colour;
// Mantine's shade misses 4.5:1 there for green, orange, yellow and others, so darken it.
const lightVariantText = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [
    `--mantine-color-${name}-light-color`,
    darken(shades[9], name === 'gray' || name === 'dark' ? 0.1 : 0.3),
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...lightVariantText,
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});

export function toMantineScheme(choice: ThemeChoice): MantineColorScheme {
  return choice === 'system' ? 'auto' : choice;
}

export function toThemeChoice(scheme: MantineColorScheme): ThemeChoice {
  return scheme === 'auto' ? 'system' : scheme;
}

function readChoice(): ThemeChoice | null {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the theme under 'vt-theme' with the values system, light and dark
 * (docs/screens.md#common-behaviour).
 */
export function vtThemeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      const choice = readChoice();
      return choice ? toMantineScheme(choice) : defaultValue;
    },
    set: (value) => {
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, toThemeChoice(value));
      } catch {
        // Private mode: the choice lasts for this page only.
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea === window.localStorage && event.key === THEME_STORAGE_KEY) {
          const choice = readChoice();
          if (choice) onUpdate(toMantineScheme(choice));
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // nothing stored
      }
    },
  };
}
