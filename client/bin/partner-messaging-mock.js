#!/usr/bin/env node
// `partner-messaging-mock`: runs mock/start.ts (see run-ts.js).
require('./run-ts')('mock/start.ts');
