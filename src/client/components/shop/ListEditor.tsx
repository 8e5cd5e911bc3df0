import { ActionIcon, Group, Input, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';

/**
 * A list entry as the services editor accepts it (docs/service-centers.md#fields-and-rules):
 * trimmed, non-empty, not already listed.
 */
function canAddEntry(list: readonly string[], entry: string): boolean {
  const trimmed = entry.trim();
  return trimmed.length > 0 && !list.some((item) => item.toLowerCase() === trimmed.toLowerCase());
}

/**
 * A list of text entries (services, certifications, specializations): trimmed, no duplicates,
 * Enter adds, the add button stays disabled until there is something new to add
 * (docs/service-centers.md#fields-and-rules).
 */
export function ListEditor({
  label,
  itemName,
  placeholder,
  value,
  onChange,
  error,
}: {
  label: string;
  itemName: string;
  placeholder: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const addable = canAddEntry(value, draft);
  const duplicate = draft.trim().length > 0 && !addable;

  const add = () => {
    if (!addable) return;
    onChange([...value, draft.trim()]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the entry instead of submitting the whole form.
      event.preventDefault();
      add();
    }
  };

  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap="xs" mt={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`New ${itemName}`}
            placeholder={placeholder}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            style={{ flex: 1 }}
            description={duplicate ? `This ${itemName} is already listed` : undefined}
          />
          <ActionIcon size={36} variant="light" onClick={add} disabled={!addable} aria-label={`Add ${itemName}`}>
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
        {value.length ? (
          <Group gap={6}>
            {value.map((entry) => (
              <Pill
                key={entry}
                withRemoveButton
                onRemove={() => onChange(value.filter((item) => item !== entry))}
                removeButtonProps={{ 'aria-label': `Remove ${entry}` }}
              >
                {entry}
              </Pill>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            None added yet.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
