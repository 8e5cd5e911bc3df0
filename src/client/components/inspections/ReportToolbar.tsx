import { Button, Group } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Print and PDF above a report; none of it goes to paper. */
export function ReportToolbar({ back, pdfHref, ready }: { back?: ReactNode; pdfHref: string; ready: boolean }) {
  return (
    <Group justify="space-between" gap="xs" data-no-print>
      {back ?? <span />}
      <Group gap="xs">
        <Button component="a" href={pdfHref} download variant="default" leftSection={<IconDownload size={16} />} disabled={!ready}>
          Download PDF
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!ready}>
          Print
        </Button>
      </Group>
    </Group>
  );
}
