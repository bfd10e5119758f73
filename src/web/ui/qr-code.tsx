/**
 * A QR code drawn as one crisp SVG path, and the same code as a PNG file to download: the owner's
 * share link and a live room's join link.
 */
import { useMemo } from 'react';
import { qrCodeText } from '../i18n/messages/owner';
import { qrFor } from './qr-path';

const DARK = '#160d33';
const LIGHT = '#ffffff';

export function QrCode(props: { text: string; label: string }) {
  const { path, size } = useMemo(() => qrFor(props.text), [props.text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={size} height={size} fill={LIGHT} />
      <path d={path} fill={DARK} />
    </svg>
  );
}

/** About 1000 px wide, in whole pixels per module so every module stays sharp. */
const PNG_TARGET_PX = 1000;

/** Saves the code as a PNG (what people can print or post), drawn from the same path. */
export async function downloadQrPng(text: string, fileName: string): Promise<void> {
  const { path, size } = qrFor(text);
  const scale = Math.ceil(PNG_TARGET_PX / size);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(qrCodeText.get().cannotDraw);
  context.fillStyle = LIGHT;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.fillStyle = DARK;
  context.fill(new Path2D(path));
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error(qrCodeText.get().cannotSave);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
