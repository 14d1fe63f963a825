'use strict';
// Calls samples/Migrated/Host from Node (@grpc/grpc-js) using only the .proto files migrate-wcf emitted for the legacy
// sample (plus google/api/*.proto they import and google/rpc/status.proto to read grpc-status-details-bin, both from
// Google.Api.CommonProtos' content/protos, GOOGLE_INCLUDE). The packages are tests/Interop/peers/node's
// (NODE_PATH=tests/Interop/peers/node/node_modules; scripts/setup.sh installs them from its lock file).
//
//   node sample_client.js SOCKET PROTO_ROOT GOOGLE_INCLUDE
//
// Prints one line per result, as sample_client.py does:
//   rpc <service>/<method> <status code name>    every rpc of every emitted service, called with a default request
//   quote <unit price> <total> <price date kind> GetQuote's decimals (migrate_wcf.Decimal read with BigInt)
//   fault <status code> <OrderFault code> <order id matches> <occurred_at kind>  CancelOrder's typed fault, from the trailer
//   callback <sku> <on hand> (watching <n>)      IStockWatch's callback on the Callbacks stream of a session
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');

const SESSION_HEADER = 'migrate-wcf-session'; // runtime/README.md, "Sessions": calls with one id form one WCF session
const TIMEOUT_MS = 60000;
const QUOTE_PRICE = '1049382767.77493827065';
const LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

function protoFiles(root) {
  const found = [];
  (function walk(folder) {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.proto')) found.push(path.relative(root, full));
    }
  })(root);
  return found;
}

// migrate_wcf.Decimal (docs/decimal.md): coefficient_high * 2^64 + coefficient_low, divided by 10^scale, signed.
function decimalToText(message) {
  let digits = ((BigInt(message.coefficient_high) << 64n) | BigInt(message.coefficient_low)).toString().padStart(message.scale + 1, '0');
  if (message.scale > 0) digits = digits.slice(0, digits.length - message.scale) + '.' + digits.slice(digits.length - message.scale);
  return (message.negative ? '-' : '') + digits;
}

function textToDecimal(text) {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const coefficient = BigInt(whole + fraction);
  if (fraction.length > 28 || coefficient >= 1n << 96n) throw new Error(`${text} does not fit System.Decimal`);
  return {
    coefficient_low: (coefficient & ((1n << 64n) - 1n)).toString(),
    coefficient_high: Number(coefficient >> 64n),
    scale: fraction.length,
    negative,
  };
}

function session() {
  const metadata = new grpc.Metadata();
  metadata.set(SESSION_HEADER, crypto.randomUUID());
  return metadata;
}

function deadline() {
  return { deadline: Date.now() + TIMEOUT_MS };
}

function unary(client, method, request, metadata = new grpc.Metadata()) {
  return new Promise((resolve, reject) => client.makeUnaryRequest(
    method.path, method.requestSerialize, method.responseDeserialize, request, metadata, deadline(),
    (error, response) => (error ? reject(error) : resolve(response))));
}

// Resolves once the server sent its headers (the stream is open) or the call ended.
function openStream(client, method, metadata) {
  const call = client.makeServerStreamRequest(method.path, method.requestSerialize, method.responseDeserialize, {}, metadata, deadline());
  const opened = new Promise((resolve) => {
    call.on('metadata', () => resolve(null));
    call.on('error', (error) => resolve(error));
  });
  return { call, opened };
}

async function callEveryRpc(client, definition) {
  for (const [name, service] of Object.entries(definition)) {
    if (!name.startsWith('migrate_wcf.') || 'format' in service) continue; // messages and enums have a format
    for (const method of Object.values(service)) {
      let code = 'OK';
      if (method.responseStream) {
        const { call, opened } = openStream(client, method, session());
        const error = await opened;
        if (error) code = grpc.status[error.code];
        call.on('error', () => {});
        call.cancel();
      } else {
        try {
          await unary(client, method, {});
        } catch (error) {
          code = grpc.status[error.code];
        }
      }
      console.log(`rpc ${method.path.slice(1)} ${code}`);
    }
  }
}

async function quote(client, orders) {
  const request = {
    sku: 'SKU-1001',
    quantity: 3,
    unit_price: textToDecimal(QUOTE_PRICE),
    tier: 'CUSTOMER_TIER_GOLD',
    price_date: { value: { seconds: '1714550400', nanos: 0 }, kind: 'DATE_TIME_KIND_UTC' }, // 2024-05-01T08:00:00Z
  };
  const { result } = await unary(client, orders.GetQuote, request);
  console.log(`quote ${decimalToText(result.unit_price)} ${decimalToText(result.total)} ${result.price_date.kind}`);
}

async function typedFault(client, orders, types) {
  const orderId = crypto.randomUUID();
  try {
    await unary(client, orders.CancelOrder, { order_id: orderId, reason: 'from node' });
    console.log('fault none: the call succeeded');
  } catch (error) {
    const [details] = error.metadata.get('grpc-status-details-bin');
    const status = types.lookupType('google.rpc.Status').decode(details);
    const faultType = types.lookupType('migrate_wcf.legacy.data.OrderFault');
    const packed = status.details.find((d) => d.type_url.endsWith('/' + faultType.fullName.slice(1)));
    const fault = faultType.toObject(faultType.decode(packed.value), { enums: String, defaults: true });
    console.log(`fault ${grpc.status[error.code]} ${fault.code} ${fault.order_id === orderId ? 'True' : 'False'} ${fault.occurred_at.kind}`);
  }
}

async function callback(client, watch) {
  const metadata = session();
  const { call, opened } = openStream(client, watch.Callbacks, metadata);
  const first = new Promise((resolve, reject) => {
    call.once('data', resolve);
    call.once('error', reject);
  });
  const error = await opened;
  if (error) throw error;
  const { result: watched } = await unary(client, watch.Subscribe, { skus: { items: ['SKU-1001'] } }, metadata);
  const { level } = (await first).stock_changed;
  call.on('error', () => {});
  call.cancel();
  console.log(`callback ${level.sku} ${level.on_hand} (watching ${watched})`);
}

async function main([socket, protoRoot, googleInclude]) {
  const files = protoFiles(protoRoot);
  const definition = protoLoader.loadSync(files, { ...LOADER_OPTIONS, includeDirs: [protoRoot, googleInclude] });
  // protobufjs (proto-loader's own parser) for the messages read out of the trailer.
  const types = new protobuf.Root();
  types.resolvePath = (origin, target) => [protoRoot, googleInclude].map((root) => path.join(root, target)).find(fs.existsSync) || target;
  types.loadSync([...files, 'google/rpc/status.proto'], { keepCase: true });

  // A Unix socket path, or https://127.0.0.1:PORT with the authority's PEM in MIGRATE_WCF_ROOT_CERT (a localhost certificate).
  const client = socket.startsWith('https://')
    ? new grpc.Client(socket.slice('https://'.length), grpc.credentials.createSsl(fs.readFileSync(process.env.MIGRATE_WCF_ROOT_CERT)),
      { 'grpc.ssl_target_name_override': 'localhost' })
    : new grpc.Client('unix:' + socket, grpc.credentials.createInsecure());
  try {
    await callEveryRpc(client, definition);
    await quote(client, definition['migrate_wcf.legacy.OrderService']);
    await typedFault(client, definition['migrate_wcf.legacy.OrderService'], types);
    await callback(client, definition['migrate_wcf.legacy.StockWatch']);
  } finally {
    client.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    console.error(`sample_client.js: ${error.message}`);
    process.exit(1);
  });
