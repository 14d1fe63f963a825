'use strict';
// Shared pieces of the grpc-js interop peer: the grpc.testing services loaded from ../../Protos and flag parsing.
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const PROTO_DIR = path.resolve(__dirname, '..', '..', 'Protos');

function loadTesting() {
  const definition = protoLoader.loadSync('test.proto', {
    includeDirs: [PROTO_DIR],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
  });
  return grpc.loadPackageDefinition(definition).grpc.testing;
}

// Interop flags come as --name=value or --name value.
function parseFlags(argv, defaults) {
  const flags = Object.assign({}, defaults);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (!(name in defaults)) throw new Error(`unknown flag --${name}`);
    flags[name] = value;
  }
  return flags;
}

function isTrue(text) {
  return ['1', 'true', 'yes'].includes(String(text).toLowerCase());
}

module.exports = { grpc, loadTesting, parseFlags, isTrue };
