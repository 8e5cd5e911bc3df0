import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { createInquirySchema, INQUIRY_TYPE_LABELS, INQUIRY_TYPES, type CustomerInquiry, type InquiryType } from '../../../shared/inquiries.ts';
import { isDtc, normaliseDtc } from '../../../shared/obd/codes.ts';
import type { ServiceAppointment } from '../../../shared/appointments.ts';
import type { ServiceCenter } from '../../../shared/service-centers.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { useListSearch } from '../shop/ShopList.tsx';
import { EmptyState } from '../shop/parts.tsx';
import { GarageVehicleSelect } from './GarageVehicleSelect.tsx';
import { RequestSlotForm } from './RequestSlotForm.tsx';

/**
 * "Find a shop": the public directory of active centers, searched on the server by name, city or
 * state; the service filter narrows the shops found (docs/inquiries.md#my-requests).
 */
export function FindShop({
  code = null,
  onSent,
  onRequested,
}: {
  /** A trouble code the owner asks about (from "Check engine light?"): the request names it. */
  code?: string | null;
  onSent: (inquiry: CustomerInquiry) => void;
  onRequested: (appointment: ServiceAppointment) => void;
}) {
  const { search, setSearch, query } = useListSearch();
  const [service, setService] = useState('');
  const [contacting, setContacting] = useState<ServiceCenter | null>(null);
  const [booking, setBooking] = useState<ServiceCenter | null>(null);
  const centers = trpc.serviceCenters.list.useInfiniteQuery(
    { search: query || undefined, limit: 24 },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const wanted = service.trim().toLowerCase();
  const shops = useMemo(
    () =>
      (centers.data?.pages.flatMap((p) => p.items) ?? []).filter(
        (c) => c.isActive && (!wanted || c.services.some((s) => s.toLowerCase().includes(wanted))),
      ),
    [centers.data, wanted],
  );

  if (contacting) {
    return <ContactShopForm shop={contacting} code={code} onCancel={() => setContacting(null)} onSent={onSent} />;
  }
  if (booking) {
    return <RequestSlotForm shop={booking} onCancel={() => setBooking(null)} onRequested={onRequested} />;
  }
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search shops"
          placeholder="Shop name, city or state"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 2, minWidth: 200 }}
        />
        <TextInput
          aria-label="Service"
          placeholder="Service, e.g. brakes"
          value={service}
          onChange={(e) => setService(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 160 }}
        />
      </Group>
      {centers.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={130} />
          <Skeleton h={130} />
        </SimpleGrid>
      ) : centers.isError ? (
        <Alert color="red">Shops could not be loaded</Alert>
      ) : shops.length === 0 ? (
        <EmptyState title="No shops found" hint="Try another name, city, state or service" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {shops.map((shop) => (
            <Card key={shop.id} withBorder padding="md" component="article" aria-label={shop.name}>
              <Stack gap={6}>
                <Text fw={600}>{shop.name}</Text>
                <Group gap={4} c="dimmed" wrap="nowrap">
                  <IconMapPin size={14} aria-hidden />
                  <Text size="sm">
                    {shop.address}, {shop.city}, {shop.state}
                  </Text>
                </Group>
                {shop.services.length ? (
                  <Group gap={4}>
                    {shop.services.slice(0, 5).map((s) => (
                      <Badge key={s} variant="light" color="gray" size="sm">
                        {s}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
                <Group justify="flex-end" gap="xs">
                  <Button size="xs" variant="default" onClick={() => setBooking(shop)}>
                    Request an appointment
                  </Button>
                  <Button size="xs" onClick={() => setContacting(shop)}>
                    Contact this shop
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {centers.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={centers.isFetchingNextPage} onClick={() => void centers.fetchNextPage()}>
            More shops
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

type ContactValues = { garageVehicleId: string | null; inquiryType: InquiryType; subject: string; description: string };

/** "Contact this shop": one of my garage vehicles, the type, a subject and a description. */
function ContactShopForm({ shop, code, onCancel, onSent }: { shop: ServiceCenter; code: string | null; onCancel: () => void; onSent: (inquiry: CustomerInquiry) => void }) {
  const utils = trpc.useUtils();
  const validCode = code !== null && isDtc(normaliseDtc(code)) ? normaliseDtc(code) : null;
  const lookup = trpc.dtc.lookup.useQuery({ code: validCode ?? '' }, { enabled: validCode !== null, retry: false, staleTime: Infinity });
  const form = useForm<ContactValues>({
    initialValues: { garageVehicleId: null, inquiryType: 'service', subject: validCode ? `Check-engine light: ${validCode}` : '', description: '' },
    // The shared schema, with the shop this form writes to.
    validate: (values) => zodFormValidator<ContactValues & { serviceCenterId: string }>(createInquirySchema)({ ...values, serviceCenterId: shop.id }),
  });
  const described = lookup.data;
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    if (described && getValues().description === '') {
      setFieldValue('description', `My car shows trouble code ${described.code} (${described.title}). Could you check it and tell me what it needs?`);
    }
  }, [described, getValues, setFieldValue]);
  const create = trpc.inquiries.create.useMutation({
    onSuccess: (inquiry) => {
      notifySuccess('Request sent', `${shop.name} has your request`);
      void utils.inquiries.invalidate();
      onSent(inquiry);
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'The request could not be sent'));
    },
  });
  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          create.mutate({ ...values, serviceCenterId: shop.id, garageVehicleId: values.garageVehicleId || undefined }),
        )}
      >
        <Stack gap="sm">
          <Text fw={600} size="lg">
            Contact {shop.name}
          </Text>
          <Text size="sm" c="dimmed">
            {shop.city}, {shop.state}. The shop answers here, under My Requests.
          </Text>
          <GarageVehicleSelect {...form.getInputProps('garageVehicleId')} />
          <Select
            label="Type"
            allowDeselect={false}
            data={INQUIRY_TYPES.map((value) => ({ value, label: INQUIRY_TYPE_LABELS[value] }))}
            {...form.getInputProps('inquiryType')}
          />
          <TextInput label="Subject" withAsterisk placeholder="e.g. Brakes squeal when stopping" {...form.getInputProps('subject')} />
          <Textarea label="Description" withAsterisk autosize minRows={4} maxRows={10} placeholder="What do you notice, since when?" {...form.getInputProps('description')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Back to shops
            </Button>
            <Button type="submit" loading={create.isPending}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
