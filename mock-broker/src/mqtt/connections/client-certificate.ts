import { X509Certificate } from 'node:crypto';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';

/** OpenSSL's verdicts that say only that a certificate is used outside its validity dates. */
const VALIDITY_ERRORS = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
/** Links followed from the client's certificate towards a configured CA. */
const MAX_CHAIN_LENGTH = 8;

/** Client certificates that would have verified but for their dates, by connection: their common names. */
const outOfDate = new WeakMap<object, string>();

/** The certificates of a PEM file holding one or more (the configured CA). */
export function certificatesOf(pem: Buffer | string): X509Certificate[] {
  const blocks = pem.toString().match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

const isSignedBy = (certificate: X509Certificate, issuer: X509Certificate) => certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);

/**
 * Whether a chain the client presented leads to one of the trust anchors, each certificate signed
 * by the next, its dates left aside. Intermediate certificates must be CA certificates.
 */
function chainsTo(peer: DetailedPeerCertificate, anchors: X509Certificate[]): boolean {
  let current = peer;
  let certificate = new X509Certificate(current.raw);
  for (let length = 0; length < MAX_CHAIN_LENGTH; length += 1) {
    if (anchors.some((anchor) => isSignedBy(certificate, anchor))) return true;
    const next = current.issuerCertificate as DetailedPeerCertificate | undefined;
    if (!next || next === current || next.raw.equals(current.raw)) return false;
    const issuer = new X509Certificate(next.raw);
    if (!issuer.ca || !isSignedBy(certificate, issuer)) return false;
    current = next;
    certificate = issuer;
  }
  return false;
}

/**
 * Looks at a TLS client's certificate once the handshake is done: one that OpenSSL refused for its
 * validity dates alone, and whose chain the configured CA signed, is remembered for the X.509
 * provider's skipValidityCheckForClientCert. Any other refusal is left as it is.
 */
export function noteOutOfDateCertificate(socket: TLSSocket, anchors: X509Certificate[]): void {
  if (socket.authorized || !VALIDITY_ERRORS.has(String(socket.authorizationError))) return;
  const peer = socket.getPeerCertificate(true);
  const commonName = peer.subject?.CN;
  if (!peer.raw || typeof commonName !== 'string') return;
  try {
    if (chainsTo(peer, anchors)) outOfDate.set(socket, commonName);
  } catch {
    // A certificate Node cannot read is one nobody verified.
  }
}

/** The common name of the connection's client certificate that only its dates keep from verifying, if any. */
export function outOfDateCertificateCommonName(connection: object): string | undefined {
  return outOfDate.get(connection);
}
