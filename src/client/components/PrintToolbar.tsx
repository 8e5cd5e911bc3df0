import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link } from 'wouter';

interface LinkTo {
  href: string;
  label: string;
}

/**
 * The buttons above a page laid out for paper: the way back, a download of the same document when
 * there is one, and Print. None of it is printed; the download and Print wait until the document is
 * `ready`.
 */
export function PrintToolbar({ back, download, ready }: { back?: LinkTo; download?: LinkTo; ready: boolean }) {
  return (
    <Group justify="space-between" gap="xs" data-no-print>
      {back ? (
        <Button component={Link} href={back.href} variant="subtle" leftSection={<IconArrowLeft size={16} />} px="xs">
          {back.label}
        </Button>
      ) : (
        <span />
      )}
      <Group gap="xs">
        {download ? (
          <Button component="a" href={download.href} download variant="default" leftSection={<IconDownload size={16} />} disabled={!ready}>
            {download.label}
          </Button>
        ) : null}
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!ready}>
          Print
        </Button>
      </Group>
    </Group>
  );
}
