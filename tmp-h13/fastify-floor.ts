import Fastify from 'fastify';
const app = Fastify({ logger: process.env.LOGGER === '1' ? { level: 'warn' } : false });
app.get('/api/addresses', async (_req, reply) => reply.type('application/json; charset=utf-8').send('{"addressList":[{"id":1,"addressCode":"40133","prefecture":"福岡県","municipality":"福岡市中央区","section":"天神","chome":"","kanaPrefecture":"ﾌｸｵｶｹﾝ","kanaMunicipality":"ﾌｸｵｶｼﾁｭｳｵｳｸ","kanaSection":"ﾃﾝｼﾞﾝ","kanaChome":"","addressFull":"福岡県福岡市中央区天神"}]}'));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.send?.('ready');
