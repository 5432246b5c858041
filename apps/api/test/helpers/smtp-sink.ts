// A real SMTP server in its own process for the SMTP test (run: node smtp-sink.ts <dir>).
// Listens on a random port of 127.0.0.1, prints {"port":N} on stdout once listening, and writes
// each received message, raw, to <dir>/<n>.eml. Stops on SIGTERM.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = process.argv[2];
if (!dir) throw new Error('usage: smtp-sink.ts <dir>');
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const envelope = { from: session.envelope.mailFrom && session.envelope.mailFrom.address, to: session.envelope.rcptTo.map((r) => r.address) };
      count += 1;
      writeFileSync(join(dir, `${count}.json`), JSON.stringify(envelope));
      writeFileSync(join(dir, `${count}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
