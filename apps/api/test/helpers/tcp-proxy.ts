import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

// A TCP proxy between an API and PostgreSQL, so a test can take "the database" away without
// touching the shared server: cut() drops every open connection (as a stopping server does) and
// then swallows new ones without answering (as an unreachable host does: only timeouts end them);
// restore() lets traffic through again.

export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let open = true;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (!open) return; // accepted, never answered: the pool's connect timeout must end it
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
      // Swallowed connections are dropped so their clients fail now rather than at their timeout.
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      open = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
