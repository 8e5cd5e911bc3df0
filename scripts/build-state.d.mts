export function newestMtime(target: string): number;
export function isStale(output: string, sources: readonly string[]): boolean;
