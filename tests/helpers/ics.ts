/**
 * A small iCalendar reader for tests, written from RFC 5545 on its own (not with the code under
 * test): unfolds continuation lines, splits properties, parameters and values, unescapes TEXT.
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
  /** The first property of that name, its value unescaped (TEXT). */
  get(name: string): string | undefined;
  param(name: string, param: string): string | undefined;
}

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

export function parseIcs(text: string): IcsComponent {
  if (!text.endsWith('\r\n')) throw new Error('iCalendar text must end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`bare line break in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line longer than 75 octets: ${line}`);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('continuation before any line');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const make = (name: string): IcsComponent => ({
    name,
    properties: [],
    components: [],
    get(prop) {
      const found = this.properties.find((p) => p.name === prop);
      return found ? unescapeText(found.value) : undefined;
    },
    param(prop, param) {
      return this.properties.find((p) => p.name === prop)?.params[param];
    },
  });
  const stack: IcsComponent[] = [];
  let root: IcsComponent | undefined;
  for (const line of lines) {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    if (colon <= 0) throw new Error(`not a content line: ${line}`);
    const [name, ...params] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const upper = name!.toUpperCase();
    if (upper === 'BEGIN') {
      const component = make(value);
      if (stack.length) stack.at(-1)!.components.push(component);
      else root = component;
      stack.push(component);
    } else if (upper === 'END') {
      if (stack.pop()?.name !== value) throw new Error(`END:${value} does not close the open component`);
    } else {
      if (!stack.length) throw new Error(`property outside a component: ${line}`);
      stack.at(-1)!.properties.push({ name: upper, params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])), value });
    }
  }
  if (!root || stack.length) throw new Error('unbalanced BEGIN/END');
  return root;
}
