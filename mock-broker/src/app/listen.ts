import type { Server } from 'node:net';

import { StartupError } from './startup-error.js';

export class PortInUseError extends StartupError {}

/** Starts listening and answers the bound port; a taken port becomes a message that says what to do. */
export function listen(server: Server, port: number, host: string, setting: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(new PortInUseError(`Port ${port} on ${host} is already in use (${setting}). Stop the program using it or choose another port with ${setting}.`));
      } else if (error.code === 'EACCES') {
        reject(new PortInUseError(`Not allowed to listen on port ${port} on ${host} (${setting}). Choose a port above 1023 with ${setting}.`));
      } else {
        reject(error);
      }
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    // Keep-alive HTTP and idle sockets must not hold a shutdown open.
    (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
