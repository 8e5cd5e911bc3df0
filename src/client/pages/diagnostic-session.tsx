import { Alert, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'wouter';
import { sessionIdSchema } from '../../shared/diagnostics.ts';
import { SessionNotes } from '../components/diagnostics/SessionNotes.tsx';
import { SessionReport } from '../components/diagnostics/SessionReport.tsx';
import { sessionCsvPath } from '../components/diagnostics/SessionReports.tsx';
import { PrintToolbar } from '../components/PrintToolbar.tsx';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

/** A stored diagnostic session laid out for paper: the shell and the buttons are not printed. */
export default function DiagnosticSessionPage() {
  const { id } = useParams<{ id: string }>();
  const { role } = useSession();
  const valid = sessionIdSchema.safeParse(id).success;
  const session = trpc.diagnostics.get.useQuery({ id }, { enabled: valid, retry: false });
  // Diagnostic Tools is a Tech Mode page; owners come from their garage.
  const back = role === 'tech' ? { href: '/diagnostics', label: 'Back to Diagnostic Tools' } : { href: '/garage', label: 'Back to My Garage' };
  return (
    <Stack gap="lg" className="print-page">
      <PrintToolbar back={back} download={{ href: sessionCsvPath(id), label: 'Download CSV' }} ready={Boolean(session.data)} />
      {!valid || session.error?.data?.code === 'NOT_FOUND' ? (
        <Alert color="yellow" title="Diagnostic session not found">
          It may belong to another shop or vehicle, or the link is incomplete.
        </Alert>
      ) : session.isError ? (
        <Alert color="red" title="The session could not be loaded">
          {errorMessage(session.error, 'Please try again.')}
        </Alert>
      ) : session.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the session">
          <Skeleton h={40} w="70%" />
          <Skeleton h={80} />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <>
          {session.data.canEdit ? <SessionNotes session={session.data} /> : null}
          <SessionReport session={session.data} />
        </>
      )}
    </Stack>
  );
}
