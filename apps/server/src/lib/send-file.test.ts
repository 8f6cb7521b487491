import { request } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { badRequest } from './errors.ts';
import { type MadeBody, sendFile, sendZip } from './send-file.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify();
  register(app);
  await app.ready();
  return app;
}

describe('sendFile', () => {
  it('saves the file under its name, in UTF-8', async () => {
    const server = await serve((a) =>
      a.get('/f', (_req, reply) => sendFile(reply, { name: '证书 库#1.xlsx', type: 'text/plain' }, 'x')),
    );
    const res = await server.inject({ method: 'GET', url: '/f' });
    expect(res.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''%E8%AF%81%E4%B9%A6%20%E5%BA%93%231.xlsx",
    );
    expect(res.headers['content-type']).toBe('text/plain');
  });

  it('an inline file is shown in the browser', async () => {
    const server = await serve((a) =>
      a.get('/f', (_req, reply) =>
        sendFile(reply, { name: 'a.pdf', type: 'application/pdf', inline: true }, Buffer.from('%PDF')),
      ),
    );
    const res = await server.inject({ method: 'GET', url: '/f' });
    expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''a.pdf");
  });

  it('sends Content-Length and Cache-Control only when given', async () => {
    const server = await serve((a) => {
      a.get('/given', (_req, reply) =>
        sendFile(
          reply,
          { name: 'a.txt', type: 'text/plain', size: 3, cache: 'private, no-cache' },
          Readable.from([Buffer.from('abc')]),
        ),
      );
      a.get('/not', (_req, reply) =>
        sendFile(reply, { name: 'a.txt', type: 'text/plain' }, Readable.from([Buffer.from('abc')])),
      );
    });
    const given = await server.inject({ method: 'GET', url: '/given' });
    expect(given.headers['content-length']).toBe('3');
    expect(given.headers['cache-control']).toBe('private, no-cache');
    expect(given.body).toBe('abc');
    const not = await server.inject({ method: 'GET', url: '/not' });
    expect(not.headers['cache-control']).toBeUndefined();
    expect(not.headers['content-length']).toBeUndefined();
  });

  it('sends a Uint8Array as its bytes', async () => {
    const bytes = new Uint8Array([0, 1, 2, 3, 4, 5]).subarray(2, 5);
    const server = await serve((a) =>
      a.get('/f', (_req, reply) =>
        sendFile(reply, { name: 'b.bin', type: 'application/octet-stream' }, bytes),
      ),
    );
    const res = await server.inject({ method: 'GET', url: '/f' });
    expect([...res.rawPayload]).toEqual([2, 3, 4]);
  });

  it('a refusal while making the body answers as an error, without the file headers', async () => {
    const server = await serve((a) =>
      a.get('/f', (_req, reply) =>
        sendFile(reply, { name: 'a.xlsx', type: 'application/zip', cache: 'no-store' }, async () => {
          throw badRequest('没有可导出的数据');
        }),
      ),
    );
    const res = await server.inject({ method: 'GET', url: '/f' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('tells the maker of the body when the client goes away before the answer is sent', async () => {
    let started!: () => void;
    const making = new Promise<void>((resolve) => {
      started = resolve;
    });
    let aborted!: () => void;
    const abortSeen = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    const slow: MadeBody = (signal) => {
      started();
      return new Promise((resolve) =>
        signal.addEventListener('abort', () => {
          aborted();
          resolve('too late');
        }),
      );
    };
    const server = await serve((a) => a.get('/f', (_req, reply) => sendZip(reply, 'a.zip', slow)));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as { port: number };
    const client = request({ port, host: '127.0.0.1', path: '/f' });
    client.on('error', () => {});
    client.end();
    await making;
    client.destroy();
    await abortSeen;
  });

  it('a body made in time is sent, its signal never aborted', async () => {
    let signalSeen: AbortSignal | undefined;
    const server = await serve((a) =>
      a.get('/f', (_req, reply) =>
        sendZip(reply, '批次.zip', async (signal) => {
          signalSeen = signal;
          return Buffer.from('PK');
        }),
      ),
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/f`);
    expect(await res.text()).toBe('PK');
    expect(signalSeen?.aborted).toBe(false);
  });
});

describe('sendZip', () => {
  it('answers a zip saved under its name and never cached', async () => {
    const server = await serve((a) =>
      a.get('/z', (_req, reply) => sendZip(reply, '批次.zip', async () => Buffer.from('PK'))),
    );
    const res = await server.inject({ method: 'GET', url: '/z' });
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''%E6%89%B9%E6%AC%A1.zip");
  });
});
