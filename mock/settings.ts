// What the mock's command says of the mock before it loads it (Prism takes seconds to load; `--help` and
// `--version` answer at once).
import { API_BASE_PATH, type RateLimitPolicy } from '../server/edge';

/** The version segment of the contract's server URL; the mock serves with and without it. */
export const VERSION_PREFIX = API_BASE_PATH;
/** The server's default window: 600 requests per key per minute. */
export const MOCK_RATE_LIMIT: RateLimitPolicy = { max: 600, windowSeconds: 60 };
