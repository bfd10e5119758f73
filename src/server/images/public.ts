/** Images' public face: the only file of images another feature may import. */
export { imageApiRoutes, imageFileRoutes } from './routes';
