import { dtcLookupInputSchema, dtcSearchInputSchema } from '../../../shared/dtc.ts';
import { publicProcedure, router } from '../../trpc.ts';
import { lookupDtc, searchDtc } from './service.ts';

/** Trouble codes: open to anonymous callers, like the VIN decoder (docs/obd.md#lookup-and-search). */
export const dtcRouter = router({
  lookup: publicProcedure.input(dtcLookupInputSchema).query(({ input }) => lookupDtc(input.code)),
  search: publicProcedure.input(dtcSearchInputSchema).query(({ input }) => searchDtc(input)),
});
