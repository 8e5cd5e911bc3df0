import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { componentFitsCode, DTC_FORMAT_MESSAGE, dtcEntrySchema, type DtcEntry } from '../../../shared/dtc.ts';
import { dtcStructure, isDtc } from '../../../shared/obd/codes.ts';
import { CatalogueError, fill, loadCatalogue, SEED_SOURCES } from './catalogue.ts';
import { buildIndex, getDtcIndex, INDEX_BUDGET_BYTES, lookupDtc, searchDtc } from './service.ts';

const catalogue = loadCatalogue();
const codes = (q: string, limit = 50) => searchDtc({ q, limit, offset: 0 }).items.map((hit) => hit.code);

describe('the catalogue (seeds/dtc)', () => {
  it('holds at least 400 codes, each once, sorted, across all four systems', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(400);
    const list = catalogue.map((entry) => entry.code);
    expect(new Set(list).size).toBe(list.length);
    expect(list).toEqual([...list].sort());
    for (const letter of ['P', 'C', 'B', 'U']) expect(list.some((code) => code.startsWith(letter)), letter).toBe(true);
    expect(list.filter((code) => code.startsWith('P2')).length).toBeGreaterThan(30);
  });

  it('has every entry complete, well-formed and coherent with its structure', () => {
    const problems: string[] = [];
    for (const entry of catalogue) {
      const structure = dtcStructure(entry.code);
      if (!isDtc(entry.code) || !structure || structure.code !== entry.code) problems.push(`${entry.code}: not a well-formed code`);
      if (!dtcEntrySchema.safeParse(entry).success) problems.push(`${entry.code}: does not pass the entry schema`);
      if (!componentFitsCode(entry.code, entry.component)) problems.push(`${entry.code}: component ${String(entry.component)}`);
      if (structure && !structure.generic && entry.code[0] !== 'C') problems.push(`${entry.code}: manufacturer-specific`);
      for (const text of [entry.title, entry.plain, entry.technical, entry.safeToDrive, ...entry.causes]) {
        if (/[{}]/.test(text)) problems.push(`${entry.code}: unfilled placeholder in "${text}"`);
        if (/\s{2}|\s[.,]/.test(text)) problems.push(`${entry.code}: spacing in "${text}"`);
      }
      if (new Set(entry.causes).size !== entry.causes.length) problems.push(`${entry.code}: a cause listed twice`);
      if (entry.causes.length < 3 && !entry.title.includes('Deployment Commanded')) problems.push(`${entry.code}: fewer than 3 causes`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps the texts of a family distinct per member (cylinder, bank, sensor)', () => {
    const titles = catalogue.map((entry) => entry.title);
    expect(new Set(titles).size).toBe(titles.length);
    const p0302 = catalogue.find((entry) => entry.code === 'P0302')!;
    expect(p0302.title).toBe('Cylinder 2 Misfire Detected');
    expect(p0302.plain).toContain('Cylinder 2');
    const p0157 = catalogue.find((entry) => entry.code === 'P0157')!;
    expect(p0157.title).toBe('O2 Sensor Circuit Low Voltage (Bank 2 Sensor 2)');
    expect(p0157.plain).toContain('after the catalytic converter');
  });

  it('fails loudly, naming the place, on a bad entry, an unknown template, a missing value or a duplicate', () => {
    const entry: DtcEntry = { ...catalogue.find((e) => e.code === 'P0420')! };
    const load = (entries: unknown[], families: unknown[] = []) =>
      loadCatalogue({ templates: SEED_SOURCES.templates, families: { 'f.json': families }, entries: { 'e.json': entries } });
    expect(() => load([{ ...entry, severity: 'urgent' }])).toThrow(/e\.json: 0\.severity/);
    expect(() => load([{ ...entry, code: 'P042' }])).toThrow(CatalogueError);
    expect(() => load([{ ...entry, causes: [] }])).toThrow(/causes/);
    expect(() => load([entry, entry])).toThrow('P0420: listed twice');
    expect(() => load([{ ...entry, code: 'P0700', component: 'brakes' }])).toThrow(/P0700: component brakes/);
    expect(() => load([], [{ family: 'x', members: { P0301: 'no-such-template' } }])).toThrow(/unknown template "no-such-template"/);
    expect(() => load([], [{ family: 'x', template: 'misfire-cylinder', members: { P0301: {} } }])).toThrow('f.json: x: P0301: no value for {n}');
    expect(fill('{Name} and {name}', { name: 'shift solenoid A' }, 'here')).toBe('Shift solenoid A and shift solenoid A');
  });
});

describe('lookup', () => {
  it('answers the catalogue entry for a code however it is typed', () => {
    const found = lookupDtc(' p0420 ');
    expect(found).toMatchObject({ code: 'P0420', inCatalogue: true, severity: 'warning', component: 'exhaust' });
    expect(found.title).toBe('Catalyst System Efficiency Below Threshold (Bank 1)');
    expect(found.structure).toMatchObject({ system: 'Powertrain', generic: true });
    expect(lookupDtc('PO3O1').code).toBe('P0301');
  });

  it('describes a well-formed code the catalogue lacks from its structure, marked as such', () => {
    const found = lookupDtc('P1234');
    expect(found.inCatalogue).toBe(false);
    expect(found.plain).toMatch(/^This code is not in our catalogue\./);
    expect(found.structure).toMatchObject({ generic: false, subsystem: 'Fuel and air metering (injector circuit)' });
    expect(found.component).toBe('engine');
    expect(lookupDtc('U3000')).toMatchObject({ inCatalogue: false, component: null });
  });

  it('refuses anything that is not a code with the format message', () => {
    for (const bad of ['', 'P042', 'X0420', 'P04200', 'P4420', 'P04G0', 'hello']) {
      expect(() => lookupDtc(bad), bad).toThrow(TRPCError);
      expect(() => lookupDtc(bad), bad).toThrow(DTC_FORMAT_MESSAGE);
    }
  });
});

describe('search', () => {
  it('finds codes by prefix, in code order, the exact code first', () => {
    expect(codes('P0420')[0]).toBe('P0420');
    const prefix = codes('p030');
    expect(prefix.slice(0, 3)).toEqual(['P0300', 'P0301', 'P0302']);
    expect(prefix.every((code) => code.startsWith('P030'))).toBe(true);
    expect(codes('c00').every((code) => code.startsWith('C00'))).toBe(true);
  });

  it('ranks a word in the title above the same word in the explanations', () => {
    const found = codes('catalyst');
    expect(found.slice(0, 4).sort()).toEqual(['P0420', 'P0421', 'P0430', 'P0431']);
    expect(codes('fuel cap')[0]).toBe('P0457');
    expect(codes('misfire cylinder 3')[0]).toBe('P0303');
    expect(codes('lost communication abs')[0]).toBe('U0121');
    expect(codes('oxygen heater bank 2')[0]).toMatch(/^P0(05|15|16)/);
  });

  it('needs every word, ignores plural endings and small words, and finds nothing for nonsense', () => {
    expect(codes('misfires')).toContain('P0304');
    expect(codes('what does misfire mean')).toContain('P0300');
    expect(codes('xyzzy')).toEqual([]);
    expect(codes('catalyst transmission')).toEqual([]);
  });

  it('pages a bounded result', () => {
    const first = searchDtc({ q: 'sensor', limit: 50, offset: 0 });
    expect(first.items).toHaveLength(50);
    expect(first.total).toBeGreaterThan(100);
    const second = searchDtc({ q: 'sensor', limit: 50, offset: 50 });
    expect(second.items[0]!.code).not.toBe(first.items[0]!.code);
    expect(new Set([...first.items, ...second.items].map((hit) => hit.code)).size).toBe(100);
  });

  it('keeps the index within its byte budget', () => {
    const index = getDtcIndex();
    expect(index.entries.length).toBe(catalogue.length);
    expect(index.bytes).toBeGreaterThan(100_000);
    expect(index.bytes).toBeLessThan(INDEX_BUDGET_BYTES);
    expect(() => buildIndex([{ ...catalogue[0]!, plain: 'x'.repeat(INDEX_BUDGET_BYTES) }])).toThrow(/over its budget/);
  });
});
