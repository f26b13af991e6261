#!/usr/bin/env node
// `partner-messaging-webhook-trigger`: runs mock/webhook-trigger.ts (see run-ts.js).
require('./run-ts')('mock/webhook-trigger.ts');
