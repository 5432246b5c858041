// The ceiling of `npm run bench`: a bare node:http server in its own process, answering every
// request (GET or POST, body read and dropped) with a small JSON. The API's figures are printed as
// ratios of this server's, measured in the same run on the same machine.
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 0);
const body = JSON.stringify({ status: 1, supplementRequired: false });

createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
