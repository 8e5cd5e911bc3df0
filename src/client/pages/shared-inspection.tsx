import { Alert, Container, Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { shareTokenSchema } from '../../shared/inspections.ts';
import { Brand } from '../components/shell/Brand.tsx';
import { sharedPdfPath, sharedPhotoUrl } from '../components/inspections/helpers.ts';
import { InspectionReport } from '../components/inspections/InspectionReport.tsx';
import { PrintToolbar } from '../components/PrintToolbar.tsx';
import { appName } from '../lib/app-name.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';

const PREFIX = '/shared/inspections/';
const NOT_VALID = 'This inspection link is not valid: it may have been replaced or turned off';

/**
 * The report behind a public link, for anyone holding it: no account, no shell, the same page
 * whether or not the visitor is signed in.
 */
export default function SharedInspectionPage() {
  const token = decodeURIComponent(window.location.pathname.slice(PREFIX.length).replace(/\/+$/, ''));
  const valid = shareTokenSchema.safeParse(token).success;
  const report = trpc.inspections.shared.useQuery({ token }, { enabled: valid });
  useEffect(() => {
    document.title = `Inspection Report · ${appName}`;
  }, []);
  return (
    <Container size="md" py="md" component="main">
      <Stack gap="lg" className="print-page">
        <div data-no-print>
          <Brand subtitle="Inspection report" />
        </div>
        {!valid || report.isError ? (
          <Alert color="red" title="This link does not open a report" role="alert">
            {valid ? errorMessage(report.error, NOT_VALID) : NOT_VALID}
          </Alert>
        ) : report.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading the report">
            <Skeleton h={40} w="70%" />
            <Skeleton h={80} />
            <Skeleton h={300} />
          </Stack>
        ) : (
          <>
            <PrintToolbar download={{ href: sharedPdfPath(token), label: 'Download PDF' }} ready />
            <InspectionReport inspection={report.data} photoUrl={sharedPhotoUrl(token)} />
          </>
        )}
      </Stack>
    </Container>
  );
}
