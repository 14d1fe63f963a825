'use strict';
// grpc.testing interop client on @grpc/grpc-js, per grpc's interop-test-descriptions.md.
// Flags: --server_host, --server_port, --unix_socket PATH (wins over host/port), --test_case, --use_tls=false.
// Exit 0 when the case passed; otherwise a one-line reason on stderr and exit 1.
const { grpc, loadTesting, parseFlags, isTrue } = require('./common');

const testing = loadTesting();
const SPECIAL_MESSAGE = '\t\ntest with whitespace\r\nand Unicode BMP \u263a and non-BMP \u{1f608}\t\n';
const zeros = (size) => ({ body: Buffer.alloc(size) });

class CaseFailed extends Error {}
function check(condition, message) {
  if (!condition) throw new CaseFailed(message);
}

const unary = (client, method, request, options = {}) => new Promise((resolve, reject) => {
  const call = client[method](request, options.metadata || new grpc.Metadata(), options.callOptions || {},
    (error, response) => (error ? reject(error) : resolve({ response, call })));
});

async function expectStatus(code, promise, message) {
  try {
    await promise;
  } catch (error) {
    check(error.code === code, `expected status ${code}, got ${error.code}: ${JSON.stringify(error.details)}`);
    if (message !== undefined) {
      check(error.details === message, `expected message ${JSON.stringify(message)}, got ${JSON.stringify(error.details)}`);
    }
    return error;
  }
  throw new CaseFailed(`expected status ${code}, the call succeeded`);
}

// Collects a response stream: resolves with the messages, rejects with the status error.
const collect = (call) => new Promise((resolve, reject) => {
  const messages = [];
  call.on('data', (m) => messages.push(m));
  call.on('error', reject);
  call.on('end', () => resolve(messages));
});

// A duplex call read one message at a time.
function reader(call) {
  const queue = [];
  const waiters = [];
  const push = (item) => (waiters.length ? waiters.shift()(item) : queue.push(item));
  call.on('data', (m) => push({ message: m }));
  call.on('error', (error) => push({ error }));
  call.on('end', () => push({ end: true }));
  return () => new Promise((resolve) => (queue.length ? resolve(queue.shift()) : waiters.push(resolve)));
}

const cases = {
  async empty_unary({ client }) {
    const { response } = await unary(client, 'EmptyCall', {});
    check(response !== null && typeof response === 'object', 'response is not an Empty');
  },

  async large_unary({ client }) {
    const { response } = await unary(client, 'UnaryCall', { response_size: 314159, payload: zeros(271828) });
    check(response.payload.body.length === 314159 && response.payload.body.every((b) => b === 0),
      'response body is not 314159 zeros');
  },

  async client_compressed_unary({ client, compressingClient }) {
    const request = (expect) => ({ expect_compressed: { value: expect }, response_size: 314159, payload: zeros(271828) });
    await expectStatus(grpc.status.INVALID_ARGUMENT, unary(client, 'UnaryCall', request(true)));
    // grpc-js compresses per channel (grpc.default_compression_algorithm), not per call.
    const compressed = await unary(compressingClient, 'UnaryCall', request(true));
    check(compressed.response.payload.body.length === 314159, 'compressed call: wrong response size');
    const plain = await unary(client, 'UnaryCall', request(false));
    check(plain.response.payload.body.length === 314159, 'uncompressed call: wrong response size');
  },

  async server_compressed_unary({ client }) {
    // grpc-js does not expose the response's compressed-flag, which the description allows.
    for (const value of [true, false]) {
      const { response } = await unary(client, 'UnaryCall',
        { response_compressed: { value }, response_size: 314159, payload: zeros(271828) });
      check(response.payload.body.length === 314159, `response_compressed=${value}: wrong response size`);
    }
  },

  async client_streaming({ client }) {
    const response = await new Promise((resolve, reject) => {
      const call = client.StreamingInputCall((error, r) => (error ? reject(error) : resolve(r)));
      for (const size of [27182, 8, 1828, 45904]) call.write({ payload: zeros(size) });
      call.end();
    });
    check(response.aggregated_payload_size === 74922, `aggregated_payload_size ${response.aggregated_payload_size} != 74922`);
  },

  async server_streaming({ client }) {
    const sizes = [31415, 9, 2653, 58979];
    const messages = await collect(client.StreamingOutputCall({ response_parameters: sizes.map((size) => ({ size })) }));
    const got = messages.map((m) => m.payload.body.length);
    check(JSON.stringify(got) === JSON.stringify(sizes), `response sizes ${got} != ${sizes}`);
  },

  async ping_pong({ client }) {
    const call = client.FullDuplexCall();
    const next = reader(call);
    for (const [responseSize, requestSize] of [[31415, 27182], [9, 8], [2653, 1828], [58979, 45904]]) {
      call.write({ response_parameters: [{ size: responseSize }], payload: zeros(requestSize) });
      const item = await next();
      if (item.error) throw item.error;
      check(item.message && item.message.payload.body.length === responseSize, `expected a ${responseSize}-byte response`);
    }
    call.end();
    const last = await next();
    if (last.error) throw last.error;
    check(last.end, 'more than four responses');
  },

  async empty_stream({ client }) {
    const call = client.FullDuplexCall();
    const done = collect(call);
    call.end();
    const messages = await done;
    check(messages.length === 0, `expected no responses, got ${messages.length}`);
  },

  async cancel_after_begin({ client }) {
    const result = new Promise((resolve, reject) => {
      const call = client.StreamingInputCall((error, r) => (error ? reject(error) : resolve(r)));
      call.cancel();
    });
    await expectStatus(grpc.status.CANCELLED, result);
  },

  async cancel_after_first_response({ client }) {
    const call = client.FullDuplexCall();
    const next = reader(call);
    call.write({ response_parameters: [{ size: 31415 }], payload: zeros(27182) });
    const first = await next();
    if (first.error) throw first.error;
    check(first.message.payload.body.length === 31415, 'first response has the wrong size');
    call.cancel();
    let item = await next();
    while (item.message) item = await next();
    check(item.error && item.error.code === grpc.status.CANCELLED, `expected CANCELLED, got ${JSON.stringify(item)}`);
  },

  async timeout_on_sleeping_server({ client }) {
    const call = client.FullDuplexCall({ deadline: Date.now() + 1 });
    const done = collect(call);
    call.write({ payload: zeros(27182) });
    await expectStatus(grpc.status.DEADLINE_EXCEEDED, done);
  },

  async custom_metadata({ client }) {
    const initialKey = 'x-grpc-test-echo-initial';
    const trailingKey = 'x-grpc-test-echo-trailing-bin';
    const metadata = () => {
      const m = new grpc.Metadata();
      m.add(initialKey, 'test_initial_metadata_value');
      m.add(trailingKey, Buffer.from([0xab, 0xab, 0xab]));
      return m;
    };
    const verify = (initial, trailing, where) => {
      const gotInitial = initial.get(initialKey);
      const gotTrailing = trailing.get(trailingKey);
      check(gotInitial.length === 1 && gotInitial[0] === 'test_initial_metadata_value',
        `${where}: initial metadata ${JSON.stringify(gotInitial)}`);
      check(gotTrailing.length === 1 && Buffer.compare(gotTrailing[0], Buffer.from([0xab, 0xab, 0xab])) === 0,
        `${where}: trailing metadata ${JSON.stringify(gotTrailing)}`);
    };

    let initial = null;
    let trailing = null;
    const response = await new Promise((resolve, reject) => {
      const call = client.UnaryCall({ response_size: 314159, payload: zeros(271828) }, metadata(),
        (error, r) => (error ? reject(error) : resolve(r)));
      call.on('metadata', (m) => { initial = m; });
      call.on('status', (s) => { trailing = s.metadata; });
    });
    await new Promise((resolve) => setImmediate(resolve));
    check(response.payload.body.length === 314159, 'unary response has the wrong size');
    check(initial && trailing, 'UnaryCall: no initial or trailing metadata event');
    verify(initial, trailing, 'UnaryCall');

    initial = null;
    trailing = null;
    const call = client.FullDuplexCall(metadata());
    call.on('metadata', (m) => { initial = m; });
    const status = new Promise((resolve) => call.on('status', resolve));
    const done = collect(call);
    call.write({ response_parameters: [{ size: 314159 }], payload: zeros(271828) });
    call.end();
    const messages = await done;
    trailing = (await status).metadata;
    check(messages.length === 1 && messages[0].payload.body.length === 314159, 'duplex responses have the wrong size');
    check(initial, 'FullDuplexCall: no initial metadata');
    verify(initial, trailing, 'FullDuplexCall');
  },

  async status_code_and_message({ client }, message = 'test status message') {
    const status = { code: 2, message };
    await expectStatus(grpc.status.UNKNOWN, unary(client, 'UnaryCall', { response_status: status }), message);
    const call = client.FullDuplexCall();
    const done = collect(call);
    call.write({ response_status: status });
    call.end();
    await expectStatus(grpc.status.UNKNOWN, done, message);
  },

  async special_status_message({ client }) {
    const status = { code: 2, message: SPECIAL_MESSAGE };
    await expectStatus(grpc.status.UNKNOWN, unary(client, 'UnaryCall', { response_status: status }), SPECIAL_MESSAGE);
  },

  async unimplemented_method({ client }) {
    await expectStatus(grpc.status.UNIMPLEMENTED, unary(client, 'UnimplementedCall', {}));
  },

  async unimplemented_service({ unimplementedClient }) {
    await expectStatus(grpc.status.UNIMPLEMENTED, unary(unimplementedClient, 'UnimplementedCall', {}));
  },
};

async function main() {
  const flags = parseFlags(process.argv.slice(2), {
    server_host: '127.0.0.1', server_port: '0', unix_socket: '', test_case: '', use_tls: 'false', server_host_override: '',
  });
  if (isTrue(flags.use_tls)) throw new Error('--use_tls=true is not supported');
  const run = cases[flags.test_case];
  if (!run) throw new Error(`unknown --test_case ${JSON.stringify(flags.test_case)} (known: ${Object.keys(cases).join(', ')})`);
  const target = flags.unix_socket ? `unix:${flags.unix_socket}` : `${flags.server_host}:${flags.server_port}`;
  const credentials = grpc.credentials.createInsecure();
  const clients = {
    client: new testing.TestService(target, credentials),
    compressingClient: new testing.TestService(target, credentials, { 'grpc.default_compression_algorithm': 2 }),
    unimplementedClient: new testing.UnimplementedService(target, credentials),
  };
  try {
    await run(clients);
    console.log(`PASS ${flags.test_case}`);
  } catch (error) {
    const reason = error instanceof CaseFailed ? error.message
      : `unexpected ${error.code !== undefined ? `status ${error.code}: ${JSON.stringify(error.details)}` : error.stack}`;
    console.error(`FAIL ${flags.test_case}: ${reason}`);
    process.exitCode = 1;
  } finally {
    for (const c of Object.values(clients)) c.close();
  }
}

main().catch((error) => {
  console.error(`FAIL: ${error.message}`);
  process.exitCode = 1;
});
