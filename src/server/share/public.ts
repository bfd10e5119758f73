/** Share's public face: the only file of share another feature may import. */
export type { RenderStats } from './render-pool';
