// The socket under an HTTP/2 connection: TLS offering only h2 by ALPN for https:, cleartext with prior knowledge
// (RFC 9113 §3.3) for http:, as the test servers speak.
import net from 'node:net';
import tls from 'node:tls';

/** A socket to `origin`; `refused` is told when a TLS server picks another protocol than h2. */
export function connectSocket(origin: URL, ca: string | string[] | undefined, refused: (error: Error) => void): net.Socket {
  const port = Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80);
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  if (origin.protocol !== 'https:') return net.connect({ host, port });
  const socket = tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, ALPNProtocols: ['h2'], ca });
  socket.once('secureConnect', () => {
    if (socket.alpnProtocol !== 'h2') refused(new Error(`the server at ${origin.host} does not speak HTTP/2 (ALPN: ${socket.alpnProtocol || 'none'})`));
  });
  return socket;
}
