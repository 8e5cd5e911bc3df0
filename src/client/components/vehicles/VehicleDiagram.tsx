import { ActionIcon, Box, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useState } from 'react';
import { CONDITION_LABELS, CONDITIONS, type Condition } from '../../../shared/inspections.ts';
import { BODY_KIND_LABEL, ZOOM, type BodyKind, type VehicleComponent } from '../../../shared/vehicles.ts';
import { stepZoom } from '../../../shared/vehicle-catalog.ts';
import { BodyDrawing } from './BodyDrawing.tsx';
import { swatch } from './swatches.ts';

/** Hotspots grow with the drawing (percent of its width) within these bounds, so they never crowd on a phone. */
const HOTSPOT_SIZE = 'clamp(20px, 6.5%, 30px)';
const HOTSPOT_MAX_PX = 30;

/**
 * A condition's fill and number colour. Palette shades are the same in both colour schemes, so one
 * pair each keeps 4.5:1: yellow is too light for white, and green 6 too (as the legend's green).
 */
export const CONDITION_SWATCHES: Readonly<Record<Condition, { fill: string; text: string }>> = {
  good: { fill: 'var(--mantine-color-green-6)', text: '#111111' },
  attention: { fill: 'var(--mantine-color-yellow-5)', text: '#111111' },
  urgent: { fill: 'var(--mantine-color-red-9)', text: '#ffffff' },
};

/** Inspected components take a rounded square, so their colour never reads as a legend colour. */
export const CONDITION_RADIUS = '28%';

/** componentId → the status an inspection gave the component (its latest, or one report's own). */
export type ComponentConditions = ReadonlyMap<string, Condition>;

export interface VehicleDiagramProps {
  kind: BodyKind;
  vehicleName: string;
  components: readonly VehicleComponent[];
  selectedId: string | null;
  onSelect: (component: VehicleComponent) => void;
  /** Components with a status are drawn in its colour; the others keep their legend colour. */
  conditions?: ComponentConditions;
}

/** The drawing with numbered hotspots at the components' percentage positions, and zoom controls. */
export function VehicleDiagram({ kind, vehicleName, components, selectedId, onSelect, conditions }: VehicleDiagramProps) {
  const [zoom, setZoom] = useState<number>(ZOOM.start);
  const names = new Set(components.map((c) => c.name));

  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">
          {BODY_KIND_LABEL[kind]} diagram
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" aria-live="polite" miw={40} ta="right">
            {Math.round(zoom * 100)}%
          </Text>
          <Tooltip label="Zoom out">
            <ActionIcon variant="default" aria-label="Zoom out" disabled={zoom <= ZOOM.min} onClick={() => setZoom((z) => stepZoom(z, -1))}>
              <IconZoomOut size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Reset zoom">
            <ActionIcon variant="default" aria-label="Reset zoom" disabled={zoom === ZOOM.start} onClick={() => setZoom(ZOOM.start)}>
              <IconZoomReset size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Zoom in">
            <ActionIcon variant="default" aria-label="Zoom in" disabled={zoom >= ZOOM.max} onClick={() => setZoom((z) => stepZoom(z, 1))}>
              <IconZoomIn size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {/* Zoom widens the drawing rather than transforming it, so a zoomed view scrolls. */}
      <Box
        style={{
          overflow: 'auto',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-body)',
          border: '1px solid var(--mantine-color-default-border)',
          // Room for the hotspots at the drawing's edges.
          padding: HOTSPOT_MAX_PX / 2,
        }}
        data-testid="vehicle-diagram"
        data-zoom={zoom}
      >
        <Box pos="relative" mx="auto" style={{ width: `${zoom * 100}%`, aspectRatio: '2 / 1' }}>
          <Box pos="relative" w="100%" h="100%">
            <BodyDrawing
              kind={kind}
              exhaust={names.has('Exhaust')}
              floorBattery={names.has('Drive Motor')}
              label={`Side view of the ${vehicleName} (${BODY_KIND_LABEL[kind]})`}
            />
            {components.map((component, index) => {
              const condition = conditions?.get(component.id);
              const colors = condition ? CONDITION_SWATCHES[condition] : swatch(component.diagramPosition.color);
              const selected = component.id === selectedId;
              const label = condition ? `${component.name}: ${CONDITION_LABELS[condition]}` : component.name;
              return (
                <UnstyledButton
                  key={component.id}
                  aria-label={`${index + 1}. ${label}`}
                  aria-pressed={selected}
                  title={label}
                  data-condition={condition}
                  onClick={() => onSelect(component)}
                  style={{
                    position: 'absolute',
                    left: `${component.diagramPosition.x}%`,
                    top: `${component.diagramPosition.y}%`,
                    width: HOTSPOT_SIZE,
                    aspectRatio: '1 / 1',
                    transform: `translate(-50%, -50%) scale(${selected ? 1.2 : 1})`,
                    borderRadius: condition ? CONDITION_RADIUS : '50%',
                    background: colors.fill,
                    color: colors.text,
                    border: '2px solid var(--mantine-color-body)',
                    boxShadow: selected
                      ? `0 0 0 3px ${colors.fill}, var(--mantine-shadow-md)`
                      : 'var(--mantine-shadow-sm)',
                    fontWeight: 700,
                    fontSize: 12,
                    lineHeight: 1,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    transition: 'transform 120ms ease',
                  }}
                >
                  {index + 1}
                </UnstyledButton>
              );
            })}
          </Box>
        </Box>
      </Box>
    </Card>
  );
}

/**
 * The colour legend of the components the vehicle has; an electric car shows its drive motor
 * (docs/vehicles.md#what-a-vehicle-shows). With inspected components, their entries take the
 * condition's colour and a key says what each condition colour means.
 */
export function ComponentLegend({ components, conditions }: { components: readonly VehicleComponent[]; conditions?: ComponentConditions }) {
  const inspected = components.some((component) => conditions?.has(component.id));
  return (
    <Stack gap={6}>
      <Group gap="md" component="ul" aria-label="Diagram legend" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {components.map((component) => {
          const condition = conditions?.get(component.id);
          return (
            <Group key={component.id} gap={6} component="li" wrap="nowrap">
              <LegendMark fill={condition ? CONDITION_SWATCHES[condition].fill : swatch(component.diagramPosition.color).fill} square={condition !== undefined} />
              <Text size="sm">{condition ? `${component.name}: ${CONDITION_LABELS[condition]}` : component.name}</Text>
            </Group>
          );
        })}
      </Group>
      {inspected ? (
        <Group gap="xs" component="ul" aria-label="Inspection condition key" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          <Text size="xs" c="dimmed" component="li">
            Condition:
          </Text>
          {CONDITIONS.map((condition) => (
            <Group key={condition} gap={6} component="li" wrap="nowrap">
              <LegendMark fill={CONDITION_SWATCHES[condition].fill} square />
              <Text size="xs">{CONDITION_LABELS[condition]}</Text>
            </Group>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

function LegendMark({ fill, square }: { fill: string; square: boolean }) {
  return <Box aria-hidden w={12} h={12} style={{ borderRadius: square ? CONDITION_RADIUS : '50%', background: fill, flexShrink: 0 }} />;
}
