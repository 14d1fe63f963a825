// Calls Simple/Put on the generated host's TLS endpoint from Node (grpc-js), presenting a client certificate, and
// prints the status the host answered: OtherLanguageCallerTests' client-certificate caller.
//
//   node client_certificate_client.js https://127.0.0.1:PORT
//
// The environment names the PEM files: MIGRATE_WCF_ROOT_CERT (the authority of the server's certificate, which is for
// localhost), MIGRATE_WCF_CLIENT_CERT and MIGRATE_WCF_CLIENT_KEY (the certificate presented and its key). Prints one
// line, `put <status code name>`. Put takes and returns google.protobuf.Empty, which is no bytes, so no .proto is loaded.
'use strict';
const fs = require('fs');
const grpc = require('@grpc/grpc-js');

const TIMEOUT_MS = 60000;
const pem = (variable) => fs.readFileSync(process.env[variable]);

const [target] = process.argv.slice(2);
const credentials = grpc.credentials.createSsl(pem('MIGRATE_WCF_ROOT_CERT'), pem('MIGRATE_WCF_CLIENT_KEY'), pem('MIGRATE_WCF_CLIENT_CERT'));
const client = new grpc.Client(target.slice('https://'.length), credentials, { 'grpc.ssl_target_name_override': 'localhost' });
client.makeUnaryRequest(
  '/migrate_wcf.legacy.Simple/Put',
  () => Buffer.alloc(0),
  (data) => data,
  null,
  new grpc.Metadata(),
  { deadline: new Date(Date.now() + TIMEOUT_MS) },
  (error) => {
    console.log(`put ${error ? grpc.status[error.code] : 'OK'}`);
    client.close();
  });
