// The contract suite against the reference server through `prism proxy openapi.yaml <upstream> --errors`:
// Prism validates the same traffic independently; a response that breaks the contract becomes its 500
// problem+json, which fails the case with Prism's findings. Webhooks go from the server to the receiver
// directly, as they would behind any proxy.
import { defineSuite } from './jest-suite';
import { startServerTarget } from './local-targets';
import { SERVER_PROFILE, behindPrismProxy, proxyProfile, withWebhookListener } from './targets';

defineSuite(proxyProfile(SERVER_PROFILE), async () =>
  behindPrismProxy(await withWebhookListener(await startServerTarget(), { host: '127.0.0.1', port: 0, secret: 'whsec_contract_proxy_secret', timeoutMs: 30_000 })),
);
