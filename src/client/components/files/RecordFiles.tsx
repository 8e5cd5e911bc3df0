import { ActionIcon, Alert, Anchor, Button, Card, FileButton, Group, Image, Modal, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ACCEPTED_FILES_TEXT, FILE_LIMITS, FILE_TYPES, formatBytes, isImage, type Attachment } from '../../../shared/files.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { uploadFile } from '../../lib/upload.ts';

interface Uploading {
  name: string;
  fraction: number;
}

/** A service record's receipts and photos: attach with progress, thumbnails, open, remove (docs/files.md#screens). */
export function RecordFiles({ recordId, canChange = true }: { recordId: string; canChange?: boolean }) {
  const utils = trpc.useUtils();
  const files = trpc.files.attachments.useQuery({ recordId });
  const attach = trpc.files.attach.useMutation();
  const removeFile = trpc.files.remove.useMutation();
  const detach = trpc.files.detach.useMutation({
    onSuccess: () => {
      notifySuccess('Removed', 'The file was taken off the record');
      void utils.files.attachments.invalidate({ recordId });
    },
    onError: (error) => notifyError('Could not remove the file', errorMessage(error, 'Please try again')),
  });
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Attachment | null>(null);

  async function send(file: File | null) {
    if (!file) return;
    setProblem(null);
    if (file.size > FILE_LIMITS.maxBytes) {
      setProblem(`${file.name} is ${formatBytes(file.size)}: a file may be at most ${formatBytes(FILE_LIMITS.maxBytes)}`);
      return;
    }
    setUploading({ name: file.name, fraction: 0 });
    try {
      const stored = await uploadFile(file, (fraction) => setUploading({ name: file.name, fraction })).promise;
      try {
        await attach.mutateAsync({ recordId, fileId: stored.id });
      } catch (error) {
        // Not attached: the upload would only take room in the quota.
        await removeFile.mutateAsync({ id: stored.id }).catch(() => undefined);
        throw error;
      }
      await utils.files.attachments.invalidate({ recordId });
      notifySuccess('Attached', stored.name);
    } catch (error) {
      setProblem(errorMessage(error, 'Please try again'));
    } finally {
      setUploading(null);
    }
  }

  const items = files.data ?? [];
  const full = items.length >= FILE_LIMITS.perRecord;
  return (
    <Stack gap="sm">
      {canChange ? (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <FileButton onChange={(file) => void send(file)} accept={FILE_TYPES.join(',')} disabled={uploading !== null || full}>
            {(props) => (
              <Button {...props} leftSection={<IconPaperclip size={16} />} variant="light" loading={uploading !== null}>
                Attach receipt or photo
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {ACCEPTED_FILES_TEXT}, up to {formatBytes(FILE_LIMITS.maxBytes)} each
          </Text>
        </Group>
      ) : null}
      {uploading ? (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            Uploading {uploading.name}… {Math.round(uploading.fraction * 100)}%
          </Text>
          <Progress value={uploading.fraction * 100} aria-label={`Upload of ${uploading.name}`} animated />
        </Stack>
      ) : null}
      {problem ? (
        <Alert color="red" title="Not attached" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      {files.isPending ? (
        <SimpleGrid cols={{ base: 2, xs: 3 }}>
          <Skeleton h={120} />
          <Skeleton h={120} />
        </SimpleGrid>
      ) : files.isError ? (
        <Alert color="red" title="Files could not be loaded">
          {errorMessage(files.error, 'Please try again')}
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No receipts or photos on this record yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" aria-label="Attached files">
          {items.map((file) => (
            <Card key={file.id} withBorder padding={6} radius="md">
              <Card.Section>
                {isImage(file.contentType) ? (
                  <button type="button" onClick={() => setViewing(file)} aria-label={`Open ${file.name}`} style={{ display: 'block', width: '100%', padding: 0, border: 0, background: 'none', cursor: 'zoom-in' }}>
                    <Image src={`/api/files/${file.id}/thumbnail`} alt={file.name} h={110} fit="cover" />
                  </button>
                ) : (
                  <Anchor href={`/api/files/${file.id}`} download={file.name} aria-label={`Download ${file.name}`} style={{ display: 'flex', height: 110, alignItems: 'center', justifyContent: 'center' }}>
                    <ThemeIcon variant="light" color="red" size={56} radius="md" aria-hidden>
                      <IconFileTypePdf size={32} />
                    </ThemeIcon>
                  </Anchor>
                )}
              </Card.Section>
              <Group justify="space-between" wrap="nowrap" gap={4} mt={6}>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="xs" fw={500} truncate="end" title={file.name}>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(file.size)}
                  </Text>
                </Stack>
                {canChange ? (
                  <Tooltip label="Remove">
                    <ActionIcon variant="subtle" color="red" size="sm" loading={detach.isPending && detach.variables?.fileId === file.id} onClick={() => detach.mutate({ recordId, fileId: file.id })} aria-label={`Remove ${file.name}`}>
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name} size="xl" centered>
        {viewing ? (
          <Stack gap="sm">
            <Image src={`/api/files/${viewing.id}`} alt={viewing.name} fit="contain" mah="70vh" />
            <Group justify="flex-end">
              <Button component="a" href={`/api/files/${viewing.id}?download`} download={viewing.name} variant="default" leftSection={<IconDownload size={16} />}>
                Download
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
