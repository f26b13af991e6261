// The contract suite against the reference server (server/testing, run in a child process on an ephemeral
// port; see startReferenceServerProcess), with the fixtures its sandbox prints and a webhook receiver the
// sandbox points it at. Every operation of openapi.yaml must have a checked 2xx answer.
import { defineSuite } from './jest-suite';
import { startServerTarget } from './local-targets';
import { SERVER_PROFILE, withWebhookListener } from './targets';

const SUITE_WEBHOOKS = { host: '127.0.0.1', port: 0, secret: 'whsec_contract_suite_secret', timeoutMs: 30_000 };

defineSuite(SERVER_PROFILE, async () => withWebhookListener(await startServerTarget(), SUITE_WEBHOOKS));
