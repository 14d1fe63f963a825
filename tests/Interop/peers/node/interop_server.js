'use strict';
// grpc.testing.TestService on @grpc/grpc-js, per grpc's interop-test-descriptions.md.
// Flags: --port N (TCP on 127.0.0.1) or --unix_socket PATH, --use_tls=false. Prints "READY <address>" once serving.
const { grpc, loadTesting, parseFlags, isTrue } = require('./common');

const testing = loadTesting();
const ECHO_INITIAL = 'x-grpc-test-echo-initial';
const ECHO_TRAILING = 'x-grpc-test-echo-trailing-bin';

const zeros = (size) => ({ type: 'COMPRESSABLE', body: Buffer.alloc(size) });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Sends the echoed initial metadata now and returns the trailing metadata to end the call with.
function echoMetadata(call) {
  const initial = new grpc.Metadata();
  for (const value of call.metadata.get(ECHO_INITIAL)) initial.add(ECHO_INITIAL, value);
  if (initial.get(ECHO_INITIAL).length > 0) call.sendMetadata(initial);
  const trailing = new grpc.Metadata();
  for (const value of call.metadata.get(ECHO_TRAILING)) trailing.add(ECHO_TRAILING, value);
  return trailing;
}

function echoStatusError(status, trailing) {
  if (!status || status.code === 0) return null;
  return { code: status.code, details: status.message, metadata: trailing };
}

// grpc-js neither reports whether a request was compressed nor compresses responses, so it cannot
// honour CompressedRequest / CompressedResponse; it refuses instead of pretending.
function compressionError(flag, trailing) {
  if (!flag || !flag.value) return null;
  return { code: grpc.status.INVALID_ARGUMENT, details: 'grpc-js server cannot observe or apply compression', metadata: trailing };
}

async function writeResponses(call, request) {
  for (const parameters of request.response_parameters) {
    if (parameters.interval_us > 0) await sleep(parameters.interval_us / 1000);
    if (call.cancelled) return;
    call.write({ payload: zeros(parameters.size) });
  }
}

const service = {
  EmptyCall(call, callback) {
    const trailing = echoMetadata(call);
    callback(null, {}, trailing);
  },

  UnaryCall(call, callback) {
    const trailing = echoMetadata(call);
    const request = call.request;
    const error = compressionError(request.expect_compressed, trailing)
      || compressionError(request.response_compressed, trailing)
      || echoStatusError(request.response_status, trailing);
    if (error) return callback(error);
    callback(null, { payload: zeros(request.response_size) }, trailing);
  },

  async StreamingOutputCall(call) {
    const trailing = echoMetadata(call);
    const error = echoStatusError(call.request.response_status, trailing);
    if (error) return call.emit('error', error);
    await writeResponses(call, call.request);
    call.end(trailing);
  },

  StreamingInputCall(call, callback) {
    const trailing = echoMetadata(call);
    let total = 0;
    call.on('data', (request) => { total += request.payload ? request.payload.body.length : 0; });
    call.on('end', () => callback(null, { aggregated_payload_size: total }, trailing));
  },

  FullDuplexCall(call) {
    const trailing = echoMetadata(call);
    let pending = Promise.resolve();
    let failed = false;
    call.on('data', (request) => {
      pending = pending.then(async () => {
        if (failed) return;
        const error = echoStatusError(request.response_status, trailing);
        if (error) {
          failed = true;
          call.emit('error', error);
          return;
        }
        await writeResponses(call, request);
      });
    });
    call.on('end', () => pending.then(() => { if (!failed) call.end(trailing); }));
  },

  HalfDuplexCall(call) {
    const trailing = echoMetadata(call);
    const requests = [];
    call.on('data', (request) => requests.push(request));
    call.on('end', async () => {
      for (const request of requests) {
        const error = echoStatusError(request.response_status, trailing);
        if (error) return call.emit('error', error);
        await writeResponses(call, request);
      }
      call.end(trailing);
    });
  },
};

function main() {
  const flags = parseFlags(process.argv.slice(2), { port: '0', use_tls: 'false', unix_socket: '' });
  if (isTrue(flags.use_tls)) throw new Error('--use_tls=true is not supported');
  const server = new grpc.Server();
  // UnimplementedCall is left out on purpose: grpc-js answers it with UNIMPLEMENTED.
  server.addService(testing.TestService.service, service);
  const address = flags.unix_socket ? `unix:${flags.unix_socket}` : `127.0.0.1:${flags.port}`;
  server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (error, port) => {
    if (error) {
      console.error(`bind ${address} failed: ${error.message}`);
      process.exit(1);
    }
    console.log(`READY ${flags.unix_socket ? address : `127.0.0.1:${port}`}`);
  });
  const stop = () => server.tryShutdown(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
