export const SERVER_BUNDLE: string;
export function serverBundleStale(outfile?: string): boolean;
export function buildServer(outfile?: string): Promise<void>;
export const PGLITE_TEMPLATE: string;
export function pgliteTemplateStale(): boolean;
export function buildPgliteTemplate(): Promise<void>;
export function newestMtime(entry: string): number;
/** The preview-image worker's bundle beside a server bundle (`x.mjs` → `x.og-worker.mjs`). */
export function workerBundleOf(outfile: string): string;
