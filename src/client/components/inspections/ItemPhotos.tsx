import { ActionIcon, Alert, Button, FileButton, Group, Image, Modal, Progress, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { INSPECTION_LIMITS, type Inspection, type InspectionItem, type InspectionPhoto } from '../../../shared/inspections.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { uploadFile } from '../../lib/upload.ts';
import type { PhotoUrl } from './helpers.ts';

const THUMB = 72;

/** A lightbox over one photo, full size. */
export function PhotoLightbox({ photo, photoUrl, onClose }: { photo: InspectionPhoto | null; photoUrl: PhotoUrl; onClose: () => void }) {
  return (
    <Modal opened={photo !== null} onClose={onClose} title={photo?.name} size="xl" centered>
      {photo ? <Image src={photoUrl(photo.id, false)} alt={photo.name} fit="contain" mah="75vh" radius="sm" /> : null}
    </Modal>
  );
}

export function PhotoThumbs({ item, photoUrl, onOpen, onRemove, removing }: {
  item: InspectionItem;
  photoUrl: PhotoUrl;
  onOpen: (photo: InspectionPhoto) => void;
  onRemove?: (photo: InspectionPhoto) => void;
  removing?: string | null;
}) {
  if (item.photos.length === 0) return null;
  return (
    <Group gap="xs" aria-label={`Photos of ${item.name}`} role="list">
      {item.photos.map((photo) => (
        <Stack key={photo.id} gap={2} align="center" role="listitem">
          <UnstyledButton onClick={() => onOpen(photo)} aria-label={`Open photo ${photo.name}`} style={{ cursor: 'zoom-in', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
            <Image src={photoUrl(photo.id, photo.hasThumbnail)} alt="" w={THUMB} h={THUMB} fit="cover" />
          </UnstyledButton>
          {onRemove ? (
            <Tooltip label="Remove photo">
              <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove photo ${photo.name}`} loading={removing === photo.id} onClick={() => onRemove(photo)}>
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Stack>
      ))}
    </Group>
  );
}

/**
 * An item's photos: the camera opens on phones (capture), the upload then joins the item; a photo
 * taken off stays among the user's uploads.
 */
export function ItemPhotos({ inspectionId, item, photoUrl, onSaved }: { inspectionId: string; item: InspectionItem; photoUrl: PhotoUrl; onSaved: (inspection: Inspection) => void }) {
  const utils = trpc.useUtils();
  const attach = trpc.inspections.attachPhoto.useMutation();
  const removeFile = trpc.files.remove.useMutation();
  const detach = trpc.inspections.detachPhoto.useMutation({
    onSuccess: onSaved,
    onError: (error) => setProblem(errorMessage(error, 'The photo could not be removed')),
  });
  const [uploading, setUploading] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<InspectionPhoto | null>(null);
  const full = item.photos.length >= INSPECTION_LIMITS.photosPerItem;

  async function add(file: File | null) {
    if (!file) return;
    setProblem(null);
    setUploading(0);
    try {
      const stored = await uploadFile(file, setUploading).promise;
      try {
        onSaved(await attach.mutateAsync({ id: inspectionId, itemId: item.id, fileId: stored.id }));
      } catch (error) {
        // Not attached: the upload would only take room in the quota.
        await removeFile.mutateAsync({ id: stored.id }).catch(() => undefined);
        throw error;
      }
      void utils.files.myPhotos.invalidate();
      void utils.files.photos.invalidate();
    } catch (error) {
      setProblem(errorMessage(error, 'The photo could not be added'));
    } finally {
      setUploading(null);
    }
  }

  return (
    <Stack gap="xs">
      <PhotoThumbs
        item={item}
        photoUrl={photoUrl}
        onOpen={setOpen}
        onRemove={(photo) => detach.mutate({ id: inspectionId, itemId: item.id, fileId: photo.id })}
        removing={detach.isPending ? (detach.variables?.fileId ?? null) : null}
      />
      <Group gap="xs">
        <FileButton onChange={(file) => void add(file)} accept="image/*" capture="environment" disabled={uploading !== null || full}>
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={14} />} loading={uploading !== null} aria-label={`Add photo of ${item.name}`}>
              Add photo
            </Button>
          )}
        </FileButton>
        {full ? (
          <Text size="xs" c="dimmed">
            At most {INSPECTION_LIMITS.photosPerItem} photos per item
          </Text>
        ) : null}
      </Group>
      {uploading !== null ? <Progress value={uploading * 100} size="sm" aria-label={`Upload of a photo of ${item.name}`} animated /> : null}
      {problem ? (
        <Alert color="red" p="xs" withCloseButton closeButtonLabel="Dismiss" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      <PhotoLightbox photo={open} photoUrl={photoUrl} onClose={() => setOpen(null)} />
    </Stack>
  );
}
