import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { THEME_STORAGE_KEY, type ThemeChoice } from '../../shared/constants.ts';

// Shades chosen for WCAG AA contrast: Mantine's defaults (blue 6, gray 6 for dimmed text) fall
// short of 4.5:1 on white.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontWeight: '700' },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
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

/** Keeps the theme under 'vt-theme' with SPEC's values (system, light, dark). */
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
