#!/usr/bin/env node
// Fixture bin for client/bin.test.ts, built like the real ones in client/bin.
require('../bin/run-ts')('client/test/echo-entry.ts');
