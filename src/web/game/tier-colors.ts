/** Text on a tier's colour: the domain's rule (the share image draws by it too). */
export { luminance, textOn } from '../../domain/tier-colors';
