import { Badge, Group } from '@mantine/core';

/** A customer's tags; clicking one filters the list by it when `onPick` is given. */
export function CustomerTags({ tags, onPick }: { tags: string[]; onPick?: (tag: string) => void }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {tags.map((tag) =>
        onPick ? (
          <Badge key={tag} variant="light" color="grape" component="button" type="button" style={{ cursor: 'pointer' }} onClick={() => onPick(tag)} aria-label={`Show customers tagged ${tag}`}>
            {tag}
          </Badge>
        ) : (
          <Badge key={tag} variant="light" color="grape">
            {tag}
          </Badge>
        ),
      )}
    </Group>
  );
}
