// The contract suite against the reference server (server/testing, run in a child process on an
// ephemeral port; see startReferenceServerProcess). Every operation of openapi.yaml must be exercised.
import { defineSuite } from './jest-suite';
import { SERVER_PROFILE, startServerTarget } from './targets';

defineSuite(SERVER_PROFILE, startServerTarget);
