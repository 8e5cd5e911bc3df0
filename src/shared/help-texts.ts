import helpTexts from '../../seeds/knowledge/help-texts.json' with { type: 'json' };
import type { HelpTexts } from './knowledge.ts';

/**
 * What 'Need Help?' says on each page and role, read by the assistant and by the tips search. The
 * type makes a page context or role missing from the file a compile error.
 */
export const HELP_TEXTS: HelpTexts = helpTexts;
