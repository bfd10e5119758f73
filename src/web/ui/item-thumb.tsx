/**
 * An item's picture as a small thumbnail beside its name (issue 26): results rows, the
 * head-to-head matrix's headers and community cards. Only the picture and its alt text: the name
 * beside it stays the text. Nothing for an item without a picture, so text-only lists look as
 * before. A hidden picture arrives already named by its placeholder's address and description.
 */
import './item-thumb.css';

export type ThumbPicture = { thumbUrl: string; alt: string };

export function ItemThumb(props: {
  picture: ThumbPicture | null | undefined;
  /** Its place's own class (the size: `--item-thumb-size`, 48 px unless set). */
  className?: string;
}) {
  const { picture } = props;
  if (!picture) return null;
  return (
    <img
      className={`item-thumb${props.className ? ` ${props.className}` : ''}`}
      src={picture.thumbUrl}
      alt={picture.alt}
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  );
}
