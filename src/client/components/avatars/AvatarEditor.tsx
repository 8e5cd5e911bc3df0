import { Badge, Button, Card, Checkbox, Grid, Group, Radio, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCESSORIES,
  ACCESSORY_INFO,
  avatarInputSchema,
  DEFAULT_AVATAR_STYLE,
  HAIR_LABELS,
  HAIR_STYLES,
  OUTFIT_LABELS,
  OUTFITS,
  PERSONALITIES,
  PERSONALITY_INFO,
  SKIN_TONE_LABELS,
  SKIN_TONES,
  STYLE_PACK_LABELS,
  STYLE_PACKS,
  THEME_INFO,
  TIPS_LEVEL_INFO,
  TIPS_LEVELS,
  VOICE_LABELS,
  VOICES,
  type Accessory,
  type Avatar,
  type AvatarStyle,
  type AvatarValues,
} from '../../../shared/avatars.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { fieldErrors, trpc } from '../../lib/trpc.ts';
import { AvatarPreview } from './AvatarPreview.tsx';
import { PresetPicker, ThemePicker } from './ThemePicker.tsx';

type FormValues = AvatarValues;

function initialValues(avatar: Avatar | null): FormValues {
  if (!avatar) {
    return {
      displayName: '',
      personality: 'friendly',
      voice: 'text',
      tipsLevel: 'basic',
      style: { ...DEFAULT_AVATAR_STYLE, accessories: [...DEFAULT_AVATAR_STYLE.accessories] },
    };
  }
  return {
    displayName: avatar.displayName,
    personality: avatar.personality,
    voice: avatar.voice,
    tipsLevel: avatar.tipsLevel,
    style: { ...avatar.style, accessories: [...avatar.style.accessories] },
  };
}

function options<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Create or edit an avatar: live preview beside the three cards (docs/avatars.md#avatars-page-avatars). */
export function AvatarEditor({ avatar, onDone }: { avatar: Avatar | null; onDone(): void }) {
  const utils = trpc.useUtils();
  const form = useForm<FormValues>({
    initialValues: initialValues(avatar),
    validate: zodFormValidator(avatarInputSchema),
  });
  const refresh = () => Promise.all([utils.avatars.list.invalidate(), utils.avatars.active.invalidate()]);
  const failed = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', 'Failed to save avatar. Please try again.');
  };
  const create = trpc.avatars.create.useMutation({
    onSuccess: async () => {
      await refresh();
      notifySuccess('Avatar Created', 'Your new avatar has been created successfully.');
      onDone();
    },
    onError: failed,
  });
  const update = trpc.avatars.update.useMutation({
    onSuccess: async () => {
      await refresh();
      notifySuccess('Avatar Updated', 'Your avatar has been successfully updated.');
      onDone();
    },
    onError: failed,
  });
  const saving = create.isPending || update.isPending;
  const values = form.getValues();
  const setStyle = (style: AvatarStyle) => form.setFieldValue('style', style);

  const submit = form.onSubmit((input) => {
    if (avatar) update.mutate({ id: avatar.id, changes: input });
    else create.mutate(input);
  });

  return (
    <form onSubmit={submit} noValidate>
      {/* Container queries: the layout follows the dialog's width, not the window's. */}
      <Grid gap="md" type="container" breakpoints={{ xs: '30em', sm: '40em', md: '48em', lg: '60em', xl: '75em' }}>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          {/* Stays in view while the form scrolls, below the dialog's sticky title bar. */}
          <Card withBorder padding="md" style={{ position: 'sticky', top: 'calc(3.75rem + var(--mantine-spacing-xs))' }}>
            <Stack align="center" gap="sm">
              <Text size="sm" fw={600} c="dimmed" tt="uppercase">
                Preview
              </Text>
              <AvatarPreview
                style={values.style}
                personality={values.personality}
                size="xl"
                name={values.displayName.trim() || 'Your assistant'}
                showPersonality
              />
              <Text size="sm" ta="center">
                {THEME_INFO[values.style.theme].label} theme
              </Text>
              <Group gap={4} justify="center">
                {values.style.accessories.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    No accessories
                  </Text>
                ) : (
                  values.style.accessories.map((a) => (
                    <Badge key={a} variant="outline" size="sm">
                      {ACCESSORY_INFO[a].label}
                    </Badge>
                  ))
                )}
              </Group>
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Basic Information
                </Title>
                <TextInput
                  label="Display Name"
                  placeholder="e.g. Sparky"
                  withAsterisk
                  data-autofocus
                  {...form.getInputProps('displayName')}
                />
                <Radio.Group label="Personality" {...form.getInputProps('personality')}>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                    {PERSONALITIES.map((p) => (
                      <Radio key={p} value={p} label={PERSONALITY_INFO[p].label} description={PERSONALITY_INFO[p].description} />
                    ))}
                  </SimpleGrid>
                </Radio.Group>
              </Stack>
            </Card>

            <Card withBorder padding="md">
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Visual Appearance
                </Title>
                <Tabs defaultValue="presets" keepMounted={false}>
                  <Tabs.List grow>
                    <Tabs.Tab value="presets">Presets</Tabs.Tab>
                    <Tabs.Tab value="custom">Custom</Tabs.Tab>
                    <Tabs.Tab value="themes">Themes</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="presets" pt="sm">
                    <PresetPicker style={values.style} personality={values.personality} onChange={setStyle} />
                  </Tabs.Panel>
                  <Tabs.Panel value="custom" pt="sm">
                    <Stack gap="sm">
                      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                        <Select
                          label="Style Pack"
                          data={options(STYLE_PACKS, STYLE_PACK_LABELS)}
                          allowDeselect={false}
                          {...form.getInputProps('style.pack')}
                        />
                        <Select label="Hair" data={options(HAIR_STYLES, HAIR_LABELS)} allowDeselect={false} {...form.getInputProps('style.hair')} />
                        <Select label="Outfit" data={options(OUTFITS, OUTFIT_LABELS)} allowDeselect={false} {...form.getInputProps('style.outfit')} />
                        <Select
                          label="Skin Tone"
                          data={options(SKIN_TONES, SKIN_TONE_LABELS)}
                          allowDeselect={false}
                          {...form.getInputProps('style.skin')}
                        />
                      </SimpleGrid>
                      <Checkbox.Group
                        label="Accessories"
                        value={values.style.accessories}
                        onChange={(list) => form.setFieldValue('style.accessories', list as Accessory[])}
                        error={form.errors['style.accessories']}
                      >
                        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                          {ACCESSORIES.map((a) => (
                            <Checkbox key={a} value={a} label={ACCESSORY_INFO[a].label} description={ACCESSORY_INFO[a].description} />
                          ))}
                        </SimpleGrid>
                      </Checkbox.Group>
                    </Stack>
                  </Tabs.Panel>
                  <Tabs.Panel value="themes" pt="sm">
                    <ThemePicker style={values.style} personality={values.personality} onChange={setStyle} />
                  </Tabs.Panel>
                </Tabs>
              </Stack>
            </Card>

            <Card withBorder padding="md">
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Assistant Settings
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <Select
                    label="Voice Type"
                    data={VOICES.map((v) => ({ value: v, label: VOICE_LABELS[v], disabled: v === 'audio' }))}
                    allowDeselect={false}
                    {...form.getInputProps('voice')}
                  />
                  <Select
                    label="Tips Level"
                    data={TIPS_LEVELS.map((t) => ({ value: t, label: `${TIPS_LEVEL_INFO[t].label}: ${TIPS_LEVEL_INFO[t].description}` }))}
                    allowDeselect={false}
                    {...form.getInputProps('tipsLevel')}
                  />
                </SimpleGrid>
              </Stack>
            </Card>

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onDone} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : avatar ? 'Update Avatar' : 'Create Avatar'}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
