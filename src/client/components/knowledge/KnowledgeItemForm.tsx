import { ActionIcon, Button, Group, Input, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  AUDIENCE_LABELS,
  AUDIENCES,
  KNOWLEDGE_KIND_LABELS,
  KNOWLEDGE_KINDS,
  KNOWLEDGE_LIMITS,
  knowledgeItemInputSchema,
  MAX_TAGS,
  PRIORITIES,
  type Audience,
  type KnowledgeItem,
  type KnowledgeItemInput,
  type KnowledgeKind,
  type Priority,
} from '../../../shared/knowledge.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';

type FormValues = {
  title: string;
  body: string;
  kind: KnowledgeKind;
  audience: Audience;
  priority: Priority;
  tags: string[];
  steps: string[];
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function initialValues(item: KnowledgeItem | undefined, kind: KnowledgeKind): FormValues {
  return {
    title: item?.title ?? '',
    body: item?.body ?? '',
    kind: item?.kind ?? kind,
    audience: item?.audience ?? 'both',
    priority: item?.priority ?? 'medium',
    tags: item?.tags ?? [],
    steps: item?.steps ?? [],
  };
}

/** Write (no item) or edit a knowledge item; the shared schema checks it here and on the server. */
export function KnowledgeItemForm({
  item,
  kind,
  onDone,
  onCancel,
}: {
  item?: KnowledgeItem;
  kind: KnowledgeKind;
  onDone: (saved: KnowledgeItem) => void;
  onCancel: () => void;
}) {
  const utils = trpc.useUtils();
  const form = useForm<FormValues>({ initialValues: initialValues(item, kind), validate: zodFormValidator<FormValues>(knowledgeItemInputSchema) });
  const fail = (fallback: string) => (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, fallback));
  };
  const done = (message: string) => (saved: KnowledgeItem) => {
    notifySuccess('Success', message);
    void utils.knowledge.invalidate();
    onDone(saved);
  };
  const create = trpc.knowledge.create.useMutation({ onSuccess: done('Knowledge item created'), onError: fail('Failed to create knowledge item') });
  const update = trpc.knowledge.update.useMutation({ onSuccess: done('Knowledge item updated'), onError: fail('Failed to update knowledge item') });

  const submit = (values: FormValues) => {
    const input: KnowledgeItemInput = values;
    if (item) update.mutate({ ...input, id: item.id });
    else create.mutate(input);
  };

  const steps = form.values.steps;
  const move = (from: number, to: number) => form.reorderListItem('steps', { from, to });
  const stepsError = Object.entries(form.errors).find(([key]) => key === 'steps' || key.startsWith('steps.'))?.[1];

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk maxLength={KNOWLEDGE_LIMITS.title} {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select
            label="Kind"
            allowDeselect={false}
            data={KNOWLEDGE_KINDS.map((value) => ({ value, label: KNOWLEDGE_KIND_LABELS[value] }))}
            {...form.getInputProps('kind')}
          />
          <Select
            label="Audience"
            allowDeselect={false}
            data={AUDIENCES.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
            {...form.getInputProps('audience')}
          />
          <Select
            label="Priority"
            allowDeselect={false}
            data={PRIORITIES.map((value) => ({ value, label: capitalised(value) }))}
            {...form.getInputProps('priority')}
          />
        </SimpleGrid>
        <Textarea label="Body" withAsterisk autosize minRows={4} maxRows={14} maxLength={KNOWLEDGE_LIMITS.body} {...form.getInputProps('body')} />
        <TagsInput
          label="Tags"
          description="Lower-case words or dashes, such as brakes or oil-change; Enter adds one"
          maxTags={MAX_TAGS}
          splitChars={[',', ' ']}
          clearable
          {...form.getInputProps('tags')}
          // Pasted or half-typed text such as 'brakes, pads' becomes separate, lower-case tags.
          onChange={(values) => form.setFieldValue('tags', [...new Set(values.flatMap((v) => v.toLowerCase().split(/[\s,]+/)).filter(Boolean))])}
          error={Object.entries(form.errors).find(([key]) => key === 'tags' || key.startsWith('tags.'))?.[1]}
        />
        <Input.Wrapper label="Steps" description="For procedures: one action per step, in order" error={stepsError}>
          <Stack gap="xs" mt={6}>
            {steps.map((_, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={700} w={22} ta="right" pt={8} aria-hidden>
                  {index + 1}.
                </Text>
                <Textarea
                  aria-label={`Step ${index + 1}`}
                  autosize
                  minRows={1}
                  maxRows={4}
                  maxLength={KNOWLEDGE_LIMITS.step}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`steps.${index}`)}
                />
                <ActionIcon variant="subtle" color="gray" size={36} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move step ${index + 1} up`}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size={36}
                  disabled={index === steps.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move step ${index + 1} down`}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" size={36} onClick={() => form.removeListItem('steps', index)} aria-label={`Remove step ${index + 1}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={steps.length >= KNOWLEDGE_LIMITS.steps}
                onClick={() => form.insertListItem('steps', '')}
              >
                Add step
              </Button>
            </Group>
          </Stack>
        </Input.Wrapper>
        <FormActions onCancel={onCancel} loading={create.isPending || update.isPending}>
          {item ? 'Save Changes' : 'Create Item'}
        </FormActions>
      </Stack>
    </form>
  );
}
