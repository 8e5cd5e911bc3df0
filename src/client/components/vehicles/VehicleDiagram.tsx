import { ActionIcon, Box, Card, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useState } from 'react';
import { BODY_KIND_LABEL, ZOOM, type BodyKind, type VehicleComponent } from '../../../shared/vehicles.ts';
import { stepZoom } from '../../../shared/vehicle-catalog.ts';
import { BodyDrawing } from './BodyDrawing.tsx';
import { swatch } from './swatches.ts';

/** Hotspots grow with the drawing (percent of its width) within these bounds, so they never crowd on a phone. */
const HOTSPOT_SIZE = 'clamp(20px, 6.5%, 30px)';
const HOTSPOT_MAX_PX = 30;

export interface VehicleDiagramProps {
  kind: BodyKind;
  vehicleName: string;
  components: readonly VehicleComponent[];
  selectedId: string | null;
  onSelect: (component: VehicleComponent) => void;
}

/** The drawing with numbered hotspots at the components' percentage positions, and zoom controls. */
export function VehicleDiagram({ kind, vehicleName, components, selectedId, onSelect }: VehicleDiagramProps) {
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
              const colors = swatch(component.diagramPosition.color);
              const selected = component.id === selectedId;
              return (
                <UnstyledButton
                  key={component.id}
                  aria-label={`${index + 1}. ${component.name}`}
                  aria-pressed={selected}
                  title={component.name}
                  onClick={() => onSelect(component)}
                  style={{
                    position: 'absolute',
                    left: `${component.diagramPosition.x}%`,
                    top: `${component.diagramPosition.y}%`,
                    width: HOTSPOT_SIZE,
                    aspectRatio: '1 / 1',
                    transform: `translate(-50%, -50%) scale(${selected ? 1.2 : 1})`,
                    borderRadius: '50%',
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
 * (docs/vehicles.md#what-a-vehicle-shows).
 */
export function ComponentLegend({ components }: { components: readonly VehicleComponent[] }) {
  return (
    <Group gap="md" component="ul" aria-label="Diagram legend" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {components.map((component) => (
        <Group key={component.id} gap={6} component="li" wrap="nowrap">
          <Box
            aria-hidden
            w={12}
            h={12}
            style={{ borderRadius: '50%', background: swatch(component.diagramPosition.color).fill, flexShrink: 0 }}
          />
          <Text size="sm">{component.name}</Text>
        </Group>
      ))}
    </Group>
  );
}
