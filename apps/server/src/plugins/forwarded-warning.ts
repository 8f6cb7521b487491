import fp from 'fastify-plugin';

export const FORWARDED_WARNING =
  '请求带有 X-Forwarded-For 头，但 TRUST_PROXY 未开启：客户端地址取的是代理的地址，公开查验页面与证书查询的频率限制（以及登录、短信的按地址限制）由所有访客共用一份；在反向代理之后请设置 TRUST_PROXY=1';

/** Once per process: the first request that shows a proxy in front says it, later ones are quiet. */
let warned = false;

/**
 * With TRUST_PROXY off, a request carrying X-Forwarded-For means a reverse proxy is in front and every client has its
 * address: the per-address limits then hold one budget for everybody. The log says so once, at the first such request.
 */
export const forwardedWarningPlugin = fp(
  async (app) => {
    if (app.config.trustProxy) return;
    app.addHook('onRequest', async (req) => {
      if (warned || req.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      req.log.warn({ forwardedFor: req.headers['x-forwarded-for'], ip: req.ip }, FORWARDED_WARNING);
    });
  },
  { name: 'forwarded-warning', dependencies: ['config'] },
);
