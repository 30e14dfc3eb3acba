// The `ws` package (installed with @fastify/websocket) ships no types and @types/ws is not installed:
// this names the part the server and its tests use.
declare module 'ws' {
  import type { EventEmitter } from 'node:events';

  export type RawData = Buffer | ArrayBuffer | Buffer[];

  export class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string, options?: { headers?: Record<string, string> });
    readonly readyState: 0 | 1 | 2 | 3;
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    ping(data?: Buffer | string): void;
    terminate(): void;
  }
  export class WebSocketServer extends EventEmitter {
    readonly clients: Set<WebSocket>;
  }
  export { WebSocketServer as Server };
  export default WebSocket;
}
