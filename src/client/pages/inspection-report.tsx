import { Alert, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'wouter';
import { inspectionIdSchema } from '../../shared/inspections.ts';
import { pdfPath, signedInPhotoUrl } from '../components/inspections/helpers.ts';
import { InspectionReport } from '../components/inspections/InspectionReport.tsx';
import { PrintToolbar } from '../components/PrintToolbar.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

/** An inspection laid out for paper: the shell and the buttons are not printed. */
export default function InspectionReportPage() {
  const { id } = useParams<{ id: string }>();
  const valid = inspectionIdSchema.safeParse(id).success;
  const inspection = trpc.inspections.get.useQuery({ id }, { enabled: valid });
  return (
    <Stack gap="lg" className="print-page">
      <PrintToolbar back={{ href: `/inspections/${id}`, label: 'Back to the inspection' }} download={{ href: pdfPath(id), label: 'Download PDF' }} ready={Boolean(inspection.data)} />
      {!valid || inspection.error?.data?.code === 'NOT_FOUND' ? (
        <Alert color="yellow" title="Inspection not found">
          It may have been removed, or it is not shared with you.
        </Alert>
      ) : inspection.isError ? (
        <Alert color="red" title="The report could not be loaded">
          {errorMessage(inspection.error, 'Please try again.')}
        </Alert>
      ) : inspection.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the report">
          <Skeleton h={40} w="70%" />
          <Skeleton h={80} />
          <Skeleton h={300} />
        </Stack>
      ) : (
        <InspectionReport inspection={inspection.data} photoUrl={signedInPhotoUrl} />
      )}
    </Stack>
  );
}
