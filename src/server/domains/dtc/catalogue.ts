import type { z } from 'zod';
import templatesFile from '../../../../seeds/dtc/templates.json' with { type: 'json' };
import powertrainFamilies from '../../../../seeds/dtc/powertrain-families.json' with { type: 'json' };
import otherFamilies from '../../../../seeds/dtc/network-chassis-body-families.json' with { type: 'json' };
import codesFile from '../../../../seeds/dtc/codes.json' with { type: 'json' };
import {
  componentFitsCode,
  dtcEntrySchema,
  dtcFamiliesSchema,
  dtcSeedEntriesSchema,
  dtcTemplatesSchema,
  type DtcEntry,
  type DtcFamily,
  type DtcTemplate,
} from '../../../shared/dtc.ts';
import { dtcStructure } from '../../../shared/obd/codes.ts';

/**
 * The trouble-code catalogue from its seed files (seeds/dtc/, docs/obd.md#the-catalogue): a family's
 * template is expanded once per member, every entry is validated, and a bad file fails loudly with
 * its name, the code and the problem.
 */

export class CatalogueError extends Error {}

export interface CatalogueSources {
  templates: unknown;
  families: Record<string, unknown>;
  entries: Record<string, unknown>;
}

export const SEED_SOURCES: CatalogueSources = {
  templates: templatesFile,
  families: { 'seeds/dtc/powertrain-families.json': powertrainFamilies, 'seeds/dtc/network-chassis-body-families.json': otherFamilies },
  entries: { 'seeds/dtc/codes.json': codesFile },
};

function parse<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new CatalogueError(`${file}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`);
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** Fills {name} from vars; {Name} falls back to {name} with a capital first letter. */
export function fill(template: string, vars: Readonly<Record<string, string>>, where: string): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = vars[name];
    if (value !== undefined) return value;
    const lower = name[0]!.toLowerCase() + name.slice(1);
    const fallback = lower !== name ? vars[lower] : undefined;
    if (fallback !== undefined) return fallback[0]!.toUpperCase() + fallback.slice(1);
    throw new CatalogueError(`${where}: no value for {${name}}`);
  });
}

function expandFamily(family: DtcFamily, templates: Record<string, DtcTemplate>, file: string): DtcEntry[] {
  return Object.entries(family.members).map(([code, member]) => {
    const where = `${file}: ${family.family}: ${code}`;
    const spec = typeof member === 'string' ? { template: member } : member;
    const name = spec.template ?? family.template;
    if (!name) throw new CatalogueError(`${where}: no template`);
    const template = templates[name];
    if (!template) throw new CatalogueError(`${where}: unknown template "${name}"`);
    const vars = { ...family.vars, ...spec.vars, code };
    const structure = dtcStructure(code);
    const component =
      'component' in spec && spec.component !== undefined
        ? spec.component
        : family.component !== undefined
          ? family.component
          : template.component !== undefined
            ? template.component
            : (structure?.component ?? null);
    return {
      code,
      title: fill(template.title, vars, where),
      plain: fill(template.plain, vars, where),
      technical: fill(template.technical, vars, where),
      severity: ('severity' in spec ? spec.severity : undefined) ?? family.severity ?? template.severity,
      safeToDrive: fill(('safeToDrive' in spec ? spec.safeToDrive : undefined) ?? family.safeToDrive ?? template.safeToDrive, vars, where),
      causes: template.causes.map((cause) => fill(cause, vars, where)),
      component,
    };
  });
}

/** Every entry of the catalogue, sorted by code; throws CatalogueError on the first problem. */
export function loadCatalogue(sources: CatalogueSources = SEED_SOURCES): DtcEntry[] {
  const templates = parse(dtcTemplatesSchema, sources.templates, 'seeds/dtc/templates.json');
  const entries: DtcEntry[] = [];
  for (const [file, value] of Object.entries(sources.families)) {
    for (const family of parse(dtcFamiliesSchema, value, file)) entries.push(...expandFamily(family, templates, file));
  }
  for (const [file, value] of Object.entries(sources.entries)) {
    for (const entry of parse(dtcSeedEntriesSchema, value, file)) {
      entries.push({ ...entry, component: entry.component !== undefined ? entry.component : (dtcStructure(entry.code)?.component ?? null) });
    }
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    const checked = parse(dtcEntrySchema, entry, `catalogue entry ${entry.code}`);
    if (seen.has(checked.code)) throw new CatalogueError(`${checked.code}: listed twice`);
    seen.add(checked.code);
    if (!componentFitsCode(checked.code, checked.component)) {
      throw new CatalogueError(`${checked.code}: component ${String(checked.component)} does not fit the code's system`);
    }
  }
  return entries.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
