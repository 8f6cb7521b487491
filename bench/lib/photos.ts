import { createCanvas } from '@napi-rs/canvas';

/** A few distinct head-and-shoulders pictures; each row's photo is one of them made unique by a JPEG comment. */
export function basePhotos(): Buffer[] {
  return Array.from({ length: 24 }, (_, i) => {
    const w = 150;
    const h = 200;
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = `hsl(${(i * 37) % 360}, 45%, 85%)`;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = `hsl(${(i * 53) % 360}, 30%, 45%)`;
    ctx.beginPath();
    ctx.arc(w / 2, h * 0.38, w * 0.22, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(w / 2, h * 0.98, w * 0.42, h * 0.32, 0, Math.PI, 0);
    ctx.fill();
    return canvas.toBuffer('image/jpeg', 75);
  });
}
export const uniqueJpeg = (base: Buffer, tag: string) => {
  const text = Buffer.from(tag);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, text, base.subarray(2)]);
};
