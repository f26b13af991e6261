// Generated from server/sandbox/openapi.yaml by `npm run generate` (openapi-typescript). Do not edit.

export interface paths {
    "/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["sandboxListPartners"];
        put?: never;
        /** @description Creates a partner account, with its portal token (`portal_token`, shown once); its keys are then created with `POST /keys?partner=<id>`, or by the partner with its portal token. */
        post: operations["sandboxCreatePartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/partners/{partner_id}/portal-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description A new portal token for the partner, shown once; the partner's previous portal token stops working at
         *     once. The provider hands it to the partner for the partner's own use of the sandbox.
         */
        post: operations["sandboxIssuePortalToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Which token the request carries and the partner it acts for: with a portal token, the token's partner;
         *     with the admin token, the partner `?partner=` names (the default partner when absent).
         */
        get: operations["sandboxWhoAmI"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["sandboxListKeys"];
        put?: never;
        post: operations["sandboxCreateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key}/rotate": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["sandboxRotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{key}/revoke": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["sandboxRevokeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Connects a client through a hosted session completed server-side, as a person on the hosted page would. */
        post: operations["sandboxConnectClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["sandboxGetWebhook"];
        put: operations["sandboxSetWebhook"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/test": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["sandboxFireTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/samples/{event}": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["sandboxFireSample"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/deliveries": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["sandboxListDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/deliveries/{delivery_id}": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["sandboxGetDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/redeliver": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["sandboxRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description An end user acts on either channel. `kind` message (default) opens the 24-hour window and raises
         *     `message.received` (chat media is stored for `GET /media/{media_id}`); reaction, read, postback, echo
         *     and preferences raise their events.
         */
        post: operations["sandboxSimulateInbound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/review": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Decides a template's review now (`status`), or runs its planned next move now (no `status`). */
        post: operations["sandboxDecideReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["sandboxSetProvider"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/{message_id}/status": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["sandboxAdvanceMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-recipients": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["sandboxRegisterTestRecipient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trial": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["sandboxSetTrial"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/signup-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description A code as the provider's embedded signup hands one out (`{auth_code}`), for `POST /v1/clients/signup`;
         *     the simulated provider exchanges each code once.
         */
        post: operations["sandboxIssueSignupCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/examples": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Puts in place, for the partner, what the request examples of the public contract name, so every code
         *     sample of the rendered reference runs as shown: the chat client `acme-shoes-de` and the social client
         *     `acme-shoes-social` (connected when missing), customers who wrote in (their windows open again), the
         *     example media ids, the header media handle and the approved templates (an edited one approved again, a
         *     deleted one back). A template name is unique per language for a client: when another template of the
         *     client holds an example's name and language, the example is skipped, never made a second time, and its
         *     `outcome` and `note` say so. Their ids are the provider's, so one partner of a server holds them: `409`
         *     when another partner does.
         */
        post: operations["sandboxExamples"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The partner's faults, oldest first, with how many requests (or deliveries) took each; used-up ones stay listed until cleared. */
        get: operations["sandboxListFaults"];
        put?: never;
        /**
         * @description Sets a fault. `429`, `500` and `502` answer a request of the key in place of the operation's answer
         *     (the section 7 envelope with `rate_limited`, `internal_error` or `upstream_unavailable`, `X-Request-Id`,
         *     and for 429 `Retry-After`); `delay` lets the request wait `delay_ms` before it goes on; `drop` closes
         *     its connection without an answer. A request takes a fault after the edge's checks (key, rate limit,
         *     scope) and is still validated first: an invalid request is answered 400 (and takes its turn).
         *     A status fault reaches only the operations whose responses in openapi.yaml list that status (no 502
         *     for an operation that documents none): `applies_to` names them, and a fault set for one operation
         *     that does not document its status is refused with 400. `duplicate_delivery` sends the partner's next
         *     events twice; `out_of_order_delivery` holds an event back until the partner's next event has been
         *     attempted (60 s at most). A fault takes the next `times` requests (or deliveries), 1 unless
         *     `share_percent` is given: that share of them, evenly spread from the first, until cleared.
         */
        post: operations["sandboxAddFault"];
        /** @description Removes the partner's faults, or those of one key. */
        delete: operations["sandboxClearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults/{fault_id}": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["sandboxRemoveFault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usage": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description The partner's monthly usage, as `GET /v1/usage` answers it to the partner's keys: the current UTC month in
         *     `current` and the twelve closed months before it in `history`, newest first.
         */
        get: operations["sandboxGetUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description The partner's request log, newest first: each `/v1` request made with one of its keys, with its answer's
         *     status, error code, request id and duration. Keys, secrets and tokens are never stored. The log keeps a
         *     partner's most recent requests only (by default the last 1,000 or 7 days, whichever is less; the
         *     server's `REQUEST_LOG_LIMIT` and `REQUEST_LOG_DAYS`). A page holds at most `limit` entries;
         *     `next_cursor`, when not null, fetches the next (older) page.
         */
        get: operations["sandboxListRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{request_id}": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description One request of the log by its request id (the answer's `X-Request-Id`), with its request and answer bodies. */
        get: operations["sandboxGetRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clock": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The partner's current time and how far it is ahead of the server's. */
        get: operations["sandboxGetClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clock/advance": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Moves the partner's time forward, and only that partner's, for every rule of the API that reads time:
         *     customer service windows close, hosted sessions expire, media ids pass 30 days, trials and grace end,
         *     keys expire, a deleted template's name is free after 30 days, the month's usage moves into `history`.
         *     What is then due for the partner (simulated reviews, webhook attempts) runs before the answer. The
         *     clock goes at most 3,650 days ahead of the server's.
         */
        post: operations["sandboxAdvanceClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clock/reset": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Puts the partner's time back to the server's. What was made in the partner's future keeps its timestamps. */
        post: operations["sandboxResetClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contract-fixtures": {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description A ready fixtures file for the drift check (`npm run contract -- --fixtures FILE`; its entries are described
         *     in docs/contract-testing-in-ci.md), all of the partner's: a key with every scope and two more, fresh chat and social
         *     clients, restricted, test, expired, revoked and trial-ended keys, an approved template, an inbound media
         *     id, a registered test recipient, and the sandbox requests that issue signup codes and keys to exhaust, fire
         *     `webhook.test` and point the webhook receiver at the run (those of a partner carry its `partner`); and, for
         *     the second-tenant checks, a chat client, a template id and an uploaded media id of a second partner created
         *     for the file. URLs use the address this request reached the server at.
         */
        post: operations["sandboxContractFixtures"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tick": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Runs what is due now (simulated reviews, webhook retries). */
        post: operations["sandboxTick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                code: string;
                message: string;
                details?: Record<string, never>;
            };
        };
        /** Format: date-time */
        Timestamp: string;
        Partner: {
            id: string;
            name: string;
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description A new partner account with its portal token, shown once. */
        NewPartner: {
            id: string;
            name: string;
            created_at: components["schemas"]["Timestamp"];
            /** @description The partner's portal token (`ptk_…`): shown once, kept only as a hash. */
            portal_token: string;
        };
        /** @description A partner's new portal token, shown once; the one before it no longer works. */
        PortalToken: {
            partner_id: string;
            portal_token: string;
            issued_at: components["schemas"]["Timestamp"];
        };
        Caller: {
            /**
             * @description admin: the provider's token, any partner; portal: this partner's token.
             * @enum {string}
             */
            access: "admin" | "portal";
            partner: components["schemas"]["Partner"];
        };
        /** @description A length of time as whole days, hours, minutes and seconds: `25h`, `31d`, `1d12h`, `90m`, `30s`. */
        Duration: string;
        Clock: {
            partner_id: string;
            /** @description The partner's time. */
            now: components["schemas"]["Timestamp"];
            /** @description How far the partner's time is ahead of the server's. */
            offset_seconds: number;
            /** @description The server's time. */
            server_now: components["schemas"]["Timestamp"];
        };
        /** @description A file of a multipart body, by its size and hash. */
        LoggedFile: {
            field: string;
            filename: string | null;
            content_type: string | null;
            size: number;
            sha256: string;
        };
        /**
         * @description A request or answer body as logged: JSON as `json` (keys, secrets and tokens replaced by `"[redacted]"`),
         *     other text as `text`, a multipart upload as its text `fields` and its `files` by size and hash, and any
         *     other bytes (a downloaded media file) by `size` and `sha256` alone. `truncated`: the JSON or text was
         *     longer than the log keeps (64 KiB) and is cut.
         */
        LoggedBody: {
            content_type: string | null;
            /** @description Bytes. */
            size: number;
            /** @description The JSON body, redacted. */
            json?: unknown;
            text?: string;
            fields?: {
                [key: string]: string;
            };
            files?: components["schemas"]["LoggedFile"][];
            sha256?: string;
            truncated?: boolean;
        };
        RequestSummary: {
            /** @description The answer's `X-Request-Id`. */
            request_id: string;
            /** @description When the request arrived (the partner's time). */
            at: components["schemas"]["Timestamp"];
            method: string;
            /** @description The path and query, as sent. */
            path: string;
            /** @description The operationId of openapi.yaml; null for a path it does not document. */
            operation: string | null;
            status: number;
            /** @description The answer's `error.code`; null for a success. */
            error_code: string | null;
            duration_ms: number;
            key_id: string;
            key_prefix: string;
        };
        RequestList: {
            requests: components["schemas"]["RequestSummary"][];
            /** @description Pass as `cursor` for the next (older) page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description One request of the log, with its headers (authorization redacted) and both bodies. */
        LoggedRequest: components["schemas"]["RequestSummary"] & {
            request_headers: {
                [key: string]: string;
            };
            request_body: components["schemas"]["LoggedBody"] | null;
            response_body: components["schemas"]["LoggedBody"] | null;
        };
        PartnerList: {
            partners: components["schemas"]["Partner"][];
        };
        /** @description A key as stored; its secret is never shown again. */
        Key: {
            id: string;
            partner_id: string;
            name: string | null;
            mode: components["schemas"]["KeyMode"];
            /** @description What a key starts with; enough to name it. */
            prefix: string;
            scopes: string[];
            allowed_ips: string[];
            expires_at: components["schemas"]["Timestamp"] | null;
            created_at: components["schemas"]["Timestamp"];
            revoked_at: components["schemas"]["Timestamp"] | null;
            replaced_by_id: string | null;
        };
        KeyList: {
            keys: components["schemas"]["Key"][];
        };
        /** @description A new key, with its secret (`key`), shown once. */
        NewKey: components["schemas"]["Key"] & {
            key: string;
        };
        /** @description The replacement key with its secret, shown once, and the key it retired. */
        RotatedKey: components["schemas"]["NewKey"] & {
            retired: components["schemas"]["Key"];
        };
        ConnectedClient: {
            client_ref: string;
            channel: components["schemas"]["Channel"];
            /** @description The connected number (`chat`). */
            phone_number: string | null;
            business_account_id: string;
        };
        WebhookConfig: {
            url: string | null;
            events: "all" | components["schemas"]["EventKind"][];
            /** @description The signing secret of the partner's deliveries. */
            secret: string;
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description The event raised, and the receiver it goes to (null: none is set). */
        Fired: {
            event_id: string;
            event: components["schemas"]["EventKind"];
            delivered_to: string | null;
        };
        /** @description Chat media an end user sent, as the provider keeps it (`GET /v1/media/{media_id}` downloads it). */
        InboundMedia: {
            kind: components["schemas"]["MediaKind"];
            id: string;
            mime_type: string;
            sha256: string;
            filename?: string;
        };
        InboundFired: components["schemas"]["Fired"] & {
            media_id?: string;
            media?: components["schemas"]["InboundMedia"];
        };
        DeliveryAttempt: {
            number: number;
            started_at: components["schemas"]["Timestamp"];
            duration_ms: number;
            status_code: number | null;
            error: string | null;
            succeeded: boolean;
        };
        Delivery: {
            id: string;
            event_id: string;
            event: components["schemas"]["EventKind"];
            client_ref: string;
            url: string;
            state: components["schemas"]["DeliveryState"];
            /** @enum {string} */
            trigger: "automatic" | "manual";
            attempts: components["schemas"]["DeliveryAttempt"][];
            next_attempt_at: components["schemas"]["Timestamp"] | null;
            created_at: components["schemas"]["Timestamp"];
        };
        DeliveryList: {
            deliveries: components["schemas"]["Delivery"][];
        };
        DeliveryWithBody: components["schemas"]["Delivery"] & {
            /** @description The exact bytes delivered (and signed). */
            body: string;
        };
        Redelivery: {
            delivery_id: string;
            event_id: string;
            url: string;
        };
        /** @description The template after the move, as `GET /v1/templates/{template_ref}` answers it. */
        ReviewedTemplate: {
            id: string | null;
            client_ref: string;
            name: string;
            language: string;
            status: string;
            rejected_reason?: string | null;
        };
        ProviderState: {
            templates_reachable: boolean;
        };
        MessageStatusMove: {
            message_id: string;
            status: components["schemas"]["SimulatedMessageStatus"];
        };
        TestRecipients: {
            client_ref: string;
            test_recipients: string[];
        };
        TrialState: {
            /** @description null: a plan is active. */
            ends_at: components["schemas"]["Timestamp"] | null;
            grace_days: number;
            /** @description The key whose own trial this is. */
            key_id?: string;
        };
        /** @description What the request examples of the public contract name, in place for the partner. */
        Examples: {
            clients: {
                client_ref: string;
                channel: components["schemas"]["Channel"];
            }[];
            /** @description End users who wrote in; their 24-hour windows are open again. */
            customers: {
                client_ref: string;
                from: string;
            }[];
            media: {
                client_ref: string;
                id: string;
                /** @enum {string} */
                direction: "upload" | "inbound";
            }[];
            header_handles: {
                client_ref: string;
                handle: string;
            }[];
            templates: {
                client_ref: string;
                id: string;
                name: string;
                language: string;
                /** @description The status of the template that holds the name and language now. */
                status: string;
                /**
                 * @description `created`: put in place (it was not there, or the samples deleted it); `reused`: there already, put
                 *     back as described (an edited or reviewed one approved again); `skipped`: another template of the
                 *     client holds the name and language, which the API keeps unique, so none was made (`note` says which).
                 * @enum {string}
                 */
                outcome: "created" | "reused" | "skipped";
                /** @description Why a template was skipped */
                note?: string;
            }[];
        };
        SignupCode: {
            auth_code: string;
        };
        /** @description A request the drift check makes (`{placeholders}` in the body are filled in by the run). */
        HttpAction: {
            method: string;
            url: string;
            headers?: {
                [key: string]: string;
            };
            body?: unknown;
        };
        /** @description A request the drift check calls whenever it needs a fresh value, and where the value is in its answer. */
        Issuer: {
            issue: components["schemas"]["HttpAction"];
            /** @description JSON pointer into the answer. */
            pick: string;
        };
        /** @description The drift check's fixtures file: each entry a value, an issuer or a request (docs/contract-testing-in-ci.md; contract-tests/fixtures-file.ts reads it). */
        ContractFixtures: {
            base_url: string;
            api_key: string;
            /** @description Two more live keys of the partner with every scope: the drift check spreads its generated requests over their rate-limit windows. */
            extra_api_keys: string[];
            chat_client_ref: string;
            social_client_ref: string;
            restricted_api_key: string;
            test_api_key: string;
            expired_api_key: string;
            revoked_api_key: string;
            trial_expired_api_key: string;
            trial_expired_chat_client_ref: string;
            approved_template: string;
            approved_template_language: string;
            inbound_media_id?: string;
            test_recipient: string;
            signup_auth_code: components["schemas"]["Issuer"];
            rate_limit_api_key: components["schemas"]["Issuer"];
            webhook_test_trigger: components["schemas"]["HttpAction"];
            webhook_configure: components["schemas"]["HttpAction"];
            /** @description A chat client of a second partner the sandbox creates for the file. */
            foreign_chat_client_ref: string;
            /** @description The provider id of a template of that client. */
            foreign_template: string;
            /** @description An image uploaded through that client. */
            foreign_media_id: string;
        } & {
            [key: string]: unknown;
        };
        Tick: {
            ran_at: components["schemas"]["Timestamp"];
            next_delivery_at: components["schemas"]["Timestamp"] | null;
        };
        /** @enum {string} */
        FaultKind: "429" | "500" | "502" | "delay" | "drop" | "duplicate_delivery" | "out_of_order_delivery";
        Fault: {
            id: string;
            kind: components["schemas"]["FaultKind"];
            /** @description The key whose requests take it; null for a delivery fault. */
            key_id: string | null;
            key_prefix: string | null;
            /** @description The one operation it is for; null: every operation in applies_to. */
            operation: string | null;
            /** @description The operations (operationIds) whose requests it reaches: those needing a key that document its status; empty for a delivery fault. */
            applies_to: string[];
            times: number | null;
            /** @description Of times */
            remaining: number | null;
            share_percent: number | null;
            /** @description How many requests (or deliveries) took it so far. */
            applied: number;
            retry_after_seconds: number | null;
            delay_ms: number | null;
            created_at: components["schemas"]["Timestamp"];
        };
        FaultList: {
            faults: components["schemas"]["Fault"][];
        };
        FaultsCleared: {
            cleared: number;
        };
        /**
         * @description A webhook event kind of the public contract (its `webhooks`).
         * @enum {string}
         */
        EventKind: "message.received" | "message.status" | "message.reaction" | "message.echo" | "message.read" | "message.postback" | "template.status" | "user.preferences" | "webhook.test";
        /**
         * @description A test key (simulated deliveries) or a live key.
         * @enum {string}
         */
        KeyMode: "test" | "live";
        /**
         * @description A delivery waiting for its next attempt, delivered, or given up after its last.
         * @enum {string}
         */
        DeliveryState: "pending" | "succeeded" | "failed";
        /**
         * @description What the end user does.
         * @enum {string}
         */
        InboundKind: "message" | "reaction" | "read" | "postback" | "echo" | "preferences";
        /**
         * @description Where a template's review can end (any state but PENDING).
         * @enum {string}
         */
        ReviewOutcome: "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED" | "IN_APPEAL" | "FLAGGED";
        /**
         * @description A status an outbound message can move to after `sent`.
         * @enum {string}
         */
        SimulatedMessageStatus: "delivered" | "read" | "failed";
        /** @description The secret webhook deliveries are signed with. */
        SigningSecret: string;
        /**
         * @description Partner-chosen stable unique identifier of a client (1–128 letters, digits, `.`, `_`, `:`, `@`, `-`).
         * @example acme-shoes-de
         */
        ClientRef: string;
        /**
         * @description `chat` (phone-number messaging, supports templates) or `social` (social-media direct messages).
         * @enum {string}
         */
        Channel: "chat" | "social";
        /**
         * @description `chat`: a phone number in international format, digits only (`4915112345678`). A leading `+`, spaces
         *     and dashes are removed first, so `+49 151 1234-5678` is the same recipient (for the customer service
         *     window, test recipients and `message.status` alike); anything else is refused with `400 bad_request`
         *     naming `to`. `social`: the scoped user ID, as given.
         * @example 4915112345678
         */
        Recipient: string;
        /**
         * @description The kind of a media file, as the message type that carries it.
         * @enum {string}
         */
        MediaKind: "image" | "video" | "audio" | "document" | "sticker";
        /**
         * @description Whether the end user opted in or out.
         * @enum {string}
         */
        PreferenceValue: "opt_in" | "opt_out";
        UsageResponse: {
            current: components["schemas"]["UsagePeriod"];
            /** @description The twelve closed months before the current one, newest first. */
            history: components["schemas"]["UsagePeriod"][];
        };
        UsagePeriod: {
            /** @description Year and month, UTC (`YYYY-MM`). */
            period: string;
            inbound_messages: number;
            /** @description Free-form messages delivered with live keys. */
            outbound_messages: number;
            /** @description Template messages delivered with live keys. */
            outbound_template_messages: number;
            /** @description Sum of the three counts. */
            total_messages: number;
        };
    };
    responses: {
        /** @description Refused: the section 7 envelope of the public API (401 without a valid admin or portal token, 403 `forbidden` for a portal token on an operation that acts on every partner, 404 for an unknown partner or resource or another partner named with a portal token, 400 and 409 for a refused request). */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not done: the simulated provider could not be reached (502 `upstream_unavailable`, after `provider` set it unreachable), or an unexpected failure (500 `internal_error`; quote `X-Request-Id`). */
        Failure: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
        Partner: string;
        /** @description Key id or display prefix. */
        Key: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    sandboxListPartners: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerList"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxCreatePartner: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewPartner"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxIssuePortalToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                partner_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalToken"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxWhoAmI: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Caller"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxListKeys: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyList"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxCreateKey: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mode: components["schemas"]["KeyMode"];
                    scopes?: "all" | string[];
                    /** @description never, 30d, 90d, 1y or an ISO time */
                    expires?: string;
                    allow_ips?: string[];
                    name?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewKey"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxRotateKey: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path: {
                /** @description Key id or display prefix. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedKey"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxRevokeKey: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path: {
                /** @description Key id or display prefix. */
                key: components["parameters"]["Key"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Key"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxConnectClient: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_ref: components["schemas"]["ClientRef"];
                    channel: components["schemas"]["Channel"];
                    business_name?: string;
                    phone_number?: string;
                    username?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectedClient"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxGetWebhook: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookConfig"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxSetWebhook: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string | null;
                    events?: components["schemas"]["EventKind"][];
                    secret?: components["schemas"]["SigningSecret"];
                    rotate_secret?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookConfig"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxFireTest: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    client_ref?: string;
                    message?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fired"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxFireSample: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path: {
                event: components["schemas"]["EventKind"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    client_ref?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fired"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxListDeliveries: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
                event_id?: string;
                event?: components["schemas"]["EventKind"];
                state?: components["schemas"]["DeliveryState"];
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxGetDelivery: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path: {
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryWithBody"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxRedeliver: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An event id or a delivery id. */
                    ref: string;
                };
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Redelivery"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxSimulateInbound: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_ref: string;
                    /** @description Phone number (chat) or scoped user id (social). */
                    from: components["schemas"]["Recipient"];
                    name?: string;
                    /** @default message */
                    kind?: components["schemas"]["InboundKind"];
                    text?: string;
                    media?: {
                        type: components["schemas"]["MediaKind"];
                        content_base64: string;
                        mime_type?: string;
                        filename?: string;
                        caption?: string;
                    };
                    message_id?: string;
                    emoji?: string;
                    payload?: string;
                    title?: string;
                    value?: components["schemas"]["PreferenceValue"];
                };
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboundFired"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxDecideReview: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_ref: string;
                    template_ref: string;
                    language?: string;
                    status?: components["schemas"]["ReviewOutcome"];
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewedTemplate"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxSetProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    templates_reachable: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderState"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxAdvanceMessage: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path: {
                message_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    status: components["schemas"]["SimulatedMessageStatus"];
                    error_code?: number;
                    error_title?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageStatusMove"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxRegisterTestRecipient: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_ref: string;
                    recipient: components["schemas"]["Recipient"];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestRecipients"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxSetTrial: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description null means a plan is active.
                     */
                    ends_at: string | null;
                    /** @default 7 */
                    grace_days?: number;
                    /**
                     * @description Key id or display prefix of one of the partner's keys: set the trial of that key alone (the key then
                     *     answers as a key of another partner account whose trial this is), not the partner's.
                     */
                    key?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrialState"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxIssueSignupCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignupCode"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxExamples: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Examples"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxListFaults: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultList"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxAddFault: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    kind: components["schemas"]["FaultKind"];
                    /** @description The key (id or display prefix) whose requests take it: required for 429, 500, 502, delay and drop, refused for delivery faults. */
                    key?: string;
                    /** @description Only this operation's requests (its operationId in openapi.yaml, e.g. sendMessage). */
                    operation?: string;
                    times?: number;
                    share_percent?: number;
                    /** @description The Retry-After of a 429 fault (default 1). */
                    retry_after_seconds?: number;
                    /** @description How long a delay fault holds the request. */
                    delay_ms?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxClearFaults: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
                /** @description The key (id or display prefix) whose faults to remove. */
                key?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultsCleared"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxRemoveFault: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path: {
                fault_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fault removed, as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxGetUsage: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageResponse"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxListRequests: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
                /** @description The operationId of openapi.yaml (e.g. sendMessage). */
                operation?: string;
                /** @description The answer's HTTP status. */
                status?: number;
                /** @description The answer's `error.code` (e.g. outside_service_window). */
                error_code?: string;
                /** @description The `X-Request-Id` of the answer. */
                request_id?: string;
                /** @description The key (its id or display prefix) the requests were made with. */
                key?: string;
                /** @description Requests at or after this time (the partner's time). */
                since?: components["schemas"]["Timestamp"];
                /** @description Requests before this time (the partner's time). */
                until?: components["schemas"]["Timestamp"];
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestList"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxGetRequest: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoggedRequest"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxGetClock: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxAdvanceClock: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    by: components["schemas"]["Duration"];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxResetClock: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxContractFixtures: {
        parameters: {
            query?: {
                /** @description The partner the call acts for (`ptn_…`); when absent, the portal token's partner, or with the admin token the default partner. With a portal token, another partner is answered `404`. */
                partner?: components["parameters"]["Partner"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractFixtures"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
    sandboxTick: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tick"];
                };
            };
            "4XX": components["responses"]["Error"];
            "5XX": components["responses"]["Failure"];
        };
    };
}
