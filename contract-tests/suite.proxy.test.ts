// The contract suite against the reference server through `prism proxy openapi.yaml <upstream> --errors`:
// Prism validates the same traffic independently; a response that breaks the contract becomes its 500
// problem+json, which fails the case with Prism's findings.
import { defineSuite } from './jest-suite';
import { SERVER_PROFILE, behindPrismProxy, proxyProfile, startServerTarget } from './targets';

defineSuite(proxyProfile(SERVER_PROFILE), async () => behindPrismProxy(await startServerTarget()));
