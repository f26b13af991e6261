#!/usr/bin/env node
// `partner-messaging-check-receiver`: runs contract-tests/receiver/cli.ts (see run-ts.js).
require('./run-ts')('contract-tests/receiver/cli.ts');
