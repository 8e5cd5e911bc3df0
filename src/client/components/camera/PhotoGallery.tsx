import { Button, Card, Center, Group, Image, Loader, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { StoredFile } from '../../../shared/files.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { GalleryFilters, type PhotoFilters } from './GalleryFilters.tsx';
import { VerdictBadge } from './VerdictBadge.tsx';

const dateText = (date: Date) => new Date(date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every photo the person may see, newest first, filtered and paged on the server; a lightbox opens each. */
export function PhotoGallery({ onAnalyse }: { onAnalyse: (file: StoredFile) => void }) {
  const [filters, setFilters] = useState<PhotoFilters>({});
  return (
    <Stack gap="md">
      <GalleryFilters value={filters} onChange={setFilters} />
      <PhotoGrid filters={filters} onAnalyse={onAnalyse} />
    </Stack>
  );
}

function PhotoGrid({ filters, onAnalyse }: { filters: PhotoFilters; onAnalyse: (file: StoredFile) => void }) {
  const photos = trpc.files.photos.useInfiniteQuery({ limit: 24, ...filters }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const filtered = Object.values(filters).some(Boolean);
  const [open, setOpen] = useState<StoredFile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const utils = trpc.useUtils();
  const remove = trpc.files.remove.useMutation({
    onSuccess: () => {
      notifySuccess('Photo deleted');
      setOpen(null);
      setConfirming(false);
      void utils.files.photos.invalidate();
      void utils.files.myPhotos.invalidate();
    },
    onError: (error) => notifyError('Not deleted', errorMessage(error, 'The photo could not be deleted')),
  });

  if (photos.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading photos" />
      </Center>
    );
  }
  if (photos.isError) return <Text c="red">The photos could not be loaded. Check the connection and reload the page.</Text>;
  const items = photos.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <IconPhotoOff size={32} aria-hidden />
        <Text c="dimmed" ta="center">
          {filtered ? 'No photos match these filters.' : 'No photos yet. Take one on the Camera tab or upload one there.'}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {items.map((file) => (
          <Card key={file.id} withBorder padding={0}>
            <UnstyledButton onClick={() => setOpen(file)} aria-label={`Open ${file.name}`}>
              <Image src={`/api/files/${file.id}/thumbnail`} alt={file.name} h={140} fit="cover" />
            </UnstyledButton>
            <Stack gap={4} p="xs">
              <Text size="xs" truncate>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {dateText(file.createdAt)}
              </Text>
              {file.analysis && <VerdictBadge verdict={file.analysis.verdict} />}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {photos.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void photos.fetchNextPage()} loading={photos.isFetchingNextPage}>
            Show more photos
          </Button>
        </Group>
      )}
      <Modal
        opened={open !== null}
        onClose={() => {
          setOpen(null);
          setConfirming(false);
        }} title={open?.name} size="xl" centered>
        {open && (
          <Stack gap="sm">
            <Image src={`/api/files/${open.id}`} alt={open.name} radius="sm" mah="70vh" fit="contain" />
            <Group justify="space-between">
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {dateText(open.createdAt)}
                  {open.width && open.height ? ` · ${open.width} × ${open.height}` : ''}
                </Text>
                {open.analysis && <VerdictBadge verdict={open.analysis.verdict} />}
              </Group>
              <Group gap="xs">
                {open.analysis && (
                  <Button size="xs" variant="light" onClick={() => onAnalyse(open)}>
                    See analysis
                  </Button>
                )}
                {open.mine && (
                  <Button
                    size="xs"
                    color="red"
                    variant={confirming ? 'filled' : 'light'}
                    leftSection={<IconTrash size={14} />}
                    loading={remove.isPending}
                    onClick={() => (confirming ? remove.mutate({ id: open.id }) : setConfirming(true))}
                  >
                    {confirming ? 'Delete from every record' : 'Delete photo'}
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
