/** What a hidden picture shows instead: a plain light-grey square, made once. */
import { loadSharp } from './process';
import { PLACEHOLDER_COLOR } from '../../domain/images';
import { IMAGE_THUMB_PX } from '../../domain/limits';

let made: Promise<Uint8Array<ArrayBuffer>> | undefined;

export function placeholderWebp(): Promise<Uint8Array<ArrayBuffer>> {
  made ??= loadSharp().then((sharp) =>
    sharp({
      create: {
        width: IMAGE_THUMB_PX,
        height: IMAGE_THUMB_PX,
        channels: 3,
        background: PLACEHOLDER_COLOR,
      },
    })
      .webp()
      .toBuffer()
      .then((buffer) => new Uint8Array(buffer)),
  );
  return made;
}
