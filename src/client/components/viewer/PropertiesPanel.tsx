import { Button, Group, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { MODEL_FORMAT_LABELS, MODEL_FORMATS } from '../../../shared/scans.ts';
import { countText, dateText, sizeText } from './figures.ts';
import type { ViewerModel } from './viewer-model.ts';

/** Properties of the model on show: where it comes from, when, how big, and its files. */
export function PropertiesPanel({ model }: { model: ViewerModel }) {
  const { scan, shape, measures } = model;
  const rows: [string, string][] = [
    ['Source', scan ? `Photo scan${scan.scanData ? ` (${scan.scanData.photosPlaced} of ${scan.scanData.photosTaken} photos placed)` : ''}` : 'Reference model drawn by VinTech to typical dimensions'],
    ['Date', scan ? dateText(scan.scanTimestamp ?? scan.createdAt) : '—'],
    ['Points', countText(shape.points.length / 3)],
    ['Faces', shape.surface ? countText(shape.surface.triangles.length / 3) : 'No surface'],
    ['Dimensions', sizeText(measures.box.size, shape.mmPerUnit)],
    ['Scale', scaleText(model)],
  ];
  if (scan?.scanData) rows.push(['Reprojection error', `${scan.scanData.reprojectionErrorPx.toFixed(2)} px`]);
  return (
    <Table variant="vertical" layout="fixed" withRowBorders>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="38%">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
        {scan ? (
          <Table.Tr>
            <Table.Th>Files</Table.Th>
            <Table.Td>
              <Group gap={6} wrap="wrap">
                {MODEL_FORMATS.filter((format) => format === 'ply' || scan.faceCount > 0).map((format) => (
                  <Button key={format} component="a" href={scan.downloads[format]} download size="compact-xs" variant="default" leftSection={<IconDownload size={14} />}>
                    {MODEL_FORMAT_LABELS[format]}
                  </Button>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );
}

function scaleText({ scan, shape }: ViewerModel): string {
  if (!scan) return 'Millimetres (drawn to size)';
  if (shape.mmPerUnit === null) return 'Not set: measure a known length to set it';
  return `1 unit = ${shape.mmPerUnit.toLocaleString('en-US', { maximumSignificantDigits: 4 })} mm (from a known length)`;
}
