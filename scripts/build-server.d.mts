export const SERVER_BUNDLE: string;
export function serverBundleStale(outfile?: string): boolean;
export function buildServer(outfile?: string): Promise<void>;
