/** Images' public face: the only file of images another feature may import. */
export { imageApiRoutes, imageFileRoutes } from './routes';
export { s3Store, type BucketStore, type S3Settings } from './bytes';
export { collectUnusedImages, startImageCollector } from './collect';
export { ownImages, setImageHidden } from './store';
export { pngThumbs, type PngThumb } from './png-thumbs';
