import { z } from 'zod';

export const NOTIFICATION_PAGE_SIZE = 20;

export const listNotificationsSchema = z
  .object({
    cursor: z.string().max(200, 'Invalid cursor').nullish(),
    direction: z.enum(['forward', 'backward']).optional(),
    limit: z.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  })
  .strict();

/** One notification by id, or every unread one of the caller. */
export const markReadSchema = z.union(
  [
    z.object({ id: z.uuid({ error: 'Invalid notification id' }) }).strict(),
    z.object({ all: z.literal(true, { error: 'all must be true' }) }).strict(),
  ],
  { error: 'Send either { id } or { all: true }' },
);
export type MarkReadInput = z.input<typeof markReadSchema>;

export interface AppNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  /** A path inside the app. */
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
}

export interface NotificationPage {
  items: AppNotification[];
  nextCursor: string | null;
}
