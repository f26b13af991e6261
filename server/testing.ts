import { connectThroughSession, startServer } from './harness';

/** The reference server for test suites (the contract tests code against this; keep it stable). */
export interface ReferenceServerHandle {
  baseUrl: string; // e.g. http://127.0.0.1:54321/v1
  createKey(opts: { mode: 'test' | 'live'; scopes: string[] | 'all' }): Promise<string>; // returns the plain key
  connectClient(opts: { clientRef: string; channel: 'chat' | 'social' }): Promise<void>; // real hosted-session flow
  /** Creates a template with two body placeholders on a chat client and has the provider approve it. */
  approveTemplate(opts: { clientRef: string; name: string }): Promise<{ ref: string; language: string }>;
  /** Has an end user send an image to a chat client; returns its inbound media id. */
  receiveInboundMedia(opts: { clientRef: string; from: string }): Promise<string>;
  close(): Promise<void>;
}

/** The first bytes of a JPEG image: enough for the provider to take it in as one. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(512, 0x11)]);

/**
 * Starts the reference server in this process on an ephemeral port: in-memory SQLite unless `dataDir`
 * is given, `now` as the clock, `env` as configuration (RATE_LIMIT_MAX, …; process.env is not read).
 * Template review and inbound messages go through the sandbox, as an integrator would drive them.
 */
export async function startReferenceServer(
  opts: { dataDir?: string; now?: () => Date; env?: Record<string, string> } = {},
): Promise<ReferenceServerHandle> {
  const server = await startServer(opts);
  const sandbox = async (path: string, body: unknown): Promise<any> => {
    const res = await fetch(`${server.origin}/sandbox${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.sandboxToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  return {
    baseUrl: server.baseUrl,
    createKey: async ({ mode, scopes }) => server.domain.keys.create({ mode, scopes }).plain,
    connectClient: ({ clientRef, channel }) => connectThroughSession(server.domain, clientRef, channel),
    approveTemplate: async ({ clientRef, name }) => {
      const language = 'en_US';
      await server.domain.templates.create({
        client_ref: clientRef,
        name,
        language,
        category: 'UTILITY',
        body: { text: 'Hello {{1}}, your order {{2}} has shipped.', examples: ['Anna', '10482'] },
      });
      await sandbox('/templates/review', { client_ref: clientRef, template_ref: name, language, status: 'APPROVED' });
      return { ref: name, language };
    },
    receiveInboundMedia: async ({ clientRef, from }) => {
      const received = await sandbox('/inbound', {
        client_ref: clientRef,
        from,
        media: { type: 'image', content_base64: JPEG.toString('base64'), mime_type: 'image/jpeg' },
      });
      return received.media_id as string;
    },
    close: () => server.close(),
  };
}
