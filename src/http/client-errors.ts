// Requests Node's HTTP parser refuses before the app sees them (a NUL or a byte above 0x7f in the request line,
// an unknown method, headers over the size limit): answered, like every other error, with a JSON error body,
// where Node would answer an empty 400 or 431.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

const STATUS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'the request took too long to arrive'],
};

export function answerClientErrors(server: Server) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // As Node does: a reset connection has no one to answer, and one that has carried a response may hold the
    // unread rest of a refused body, which is no request to answer.
    if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = STATUS[error.code ?? ''] ?? [400, 'Bad Request', 'the request is not valid HTTP/1.1'];
    const body = JSON.stringify({ error: { code: status === 431 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', message } });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  return server;
}
