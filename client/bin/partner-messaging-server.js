#!/usr/bin/env node
// `partner-messaging-server`: runs server/main.ts (see run-ts.js).
require('./run-ts')('server/main.ts');
