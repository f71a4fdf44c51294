import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCertificates {
  directory: string;
  caFile: string;
  certFile: string;
  keyFile: string;
  /** A client certificate signed by the same CA, with this common name. */
  clientCertFile: string;
  clientKeyFile: string;
  clientCommonName: string;
}

function openssl(directory: string, ...args: string[]): void {
  execFileSync('openssl', args, { cwd: directory, stdio: 'ignore' });
}

/** A throw-away CA, a server certificate for 127.0.0.1/localhost and one client certificate, made with openssl. */
export function makeTestCertificates(clientCommonName = 'sensor-7'): TestCertificates {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-certs-'));
  openssl(directory, 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Starling Test CA', '-keyout', 'ca.key', '-out', 'ca.crt');
  fs.writeFileSync(path.join(directory, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(directory, 'req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', 'server.key', '-out', 'server.csr');
  openssl(directory, 'x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'server.ext', '-out', 'server.crt');
  openssl(directory, 'req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${clientCommonName}`, '-keyout', 'client.key', '-out', 'client.csr');
  openssl(directory, 'x509', '-req', '-in', 'client.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-out', 'client.crt');
  const file = (name: string) => path.join(directory, name);
  return {
    directory,
    caFile: file('ca.crt'),
    certFile: file('server.crt'),
    keyFile: file('server.key'),
    clientCertFile: file('client.crt'),
    clientKeyFile: file('client.key'),
    clientCommonName,
  };
}

/**
 * A client certificate the CA of `certificates` signed whose validity ended in 2020 (openssl ca sets
 * the dates): valid but for its dates.
 */
export function makeExpiredClientCertificate(certificates: TestCertificates, commonName: string): { certFile: string; keyFile: string } {
  const { directory } = certificates;
  const database = path.join(directory, 'ca-db');
  fs.mkdirSync(database, { recursive: true });
  fs.writeFileSync(path.join(database, 'index.txt'), '');
  fs.writeFileSync(path.join(database, 'serial'), '1000\n');
  fs.writeFileSync(
    path.join(directory, 'ca.cnf'),
    ['[ ca ]', 'default_ca = test', '[ test ]', 'database = ca-db/index.txt', 'serial = ca-db/serial', 'new_certs_dir = ca-db', 'default_md = sha256', 'policy = any', '[ any ]', 'commonName = supplied', ''].join('\n'),
  );
  openssl(directory, 'req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${commonName}`, '-keyout', 'expired.key', '-out', 'expired.csr');
  openssl(directory, 'ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.crt', '-keyfile', 'ca.key', '-in', 'expired.csr', '-startdate', '20200101000000Z', '-enddate', '20200102000000Z', '-notext', '-out', 'expired.crt');
  return { certFile: path.join(directory, 'expired.crt'), keyFile: path.join(directory, 'expired.key') };
}
