#!/usr/bin/env node
// `partner-messaging-contract`: runs contract-tests/cli.ts (see run-ts.js).
require('./run-ts')('contract-tests/cli.ts');
