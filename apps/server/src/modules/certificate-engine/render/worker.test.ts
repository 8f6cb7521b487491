import { describe, expect, it } from 'vitest';
import { ownBuffer } from './worker.ts';

describe('ownBuffer', () => {
  it("copies a small Buffer out of Node's shared pool, which a transfer cannot move", () => {
    const pooled = Buffer.concat([Buffer.from('%PDF-1.7'), Buffer.from(' small')]);
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    const own = ownBuffer(pooled);
    expect(own.byteOffset).toBe(0);
    expect(own.buffer.byteLength).toBe(own.byteLength);
    expect(Buffer.from(own).toString()).toBe('%PDF-1.7 small');
  });

  it('keeps bytes that have their buffer to themselves, without a copy', () => {
    const large = Buffer.concat([Buffer.alloc(10_000, 1)]);
    expect(ownBuffer(large)).toBe(large);
  });

  it('the copy can be transferred', () => {
    const own = ownBuffer(Buffer.concat([Buffer.from('abc')]));
    const { port1, port2 } = new MessageChannel();
    try {
      expect(() => port1.postMessage(own, [own.buffer as ArrayBuffer])).not.toThrow();
      expect(own.byteLength).toBe(0);
    } finally {
      port1.close();
      port2.close();
    }
  });
});
