import { HELP_TEXTS } from '../../../shared/help-texts.ts';
import {
  MAX_QUERY_LENGTH,
  tagsFromText,
  TIPS_SHOWN,
  type PageContext,
  type Tip,
  type TipsInput,
} from '../../../shared/knowledge.ts';
import type { User } from '../../../shared/auth.ts';
import { dueSummary } from '../../../shared/due.ts';
import { intervalTextIn, type Units } from '../../../shared/units.ts';
import type { Executor } from '../../db/index.ts';
import { dueList } from '../../lib/due-list.ts';
import { tipItems, type TipItem } from './repository.ts';

function toTip(item: TipItem): Tip {
  return { id: item.id, title: item.title, body: item.body, priority: item.priority, tags: item.tags };
}

/**
 * The help text as a search that any of its words may satisfy, best matches ranked first. Searched
 * as a whole it would need every word in one item, which no item has.
 */
export function anyWordQuery(text: string): string {
  const words = [...new Set(text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [])];
  let query = '';
  for (const word of words) {
    const next = query ? `${query} or ${word}` : word;
    if (next.length > MAX_QUERY_LENGTH) break;
    query = next;
  }
  return query;
}

/**
 * Pages where the assistant leads with the user's most urgent maintenance; not home, whose alert
 * box already shows it.
 */
const MAINTENANCE_PAGES: ReadonlySet<PageContext> = new Set(['service-records', 'general']);

/** The most urgent overdue or due service in the user's garage, as a tip. */
async function maintenanceTip(db: Executor, userId: string, units: Pick<Units, 'distanceUnit' | 'locale'>): Promise<Tip | null> {
  const [item] = await dueList(db, userId, 'UTC');
  if (!item || (item.urgency !== 'overdue' && item.urgency !== 'due')) return null;
  return {
    id: `due:${item.garageVehicleId}:${item.componentId}:${item.service}`,
    title: `${item.service} ${item.urgency === 'overdue' ? 'is overdue' : 'is due'} on ${item.nickname}`,
    body: `${item.componentName}: ${dueSummary(item, units)} (${intervalTextIn(item.intervalText, units).toLowerCase()}). Record it in Service Records once it is done.`,
    priority: item.urgency === 'overdue' ? 'high' : 'medium',
    tags: ['service-records', 'maintenance'],
  };
}

// Enough first-reading matches to find the page's own among them.
const CANDIDATES = 10;

/**
 * The first reading (docs/avatars.md#how-tips-are-chosen): the role's audience, the page's help
 * text as q, priority medium and the tags its keywords name. Its matches that belong to the page
 * come first; the page's own items (tagged with its page context, most urgent first) fill up to
 * three; matches from other pages are used only if the page has too few items, so the advice fits
 * the page.
 */
export async function tipsFor(db: Executor, input: TipsInput, user: User | null = null): Promise<Tip[]> {
  const maintenance = user && MAINTENANCE_PAGES.has(input.pageContext) ? await maintenanceTip(db, user.id, user.preferences) : null;
  const helpText = HELP_TEXTS[input.pageContext][input.role];
  const tips = await tipItems(db, {
    audience: input.role,
    q: anyWordQuery(helpText),
    priority: 'medium',
    tags: tagsFromText(helpText),
    page: input.pageContext,
    candidates: CANDIDATES,
    shown: TIPS_SHOWN,
  });
  return [...(maintenance ? [maintenance] : []), ...tips.map(toTip)].slice(0, TIPS_SHOWN);
}
