// The self-signed certificate of a stand-in for Apple's, Google's or a browser's push service on loopback. selfsigned
// (and the X.509 and ASN.1 code under it, about 170 files) is loaded when a stand-in starts, not with every process
// that imports a stand-in's module: a fan-out worker imports them and, given its server's stand-ins, starts none.
/** A certificate under a name of its own: certificates that share a subject cannot be trusted side by side. */
export async function standInCertificate(name: string) {
  const { default: selfsigned } = await import('selfsigned');
  return selfsigned.generate([{ name: 'commonName', value: name }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  });
}
