import { TextInput } from '@mantine/core';

/** A trouble code typed as a scanner shows it: monospace, upper case, a few characters. */
export function TroubleCodeInput({ value, onChange, error, minWidth = 140 }: { value: string; onChange: (value: string) => void; error?: string | null; minWidth?: number }) {
  return (
    <TextInput
      label="Trouble code"
      placeholder="P0420"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      maxLength={8}
      style={{ flex: 1, minWidth }}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
    />
  );
}
