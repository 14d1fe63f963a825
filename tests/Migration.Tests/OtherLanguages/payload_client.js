'use strict';
// Sends benchmarks/PayloadWcf's IPayloadEcho.EchoDocument a document of each size class from Node (@grpc/grpc-js),
// using only the .proto files migrate-wcf emitted for it, and checks the answer byte for byte. The packages are
// tests/Interop/peers/node's (NODE_PATH=tests/Interop/peers/node/node_modules).
//
//   node payload_client.js SOCKET PROTO_ROOT
//
// Prints one line per size, as payload_client.py does: echo <bytes> <same|differs|STATUS>. The message limits are
// raised to 64 MiB (gRPC's default is 4 MB), as the host's are.
const crypto = require('crypto');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const SIZES = [1024, 64 * 1024, 1024 * 1024, 16 * 1024 * 1024];
const LIMIT = 64 * 1024 * 1024;
const TIMEOUT_MS = 120000;

function echoDocument(client, method, request) {
  return new Promise((resolve) => {
    client.makeUnaryRequest(method.path, method.requestSerialize, method.responseDeserialize, request, new grpc.Metadata(),
      { deadline: Date.now() + TIMEOUT_MS }, (error, response) => resolve({ error, response }));
  });
}

async function main([socket, protoRoot]) {
  const definition = protoLoader.loadSync(path.join('migrate_wcf', 'payload', 'payload_echo.proto'),
    { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [protoRoot] });
  const method = definition['migrate_wcf.payload.PayloadEcho'].EchoDocument;
  const client = new grpc.Client('unix:' + socket, grpc.credentials.createInsecure(),
    { 'grpc.max_receive_message_length': LIMIT, 'grpc.max_send_message_length': LIMIT });
  try {
    for (const size of SIZES) {
      const content = crypto.randomBytes(size);
      const { error, response } = await echoDocument(client, method, { document: { name: 'payload.bin', content } });
      const outcome = error ? grpc.status[error.code]
        : Buffer.compare(Buffer.from(response.result.content), content) === 0 && response.result.name === 'payload.bin' ? 'same' : 'differs';
      console.log(`echo ${size} ${outcome}`);
    }
  } finally {
    client.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    console.error(`payload_client.js: ${error.message}`);
    process.exit(1);
  });
