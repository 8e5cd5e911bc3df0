import { ActionIcon, Button, Group, SegmentedControl, Select, Slider, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconFocusCentered, IconRuler2 } from '@tabler/icons-react';
import type { CanvasView } from './ModelCanvas.tsx';
import { LIGHTING_LABELS, LIGHTINGS, POINT_SIZE, type Lighting } from './viewer-options.ts';

interface Props {
  view: CanvasView;
  hasSurface: boolean;
  onChange: (change: Partial<CanvasView>) => void;
}

/** The viewer's controls: what is drawn and how, measuring, and the way back to the first view. */
export function ViewerToolbar({ view, hasSurface, onChange }: Props) {
  const drawsSurface = hasSurface && view.display === 'surface' && !view.heat;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        {hasSurface ? (
          <SegmentedControl
            aria-label="Display"
            size="xs"
            value={view.display}
            onChange={(value) => onChange({ display: value === 'points' ? 'points' : 'surface' })}
            data={[
              { value: 'surface', label: 'Surface' },
              { value: 'points', label: 'Points' },
            ]}
            disabled={view.heat !== null}
          />
        ) : null}
        <Select
          aria-label="Lighting"
          size="xs"
          w={120}
          data={LIGHTINGS.map((value) => ({ value, label: LIGHTING_LABELS[value] }))}
          value={view.lighting}
          onChange={(value) => value && onChange({ lighting: value as Lighting })}
          allowDeselect={false}
        />
        <Button
          size="xs"
          variant={view.measuring ? 'filled' : 'default'}
          leftSection={<IconRuler2 size={16} />}
          aria-pressed={view.measuring}
          onClick={() => onChange({ measuring: !view.measuring })}
        >
          Measure
        </Button>
        <Tooltip label="Reset view">
          <ActionIcon variant="default" size="lg" aria-label="Reset view" onClick={() => onChange({ resetKey: view.resetKey + 1 })}>
            <IconFocusCentered size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="lg" wrap="wrap" align="center">
        {drawsSurface ? (
          <Switch label="Wireframe" size="sm" checked={view.wireframe} onChange={(event) => onChange({ wireframe: event.currentTarget.checked })} />
        ) : (
          <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 220px', maxWidth: 320 }}>
            <Text size="sm" id="point-size-label" style={{ whiteSpace: 'nowrap' }}>
              Point size
            </Text>
            <Slider
              aria-labelledby="point-size-label"
              style={{ flex: 1 }}
              min={POINT_SIZE.min}
              max={POINT_SIZE.max}
              step={POINT_SIZE.step}
              value={view.pointSize}
              onChange={(pointSize) => onChange({ pointSize })}
              label={(value) => `${value} px`}
            />
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Drag to turn · scroll or pinch to zoom · right-drag or two fingers to pan
        </Text>
      </Group>
    </Stack>
  );
}
