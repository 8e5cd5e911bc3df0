import { todayIn } from '../../../shared/dates.ts';
import { dueSummary } from '../../../shared/due.ts';
import type { Database } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { dueList } from '../../lib/due-list.ts';
import type { IcsEvent } from '../../lib/ics.ts';
import { activeReminders } from '../../lib/reminders-due.ts';
import { feedOwner, ownAppointments } from './repository.ts';

/** What one feed may hold: a garage's due items and reminders, and the owner's appointments. */
export const FEED_LIMITS = { dueItems: 800, appointments: 200 } as const;

export const feedNotFound = () => domainError('NOT_FOUND', 'Unknown calendar feed');

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * The events of a feed token's owner: every due item with a due day (computed and custom) as an
 * all-day event on that day, and their appointments as timed events. UIDs are stable per item, so
 * a calendar moves an event when its due day moves.
 */
export async function feedEvents(db: Database, token: string, timeZone: string, now: Date): Promise<IcsEvent[]> {
  const userId = await feedOwner(db, token);
  if (!userId) throw feedNotFound();
  const today = todayIn(timeZone, now);
  const [due, reminders, appointments] = [
    await dueList(db, userId, timeZone),
    await activeReminders(db, { userId }, today),
    await ownAppointments(db, userId, now, FEED_LIMITS.appointments),
  ];
  const events: IcsEvent[] = [];
  for (const item of due) {
    if (!item.dueDate) continue;
    events.push({
      uid: `due-${item.garageVehicleId}-${item.componentId}-${slug(item.service)}@vintech`,
      summary: `${item.service}: ${item.nickname}`,
      description: `${item.componentName} · ${item.intervalText}\n${dueSummary(item)}`,
      date: item.dueDate,
    });
  }
  const nicknames = new Map(due.map((item) => [item.garageVehicleId, item.nickname]));
  for (const reminder of reminders) {
    if (!reminder.dueDate) continue;
    const nickname = nicknames.get(reminder.garageVehicleId);
    events.push({
      uid: `reminder-${reminder.id}@vintech`,
      summary: nickname ? `${reminder.title}: ${nickname}` : reminder.title,
      description: [reminder.notes, dueSummary(reminder)].filter(Boolean).join('\n'),
      date: reminder.dueDate,
    });
  }
  events.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  events.splice(FEED_LIMITS.dueItems);
  for (const appointment of appointments) {
    events.push({
      uid: `appointment-${appointment.id}@vintech`,
      summary: appointment.shopName ? `${appointment.serviceType} at ${appointment.shopName}` : appointment.serviceType,
      description: appointment.description ?? undefined,
      start: appointment.start,
      end: new Date(appointment.start.getTime() + appointment.duration * 60_000),
      status: appointment.status === 'scheduled' ? 'TENTATIVE' : 'CONFIRMED',
    });
  }
  return events;
}
