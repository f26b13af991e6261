// Generated from openapi.yaml by `npm run generate` (openapi-typescript). Do not edit.

export interface paths {
    "/messages/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a free-form message
         * @description **Scope:** `messages:send`.
         *
         *     Sends a free-form message through the channel of the client named by `client_ref`; `type` selects
         *     the same-named payload field (`text`, `image`, `video`, `audio`, `document`, `sticker`, `location`,
         *     `contacts`, `interactive`, `reaction`).
         *
         *     * **Channel rules.** `chat` carries every type. `social` carries only `text`, `image`, `video`,
         *       `audio` and `document`; any other type fails with `400 channel_type_unsupported`.
         *     * **Media on `social`.** Media must be a public HTTPS URL in `<type>.link`; an uploaded media id fails
         *       with `400 media_link_required`. `caption` and `filename` are not delivered on `social`: the send
         *       succeeds and lists them in `warnings`.
         *     * **Media on `chat`.** Give `<type>.id` (from `POST /media`, preferred) or `<type>.link`. A link is
         *       re-fetched at every delivery; a failure to fetch it fails the delivery asynchronously
         *       (`message.status` with `failed`). A media id serves only the client that uploaded it, for 30 days
         *       after the upload: another client's id (of any partner), an expired id or one never issued is refused
         *       at once with `404 media_not_found`, naming the field (an interactive message's header media too).
         *       A dry run or a test-key send is refused the same way: nothing is delivered or counted.
         *     * **Reactions.** `reaction.emoji` set to an empty string removes an existing reaction.
         *     * **Dry run.** With `dry_run: true`, or with any `ik_test_` key, the request is validated and routed
         *       without delivery and the response carries `dry_run: true`. A simulated test-key send also carries
         *       `hint`; sends to registered test recipients are delivered for real.
         *     * **Customer service window.** A free-form send is inside the window when the recipient sent an
         *       inbound message in the last 24 hours. Outside it, `ik_test_` (and portal) sends are refused with
         *       `422 outside_service_window`; live sends proceed and the response carries a warning.
         *     * **Trial gate.** Live sends after trial and grace fail with `402 trial_expired`; test and dry-run
         *       sends remain available.
         *     * **Usage.** Every delivered live send counts as an outbound message in `GET /usage`; the returned
         *       `message_id` keys the `message.status` events that follow.
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/send-template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a template message
         * @description **Scope:** `messages:send`. **Channel:** `chat` only (a `social` client gets `400 channel_type_unsupported`).
         *
         *     Give exactly one of `template_ref` and `template`.
         *
         *     * **`template_ref`** (a template id or name; add `language` when the name exists in several languages):
         *       the template is resolved from the client's templates, must be `APPROVED` (else
         *       `400 template_not_approved`, with the rejection reason when there is one), and its component array
         *       is built server-side from `parameters` (body variables: an array fills `{{1}}`, `{{2}}`… in order;
         *       an object matches named variables or numbered keys), `header` (`{text}`; `{link}` or `{id}` plus
         *       optional `filename`; `{location: {…}}`), `buttons` (values for dynamic URL buttons, in button order)
         *       and `cards` (carousel templates, one entry per card in card order). A dry run returns the assembled
         *       template object in `template`.
         *     * **`template`**: a raw provider template object, forwarded unchanged.
         *     * **Header media by id.** `header.id` (and a card's `header.id`, or an id in a raw template) must be a
         *       media id of this client, under 30 days old (`POST /media`): another client's id (of any partner), an
         *       expired id or one never issued is refused with `404 media_not_found`, dry runs and test keys alike.
         *     * Authentication-category templates and templates with copy-code buttons cannot be assembled from
         *       `template_ref`; send them as a raw `template` (`400 template_layout_unsupported`).
         *     * **Missing placeholders** fail with one code of the missing-parameters family:
         *
         *       | code | when |
         *       |---|---|
         *       | `missing_parameters` | the body has placeholders and `parameters` is absent, or an object lacks a key for one of them; the message names them |
         *       | `parameter_count_mismatch` | `parameters` is an array whose length differs from the number of body placeholders |
         *       | `empty_parameter` | a supplied value (body, header, button or card) is empty or only whitespace |
         *       | `missing_header` | the template's header needs a value (text with `{{1}}`, media, location) and `header` is absent or lacks it |
         *       | `invalid_header_link` | a header or card header `link` is not an absolute `https` URL |
         *       | `missing_button_parameters` | the template has dynamic URL buttons and `buttons` holds fewer values than there are such buttons |
         *       | `missing_cards` | the template is a carousel and `cards` is absent or has a different number of entries than the template's cards |
         *       | `missing_card_buttons` | a card's buttons need values (quick-reply payloads, URL suffixes) and that card's `buttons` lacks them |
         *
         *     * Dry run, test keys, the trial gate and usage work as on `POST /messages/send`; template sends are not
         *       subject to the customer service window. Every delivered live send counts as an outbound template
         *       message in `GET /usage`.
         */
        post: operations["sendTemplateMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload media for sends
         * @description **Scope:** `messages:send`. **Channel:** `chat` clients only (a `social` client gets `400 bad_request`;
         *     `social` sends take a public HTTPS `link`).
         *
         *     Uploads a file to the provider and returns a media id to reference as `<type>.id` on a free-form send
         *     or `header.id` on a template send. The provider keeps it **30 days** (exactly 30 days after the upload it
         *     is gone), and it serves only the client it was uploaded for: a send through any other client, of this
         *     partner or another, is refused with `404 media_not_found`, as is an expired id. Ids are preferred over
         *     links: a `link` is re-fetched at every delivery and a failure to fetch it fails the delivery silently.
         *
         *     The kind is detected from the file's content (its declared type must agree with it):
         *
         *     | kind | types | ceiling |
         *     |---|---|---|
         *     | `image` | jpeg, png | 5 MB |
         *     | `video` | mp4, 3gpp | 16 MB |
         *     | `audio` | aac, mp4 audio, mpeg, amr, ogg | 16 MB |
         *     | `document` | pdf, Office (doc, docx, xls, xlsx, ppt, pptx), txt | 100 MB |
         *     | `sticker` | webp | 500 KB |
         *
         *     Other types fail with `400 media_type_unsupported`; a file over its kind's ceiling with
         *     `400 media_too_large`.
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{media_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download inbound chat media
         * @description **Scope:** `clients:read`.
         *
         *     Downloads media an end user sent in on `chat`: the `message.received` webhook carries only an id
         *     (`messages[].<type>.id`), and the service holds the credentials needed to fetch it. The bytes are
         *     streamed with their real `Content-Type` (declared here as `application/octet-stream`), their
         *     `Content-Length`, and `X-Media-Sha256`, the SHA-256 the provider reports, to verify the download
         *     against. The provider keeps inbound media **30 days**.
         *
         *     `social` does not need this route: its webhook carries a short-lived URL
         *     (`400 channel_media_inline`). A missing `client_ref` query gives `400 client_ref_required`; an id the
         *     provider does not hold for this client (another client's, of any partner; one never issued; one past its
         *     30 days) gives `404 media_not_found`, the same answer for each; a client without channel
         *     credentials on file gives `409 conflict`; a provider that cannot be reached or refuses gives
         *     `502 upstream_unavailable`.
         */
        get: operations["downloadMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embedded-signup/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a hosted chat onboarding session
         * @description **Scope:** `clients:write`. **Channel:** `chat`.
         *
         *     Returns a single-use hosted URL, valid **600 seconds** from creation, where the client's owner connects
         *     their phone number and business account. Completing it runs the real authorization and creates a real
         *     client under `client_ref`, even with a test key. A used or expired URL says so and creates nothing.
         *
         *     `409 number_already_connected` when `client_ref` already has a connected number; `409 conflict` when
         *     `client_ref` is already used by a client on another channel. Connecting a number that is already
         *     connected under another reference (or through another provider) fails on the hosted page and creates
         *     no client.
         */
        post: operations["createEmbeddedSignupSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/social-connect/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a hosted social onboarding session
         * @description **Scope:** `clients:write`. **Channel:** `social`.
         *
         *     Returns a single-use hosted URL, valid **600 seconds** from creation, where the client's owner connects
         *     their professional social account. Completing it runs the real authorization and creates a real client
         *     under `client_ref`, even with a test key. A used or expired URL says so and creates nothing.
         *
         *     `409 conflict` when `client_ref` is already connected, or (on the hosted page) when the account is
         *     already connected under another reference.
         */
        post: operations["createSocialConnectSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List clients
         * @description **Scope:** `clients:read`.
         *
         *     Lists the partner's connected clients, oldest first. `limit` is 1–100 (default 20) and `offset` at
         *     least 0 (default 0). Implementations may answer with a plain array of clients or with the page object
         *     (`results`, `count`, `total`, `limit`, `offset`); the reference server answers with the page object.
         */
        get: operations["listClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{client_ref}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client
         * @description **Scope:** `clients:read`.
         *
         *     Returns one client by its partner-chosen reference. Clients may carry properties beyond those listed;
         *     ignore the ones you do not know.
         */
        get: operations["getClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete onboarding by code exchange
         * @description **Scope:** `clients:write`. **Channel:** `chat`.
         *
         *     Advanced alternative to the hosted session: completes the provider's embedded signup by exchanging the
         *     `auth_code` your own signup flow received, and creates the client (real with either kind of key).
         *     An invalid, expired or already used code gives `400 bad_request`; a `client_ref`, number or business
         *     account that is already connected gives `409 conflict`.
         */
        post: operations["completeClientSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List templates
         * @description **Scope:** `templates:read`. **Channel:** `chat`.
         *
         *     Lists the templates of a client's business account, served from a local mirror that is refreshed from
         *     the provider when it is older than five minutes; `refresh=true` forces a pull. When the provider cannot
         *     be reached, the last known state is served with a `warning`. Filters combine: `status`, `category`,
         *     `language` (exact) and `search` (case-insensitive substring of the name). A missing `client_ref` gives
         *     `400 bad_request`; an unknown or inactive client `404 not_found`.
         */
        get: operations["listTemplates"];
        put?: never;
        /**
         * Create a template
         * @description **Scope:** `templates:write`. **Channel:** `chat`.
         *
         *     Submits a template to the provider for review and answers `201` with status `PENDING`; the review is
         *     asynchronous and its result arrives as a `template.status` webhook (`rejected_reason` is set only when
         *     the result is `REJECTED`).
         *
         *     * `name` is normalized to lower_snake_case (`Order Shipped!` becomes `order_shipped`) and must be unique
         *       per language for the client: the same name and language gives `409 conflict`, and a deleted
         *       template's name cannot be reused for 30 days (`409 conflict`).
         *     * `body.text` up to 1024 characters; `footer.text` up to 60; at most 10 `buttons`, each `text` up to 25
         *       characters; a TEXT header may contain a single `{{1}}`. Missing `examples` entries are auto-filled.
         *     * Media headers (`IMAGE`, `VIDEO`, `DOCUMENT`) need `media_handle` (from `POST /templates/media`) or
         *       `media_url`, which the service downloads (public addresses only) and uploads to the provider. A
         *       handle serves only the client it was uploaded for, for 30 days: another client's (of any partner),
         *       an expired or an unknown handle, also in raw `components`, gives `400 bad_request` with provider code
         *       `131053`.
         *     * `components` (the raw provider component array) takes precedence over `header`, `body`, `footer` and
         *       `buttons`.
         *     * A payload the provider refuses gives `400 bad_request` with the provider's reason.
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload template header media
         * @description **Scope:** `templates:write`. **Channel:** `chat`.
         *
         *     Only needed when you hold the bytes; otherwise give `header.media_url` when creating the template.
         *     Returns a `handle` for `header.media_handle` of this client's templates, usable for 30 days. `format` is
         *     inferred from the file's content when omitted and must agree with it when given. Ceilings: `IMAGE`
         *     (jpeg, png) 5 MB, `VIDEO` (mp4) 16 MB, `DOCUMENT` (pdf) 100 MB. A missing file, an unsupported type or
         *     a file over the ceiling gives `400`.
         */
        post: operations["uploadTemplateMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{template_ref}": {
        parameters: {
            query: {
                /**
                 * @description The client whose business account holds the templates.
                 * @example acme-shoes-de
                 */
                client_ref: components["parameters"]["ClientRefQuery"];
                /**
                 * @description Language of the template, to choose among templates sharing a name.
                 * @example de_DE
                 */
                language?: components["schemas"]["LanguageCode"];
            };
            header?: never;
            path: {
                /**
                 * @description The provider's template id, or the template name.
                 * @example order_shipped
                 */
                template_ref: components["schemas"]["TemplateRef"];
            };
            cookie?: never;
        };
        /**
         * Get a template
         * @description **Scope:** `templates:read`. **Channel:** `chat`.
         *
         *     Returns a template by provider id or by name. When the name exists in several languages and no
         *     `language` is given, the answer is `409 conflict`: pass `language`. `refresh=true` pulls the template
         *     from the provider first.
         */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /**
         * Delete a template
         * @description **Scope:** `templates:write`. **Channel:** `chat`.
         *
         *     Deletes the template (by id: that language only; by name: the given `language`, or the only language
         *     the name exists in). Sends referencing it fail afterwards with `404`, and its name cannot be reused for
         *     30 days. A deletion the provider refuses gives `400`.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        /**
         * Edit a template
         * @description **Scope:** `templates:write`. **Channel:** `chat`.
         *
         *     Replaces the template's content with the body (the same shape as creation) and resubmits it for review:
         *     the answer is `200` with status `PENDING`, and the result arrives as a `template.status` webhook.
         *
         *     * `name` and `language` cannot change: a body whose normalized name or language differs from the
         *       template's gives `400 bad_request`.
         *     * Only templates in `APPROVED`, `REJECTED` or `PAUSED` can be edited; `PENDING`, `IN_APPEAL`,
         *       `DISABLED` and `FLAGGED` give `409 conflict`.
         *     * The provider limits edits of an `APPROVED` template to one per 24 hours and ten per 30 days; beyond
         *       that the answer is `409 conflict`.
         */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read monthly usage
         * @description **Scope:** `clients:read`.
         *
         *     Returns the current UTC month in `current` and the twelve closed months before it in `history`, newest
         *     first (months without traffic count zero). Counts cover all of the partner's clients: inbound messages
         *     received, outbound free-form messages and outbound template messages delivered with live keys
         *     (`total_messages` is their sum). Test-key and dry-run traffic is never counted. It takes no query
         *     parameter: one is answered `400 bad_request`.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health probe
         * @description **Scope:** none; no authentication. Answers `{"status": "ok", "version": "v1"}` while the service is up.
         *     Carries `X-Request-Id` but no rate-limit headers. Query parameters are ignored (a probe's cache-buster
         *     never fails it).
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "message.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.received
         * @description **Channels:** `chat`, `social`. An end user sent a message to a connected client.
         *
         *     On `chat` the payload mirrors the provider: `contacts` and `messages`, each message with `from`, `id`,
         *     `type` and the same-named object; media messages carry only `<type>.id`: download the bytes with
         *     `GET /media/{media_id}` within 30 days and compare them with `<type>.sha256`. On `social`, `contact`
         *     is the person the event is about (key your records on `contact.id`; `username` and `name` are omitted
         *     when no profile exists) and media arrive as `attachments[].payload.url`, a short-lived URL to download
         *     on receipt. An inbound message opens the recipient's 24-hour customer service window.
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onMessageReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.status
         * @description **Channel:** `chat`. A sent message moved to `sent`, `delivered`, `read` or `failed`. `statuses[].id`
         *     is the `message_id` returned by the send. States only move forward (`sent` → `delivered` → `read`;
         *     `failed` can follow `sent` or come first and is final), but events can arrive out of order: keep the
         *     furthest state. Asynchronous delivery failures surface here with `errors` (for example a header media
         *     link that could not be fetched).
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onMessageStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.reaction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.reaction
         * @description **Channels:** `chat`, `social`. An end user added or removed a reaction to a message.
         *     `reaction.action` is `react` or `unreact`; on `unreact` `reaction.emoji` is an empty string.
         *     `contact` is the person who reacted.
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onMessageReaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.echo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.echo
         * @description **Channel:** `social`. The connected professional account sent a message (from the social network's own
         *     app or through this API). `contact` is the recipient; `message` has the same shape as an inbound social
         *     message.
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onMessageEcho"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.read
         * @description **Channel:** `social`. An end user read the conversation up to and including `read.message_id`.
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onMessageRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.postback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.postback
         * @description **Channel:** `social`. An end user activated a postback action (a button, an ice-breaker or a persistent
         *     menu item). `postback.payload` is the payload you set on the action.
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onMessagePostback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "template.status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * template.status
         * @description **Channel:** `chat`. The provider finished reviewing a template (after `POST /templates` or
         *     `PATCH /templates/{template_ref}`), or moved it between states later (for example `APPROVED` →
         *     `PAUSED` for low quality). Carries `template.status` and `template.reason`; `reason` is non-null only
         *     when `status` is `REJECTED`.
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onTemplateStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * user.preferences
         * @description **Channel:** `chat`. An end user opted out of (`opt_out`) or back into (`opt_in`) marketing messages
         *     from the client. Stop sending `MARKETING` templates to a user who opted out.
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onUserPreferences"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description **Channels:** all. A signed diagnostic event fired from the partner portal (on the reference server:
         *     the sandbox) to check the receiver URL and signature verification. `channel` and `client_ref` are the
         *     client the test was fired for; fired without a client, `client_ref` is `webhook_test` and `channel` is
         *     `chat`.
         *
         *     Delivery rules (signature, 5 s, retries, duplicates) are in the introduction.
         */
        post: operations["onWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
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
         * @description A template name, at most 512 characters.
         * @example order_shipped
         */
        TemplateName: string;
        /** @description The provider's template id, or the template name. */
        TemplateRef: components["schemas"]["TemplateName"];
        /**
         * @description The media format of a template header.
         * @enum {string}
         */
        TemplateMediaFormat: "IMAGE" | "VIDEO" | "DOCUMENT";
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
        /**
         * @description Language code of the form `xx` or `xx_XX`.
         * @example en_US
         */
        LanguageCode: string;
        /**
         * @description `chat`: a phone number in international format, digits only (`4915112345678`). A leading `+`, spaces
         *     and dashes are removed first, so `+49 151 1234-5678` is the same recipient (for the customer service
         *     window, test recipients and `message.status` alike); anything else is refused with `400 bad_request`
         *     naming `to`. `social`: the scoped user ID, as given.
         * @example 4915112345678
         */
        Recipient: string;
        /**
         * @description A media id returned by `POST /media`, or the id of inbound media from a webhook.
         * @example 1013859600285441
         */
        MediaId: string;
        /**
         * @description Validate (and, for templates, assemble) without delivering. Always true for `ik_test_` keys.
         * @default false
         */
        DryRun: boolean;
        /** @description A connected channel account. May carry additional properties; ignore unknown ones. */
        Client: {
            client_ref: components["schemas"]["ClientRef"];
            channel: components["schemas"]["Channel"];
            /** @description Display name of the business. */
            business_name?: string;
            /** @description Display phone number (`chat`). */
            phone_number?: string;
            /** @description Provider id of the phone number (`chat`). */
            phone_number_id?: string;
            /** @description The channel business account identifier. */
            business_account_id?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A page of clients. */
        ClientPage: {
            results: components["schemas"]["Client"][];
            /** @description Number of clients in `results`. */
            count: number;
            /** @description Number of clients of the partner. */
            total: number;
            limit: number;
            offset: number;
        };
        /** @description Either a plain array of clients or a page object. */
        ClientListResponse: components["schemas"]["Client"][] | components["schemas"]["ClientPage"];
        SessionRequest: {
            client_ref: components["schemas"]["ClientRef"];
        };
        Session: {
            session_id: string;
            /**
             * Format: uri
             * @description Single-use hosted URL.
             */
            url: string;
            /**
             * @description Seconds until the URL expires (always 600).
             * @constant
             */
            expires_in: 600;
        };
        ClientSignupRequest: {
            client_ref: components["schemas"]["ClientRef"];
            /** @description The code your embedded signup flow received from the provider. */
            auth_code: string;
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
        UsageResponse: {
            current: components["schemas"]["UsagePeriod"];
            /** @description The twelve closed months before the current one, newest first. */
            history: components["schemas"]["UsagePeriod"][];
        };
        StatusResponse: {
            /** @constant */
            status: "ok";
            /** @constant */
            version: "v1";
        };
        /** @description The envelope of every failure. */
        ErrorResponse: {
            error: {
                /** @description Machine-readable code; branch on it (and on the HTTP status), never on `message`. */
                code: import("./constants").ErrorCode;
                /** @description Human-readable explanation; may change. */
                message: string;
                /**
                 * @description Structured context. For validation failures: field name (dotted path) → array of messages;
                 *     `(request body)` stands for the body as a whole. For `provider_rejected`: `provider_code` and
                 *     `provider_message`. For `template_not_approved`: `status` and `rejected_reason`. For the
                 *     missing-parameters family: `missing` (the names). For a template name that matches several
                 *     templates (`409 conflict`): `templates`, the `id` and `language` of each.
                 */
                details?: {
                    [key: string]: unknown;
                };
                /**
                 * Format: uri
                 * @description Where the reference explains this `code`: what it means and what to do (on the reference
                 *     server, its rendered reference at `/docs`). For people reading the error; branch on `code`.
                 */
                doc_url?: string;
            };
        };
        MessageResponse: {
            /** @constant */
            success: true;
            /** @description Id of the message; `message.status` events are keyed by it. */
            message_id: string;
            /**
             * @description Present (and true) when no delivery was attempted.
             * @constant
             */
            dry_run?: true;
            /**
             * @description Present when the message was sent but part of it could not be carried (for example a caption on a
             *     `social` attachment) or it was sent outside the customer service window. The send succeeded and needs
             *     no retry; the listed content did not reach the recipient.
             */
            warnings?: string[];
            /** @description On a `template_ref` dry run, the assembled template object a live send would carry. */
            template?: {
                [key: string]: unknown;
            };
            /** @description On a simulated test-key send; says that delivery (and `message.status`) only happens to registered test recipients, and how to register this recipient. */
            hint?: string;
        };
        TextPayload: {
            body: string;
            /** @description Render a preview of the first URL in `body`. */
            preview_url?: boolean;
        };
        /**
         * Format: uri
         * @description Public HTTPS URL, fetched at every delivery.
         */
        MediaLink: string;
        /** @description Media by `link` (public HTTPS URL) or by `id` (from `POST /media`); give exactly one. */
        MediaReference: {
            link: components["schemas"]["MediaLink"];
        } | {
            id: components["schemas"]["MediaId"];
        };
        /** @description Media with an optional caption (not delivered on `social`). */
        CaptionedMedia: components["schemas"]["MediaReference"] & {
            caption?: string;
        };
        /** @description A document with optional caption and filename (neither delivered on `social`). */
        DocumentMedia: components["schemas"]["MediaReference"] & {
            caption?: string;
            filename?: string;
        };
        LocationPayload: {
            latitude: number;
            longitude: number;
            name?: string;
            address?: string;
        };
        /** @description Contact cards in the provider's format. */
        ContactsPayload: {
            [key: string]: unknown;
        }[];
        /** @description An interactive message in the provider's format (`button`, `list`, `cta_url`, …). */
        InteractivePayload: {
            type: string;
        } & {
            [key: string]: unknown;
        };
        ReactionPayload: {
            /** @description The message reacted to. */
            message_id: string;
            /** @description The emoji; an empty string removes an existing reaction. */
            emoji: string;
        };
        /** @description A free-form message; `type` selects the same-named payload field. */
        SendMessageRequest: components["schemas"]["SendTextMessage"] | components["schemas"]["SendImageMessage"] | components["schemas"]["SendVideoMessage"] | components["schemas"]["SendAudioMessage"] | components["schemas"]["SendDocumentMessage"] | components["schemas"]["SendStickerMessage"] | components["schemas"]["SendLocationMessage"] | components["schemas"]["SendContactsMessage"] | components["schemas"]["SendInteractiveMessage"] | components["schemas"]["SendReactionMessage"];
        /** text */
        SendTextMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "text";
            text: components["schemas"]["TextPayload"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** image */
        SendImageMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "image";
            image: components["schemas"]["CaptionedMedia"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** video */
        SendVideoMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "video";
            video: components["schemas"]["CaptionedMedia"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** audio */
        SendAudioMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "audio";
            audio: components["schemas"]["MediaReference"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** document */
        SendDocumentMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "document";
            document: components["schemas"]["DocumentMedia"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** sticker */
        SendStickerMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "sticker";
            sticker: components["schemas"]["MediaReference"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** location */
        SendLocationMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location";
            location: components["schemas"]["LocationPayload"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** contacts */
        SendContactsMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "contacts";
            contacts: components["schemas"]["ContactsPayload"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** interactive */
        SendInteractiveMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "interactive";
            interactive: components["schemas"]["InteractivePayload"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** reaction */
        SendReactionMessage: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "reaction";
            reaction: components["schemas"]["ReactionPayload"];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** @description Body variables; an array fills `{{1}}`, `{{2}}`… in order, an object matches named variables or numbered keys. */
        TemplateParameters: string[] | {
            [key: string]: string;
        };
        /**
         * @description Header value: `{text}` for a text header; `{link}` (absolute `https` URL, checked at send:
         *     `invalid_header_link`) or `{id}` plus optional `filename` for image, video and document headers;
         *     `{location: {…}}` for location headers.
         */
        TemplateHeaderValue: {
            text?: string;
            link?: string;
            id?: components["schemas"]["MediaId"];
            filename?: string;
            location?: components["schemas"]["LocationPayload"];
        } & {
            [key: string]: unknown;
        };
        /** @description Values for one carousel card. */
        TemplateCard: {
            header?: components["schemas"]["TemplateHeaderValue"];
            parameters?: components["schemas"]["TemplateParameters"];
            /** @description Quick-reply payloads and URL suffixes, in button order. */
            buttons?: string[];
        };
        /** @description A provider template object, forwarded unchanged. */
        RawTemplate: {
            name: components["schemas"]["TemplateName"];
            language?: {
                /** @default en_US */
                code?: components["schemas"]["LanguageCode"];
            };
            components?: {
                [key: string]: unknown;
            }[];
        } & {
            [key: string]: unknown;
        };
        /** @description A template message; give exactly one of `template_ref` and `template`. */
        SendTemplateRequest: components["schemas"]["SendTemplateByRef"] | components["schemas"]["SendRawTemplate"];
        /** By template_ref */
        SendTemplateByRef: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            /** @description Template id or name; resolved, approval-checked and assembled server-side. */
            template_ref: components["schemas"]["TemplateRef"];
            language?: components["schemas"]["LanguageCode"];
            parameters?: components["schemas"]["TemplateParameters"];
            header?: components["schemas"]["TemplateHeaderValue"];
            /** @description Values for dynamic URL buttons, in button order. */
            buttons?: string[];
            /** @description Carousel templates only; one entry per card, in card order. */
            cards?: components["schemas"]["TemplateCard"][];
            dry_run?: components["schemas"]["DryRun"];
        };
        /** By raw template */
        SendRawTemplate: {
            client_ref: components["schemas"]["ClientRef"];
            to: components["schemas"]["Recipient"];
            template: components["schemas"]["RawTemplate"];
            dry_run?: components["schemas"]["DryRun"];
        };
        MediaUploadRequest: {
            client_ref: components["schemas"]["ClientRef"];
            /**
             * Format: binary
             * @description The file; its kind is detected from its content.
             */
            file: Blob;
        };
        MediaUploadResponse: {
            /** @constant */
            success: true;
            media_id: components["schemas"]["MediaId"];
            kind: components["schemas"]["MediaKind"];
            /** @constant */
            expires_in_days: 30;
        };
        /**
         * @description Review state; only `APPROVED` templates can be sent.
         * @enum {string}
         */
        TemplateStatus: "PENDING" | "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED" | "IN_APPEAL" | "FLAGGED";
        /** @enum {string} */
        TemplateCategory: "MARKETING" | "UTILITY" | "AUTHENTICATION";
        /** @description Placeholders expected per component. */
        TemplateVariables: {
            header?: string[];
            body?: string[];
            buttons?: string[];
        };
        Template: {
            /** @description Provider's template id; usable as `template_ref`. */
            id: string | null;
            client_ref: components["schemas"]["ClientRef"];
            /** @description lower_snake_case name. */
            name: components["schemas"]["TemplateName"];
            language: components["schemas"]["LanguageCode"];
            category?: components["schemas"]["TemplateCategory"];
            status: components["schemas"]["TemplateStatus"];
            /** @description Provider's reason; non-null only when `status` is `REJECTED`. */
            rejected_reason?: string | null;
            /** @description `STANDARD`, `CAROUSEL` or `AUTHENTICATION`. */
            template_type?: string;
            /** @description The provider's component array. */
            components?: {
                [key: string]: unknown;
            }[];
            variables?: components["schemas"]["TemplateVariables"];
            /** Format: date-time */
            created_at?: string | null;
            /** Format: date-time */
            updated_at?: string | null;
        };
        TemplateList: {
            results: components["schemas"]["Template"][];
            count: number;
            /** @description Present when the provider could not be reached to refresh and the last known state is served. */
            warning?: string;
        };
        /** TEXT */
        TemplateTextHeader: {
            /** @constant */
            format: "TEXT";
            /** @description Header text; may contain a single `{{1}}`. */
            text: components["schemas"]["TemplateHeaderText"];
            examples?: string[];
        };
        /** IMAGE, VIDEO, DOCUMENT */
        TemplateMediaHeader: {
            format: components["schemas"]["TemplateMediaFormat"];
            examples?: string[];
        } & components["schemas"]["TemplateMediaSource"];
        /** @description Header media by `media_handle` or by `media_url`; give exactly one. */
        TemplateMediaSource: {
            /** @description Handle from `POST /templates/media`. */
            media_handle: string;
        } | {
            /**
             * Format: uri
             * @description Public URL the service downloads and uploads to the provider. Every address the host resolves
             *     to, and every redirect (at most 3), must be public: loopback, private, link-local, shared,
             *     reserved, multicast and unspecified addresses are refused in every spelling, IPv4 addresses
             *     carried inside IPv6 ones (mapped, compatible, NAT64, 6to4, Teredo) included. The download
             *     must complete within 60 s (15 s without data at most) and is held to the header's size ceiling.
             */
            media_url: string;
        };
        /** LOCATION */
        TemplateLocationHeader: {
            /** @constant */
            format: "LOCATION";
        };
        /** @description The template header; media formats need `media_handle` or `media_url`. */
        TemplateHeader: components["schemas"]["TemplateTextHeader"] | components["schemas"]["TemplateMediaHeader"] | components["schemas"]["TemplateLocationHeader"];
        /** @description The text of a template's body, with its `{{n}}` placeholders. */
        TemplateBodyText: string;
        /** @description The text of a template's text header. */
        TemplateHeaderText: string;
        /** @description The text of a template's footer. */
        TemplateFooterText: string;
        /** @description A template's buttons, in order. */
        TemplateButtons: components["schemas"]["TemplateButton"][];
        TemplateButtonText: string;
        /** QUICK_REPLY */
        TemplateQuickReplyButton: {
            /** @constant */
            type: "QUICK_REPLY";
            text: components["schemas"]["TemplateButtonText"];
        };
        /** URL */
        TemplateUrlButton: {
            /** @constant */
            type: "URL";
            text: components["schemas"]["TemplateButtonText"];
            /** @description Target URL; a trailing `{{1}}` makes it dynamic (its suffix is given at send time). */
            url: string;
            example?: string[];
        };
        /** PHONE_NUMBER */
        TemplatePhoneNumberButton: {
            /** @constant */
            type: "PHONE_NUMBER";
            text: components["schemas"]["TemplateButtonText"];
            phone_number: string;
        };
        /** COPY_CODE */
        TemplateCopyCodeButton: {
            /** @constant */
            type: "COPY_CODE";
            text: components["schemas"]["TemplateButtonText"];
            example?: string[];
        };
        /** OTP */
        TemplateOtpButton: {
            /** @constant */
            type: "OTP";
            text: components["schemas"]["TemplateButtonText"];
            /** @enum {string} */
            otp_type?: "COPY_CODE" | "ONE_TAP" | "ZERO_TAP";
        };
        TemplateButton: components["schemas"]["TemplateQuickReplyButton"] | components["schemas"]["TemplateUrlButton"] | components["schemas"]["TemplatePhoneNumberButton"] | components["schemas"]["TemplateCopyCodeButton"] | components["schemas"]["TemplateOtpButton"];
        /** @description A template to create, or the new content of a template being edited. */
        CreateTemplateRequest: {
            client_ref: components["schemas"]["ClientRef"];
            /** @description Normalized to lower_snake_case; unique per language for the client. */
            name: components["schemas"]["TemplateName"];
            /** @default en_US */
            language?: components["schemas"]["LanguageCode"];
            /** @default MARKETING */
            category?: components["schemas"]["TemplateCategory"];
            header?: components["schemas"]["TemplateHeader"];
            body: {
                text: components["schemas"]["TemplateBodyText"];
                /** @description One sample per `{{n}}` placeholder; missing entries are auto-filled. */
                examples?: string[];
            };
            footer?: {
                text: components["schemas"]["TemplateFooterText"];
            };
            buttons?: components["schemas"]["TemplateButtons"];
            /** @description Raw provider component array; takes precedence over `header`, `body`, `footer` and `buttons`. */
            components?: {
                [key: string]: unknown;
            }[];
        };
        TemplateMediaUploadRequest: {
            client_ref: components["schemas"]["ClientRef"];
            /** Format: binary */
            file: Blob;
            /** @description Inferred from the file's content when omitted. */
            format?: components["schemas"]["TemplateMediaFormat"];
        };
        TemplateMediaResponse: {
            handle: string;
            format: components["schemas"]["TemplateMediaFormat"];
            filename?: string;
            size?: number;
        };
        /** @description Unique id of the event, the same on every attempt and redelivery; dedupe on it. */
        EventId: string;
        /**
         * Format: date-time
         * @description When the event happened, ISO 8601 UTC with milliseconds.
         */
        EventTimestamp: string;
        /** @description The end user the event is about. Key records on `id`; `username` and `name` are omitted when no profile exists. */
        EventContact: {
            /** @description Phone number (`chat`) or scoped user ID (`social`). */
            id: string;
            username?: string;
            name?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description Inbound `chat` media; fetch the bytes with `GET /media/{media_id}`. */
        InboundMedia: {
            id: components["schemas"]["MediaId"];
            mime_type?: string;
            /** @description Lowercase hex SHA-256 of the media, to check against `X-Media-Sha256`. */
            sha256?: string;
            caption?: string;
            filename?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A `chat` message as the provider sends it; `type` selects the same-named object. */
        ChatInboundMessage: {
            /** @description Sender's phone number. */
            from: string;
            /** @description Message id; dedupe on it. */
            id: string;
            /** @description `text`, `image`, `video`, `audio`, `document`, `sticker`, `location`, `contacts`, `interactive`, `button`, … */
            type: string;
            text?: {
                body: string;
            };
            image?: components["schemas"]["InboundMedia"];
            video?: components["schemas"]["InboundMedia"];
            audio?: components["schemas"]["InboundMedia"];
            document?: components["schemas"]["InboundMedia"];
            sticker?: components["schemas"]["InboundMedia"];
        } & {
            [key: string]: unknown;
        };
        SocialParticipant: {
            id: string;
            username?: string;
            name?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A `social` direct message; media arrive as short-lived URLs in `attachments[].payload.url`. */
        SocialMessage: {
            /** @description Message id; dedupe on it. */
            id: string;
            sender: components["schemas"]["SocialParticipant"];
            recipient: {
                id: string;
            } & {
                [key: string]: unknown;
            };
            text?: string;
            attachments?: ({
                /** @description `image`, `video`, `audio`, `file`, `share`, … */
                type: string;
                payload: {
                    /**
                     * Format: uri
                     * @description Short-lived URL; download on receipt.
                     */
                    url: string;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        /** @description `message.received`, in the shape of the channel. */
        MessageReceivedEvent: components["schemas"]["MessageReceivedChatEvent"] | components["schemas"]["MessageReceivedSocialEvent"];
        /** chat */
        MessageReceivedChatEvent: {
            /** @constant */
            event: "message.received";
            event_id: components["schemas"]["EventId"];
            /** @constant */
            channel: "chat";
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            /** @description The client's phone number the message was sent to. */
            phone_number: string;
            contacts: ({
                profile: {
                    name: string;
                } & {
                    [key: string]: unknown;
                };
                /** @description The sender's phone number. */
                wa_id: string;
            } & {
                [key: string]: unknown;
            })[];
            messages: components["schemas"]["ChatInboundMessage"][];
        } & {
            [key: string]: unknown;
        };
        /** social */
        MessageReceivedSocialEvent: {
            /** @constant */
            event: "message.received";
            event_id: components["schemas"]["EventId"];
            /** @constant */
            channel: "social";
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            contact: components["schemas"]["EventContact"];
            messages: components["schemas"]["SocialMessage"][];
        } & {
            [key: string]: unknown;
        };
        /**
         * @description `sent` → `delivered` → `read`; `failed` is final.
         * @enum {string}
         */
        OutboundMessageStatus: "sent" | "delivered" | "read" | "failed";
        MessageStatusEvent: {
            /** @constant */
            event: "message.status";
            event_id: components["schemas"]["EventId"];
            /** @constant */
            channel: "chat";
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            statuses: ({
                /** @description The `message_id` returned by the send. */
                id: string;
                status: components["schemas"]["OutboundMessageStatus"];
                recipient_id: string;
                timestamp: components["schemas"]["EventTimestamp"];
                /** @description Present when `status` is `failed`. */
                errors?: ({
                    /** @description The provider's error code. */
                    code: number;
                    title: string;
                    message?: string;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        MessageReactionEvent: {
            /** @constant */
            event: "message.reaction";
            event_id: components["schemas"]["EventId"];
            channel: components["schemas"]["Channel"];
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            contact: components["schemas"]["EventContact"];
            reaction: {
                /** @description The message reacted to. */
                message_id: string;
                /** @description The emoji; empty when the reaction was removed. */
                emoji: string;
                /** @enum {string} */
                action: "react" | "unreact";
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        MessageEchoEvent: {
            /** @constant */
            event: "message.echo";
            event_id: components["schemas"]["EventId"];
            /** @constant */
            channel: "social";
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            contact: components["schemas"]["EventContact"];
            message: components["schemas"]["SocialMessage"];
        } & {
            [key: string]: unknown;
        };
        MessageReadEvent: {
            /** @constant */
            event: "message.read";
            event_id: components["schemas"]["EventId"];
            /** @constant */
            channel: "social";
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            contact: components["schemas"]["EventContact"];
            read: {
                /** @description The newest message read. */
                message_id: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        MessagePostbackEvent: {
            /** @constant */
            event: "message.postback";
            event_id: components["schemas"]["EventId"];
            /** @constant */
            channel: "social";
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            contact: components["schemas"]["EventContact"];
            postback: {
                /** @description The message carrying the action, when there is one. */
                message_id?: string;
                title?: string;
                payload: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        TemplateStatusEvent: {
            /** @constant */
            event: "template.status";
            event_id: components["schemas"]["EventId"];
            /** @constant */
            channel: "chat";
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            template: {
                id: string;
                name: string;
                language: components["schemas"]["LanguageCode"];
                status: components["schemas"]["TemplateStatus"];
                previous_status?: components["schemas"]["TemplateStatus"];
                /** @description The provider's reason; non-null only when `status` is `REJECTED`. */
                reason: string | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        UserPreferencesEvent: {
            /** @constant */
            event: "user.preferences";
            event_id: components["schemas"]["EventId"];
            /** @constant */
            channel: "chat";
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            contact: components["schemas"]["EventContact"];
            preference: {
                /** @description `marketing_messages`; more categories may be added. */
                category: string;
                value: components["schemas"]["PreferenceValue"];
                detail?: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        WebhookTestEvent: {
            /** @constant */
            event: "webhook.test";
            event_id: components["schemas"]["EventId"];
            channel: components["schemas"]["Channel"];
            client_ref: components["schemas"]["ClientRef"];
            timestamp: components["schemas"]["EventTimestamp"];
            test: {
                message: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
    };
    responses: {
        /** @description The request is malformed or a field is invalid; `details` maps each field to its messages. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request is malformed or a field is invalid (`details` maps each field to its messages), or the client is a `social` client, which has no templates (`channel_type_unsupported`). */
        TemplateBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key is missing, malformed, unknown, expired or revoked, was sent in the query string, or the caller's address is outside the key's allowlist. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Live sending is paused because trial and grace have ended; test and dry-run sends remain available. */
        TrialExpired: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key is valid but lacks the scope this operation requires. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No client with this `client_ref` exists for the partner, or it is inactive. */
        ClientNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No such client, or no such template for the client. */
        TemplateOrClientNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The template name exists in several languages; pass `language`. */
        TemplateNameAmbiguous: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key's request window is exhausted (or the upstream throttle refused the request); wait `Retry-After` seconds. */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description An unexpected error at the edge; retry with backoff. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The channel provider could not be reached or gave no usable answer; retry with backoff. */
        UpstreamUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The hosted session; open `url` once within `expires_in` seconds. */
        SessionCreated: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Session"];
            };
        };
        /** @description Any 2xx within 5 seconds acknowledges the delivery; the body is ignored. */
        WebhookAcknowledged: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The receiver rejects a delivery whose signature does not match; the delivery is retried on the schedule and then kept in the delivery logs. */
        WebhookSignatureRejected: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /**
         * @description The client whose business account holds the templates.
         * @example acme-shoes-de
         */
        ClientRefQuery: components["schemas"]["ClientRef"];
        /**
         * @description Pull from the provider before answering instead of serving the mirror.
         * @example false
         */
        RefreshQuery: boolean;
        /**
         * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
         *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
         *     with `401`.
         * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
         */
        ServiceSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Correlation id of this request (a UUID); quote it when contacting support.
         * @example 3f1c9a7e-5b2d-4e8f-9a61-0c7d2b4e8f15
         */
        "X-Request-Id": string;
        /**
         * @description Ceiling of the key's edge request window.
         * @example 600
         */
        "X-RateLimit-Limit": number;
        /**
         * @description Requests left in the key's current window.
         * @example 599
         */
        "X-RateLimit-Remaining": number;
        /**
         * @description Seconds to wait at least before retrying.
         * @example 17
         */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    sendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendMessageRequest"];
            };
        };
        responses: {
            /** @description The message was accepted for delivery, or validated without delivery on a dry run. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The request is invalid, or the client's channel cannot carry it. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["TrialExpired"];
            403: components["responses"]["Forbidden"];
            /**
             * @description No client with this `client_ref` exists for the partner (`not_found`), or a media id of the send is
             *     not one of this client's or is past its 30 days (`media_not_found`).
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /**
             * @description The provider rejected the send (`provider_rejected`, with the provider's own code and message in
             *     `details`), or a test-key send fell outside the customer service window (`outside_service_window`).
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    sendTemplateMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendTemplateRequest"];
            };
        };
        responses: {
            /** @description The template message was accepted for delivery, or assembled without delivery on a dry run. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The request is invalid, the template is not approved, or its placeholders are not filled. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["TrialExpired"];
            403: components["responses"]["Forbidden"];
            /**
             * @description No such client, or no such template for the client (`not_found`); or a media id of the send is not
             *     one of this client's or is past its 30 days (`media_not_found`).
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            409: components["responses"]["TemplateNameAmbiguous"];
            /** @description The provider rejected the send; `details` carries the provider's own code and message. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MediaUploadRequest"];
            };
        };
        responses: {
            /** @description The media was uploaded to the provider. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaUploadResponse"];
                };
            };
            /** @description The file is missing, of an unsupported type or too large, or the client is not on `chat`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ClientNotFound"];
            /** @description The provider rejected the upload. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    downloadMedia: {
        parameters: {
            query: {
                /**
                 * @description The client whose end user sent the media.
                 * @example acme-shoes-de
                 */
                client_ref: components["schemas"]["ClientRef"];
            };
            header?: never;
            path: {
                /**
                 * @description The media id from the `message.received` webhook (`messages[].<type>.id`).
                 * @example 1469203871245587
                 */
                media_id: components["schemas"]["MediaId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The media bytes. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    /**
                     * @description Lowercase hex SHA-256 of the bytes, as reported by the provider.
                     * @example 9f3c1e0b7a2d4c6e8f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c9d1e3f5a7b9c0d2e
                     */
                    "X-Media-Sha256": string;
                    /**
                     * @description Size of the media in bytes.
                     * @example 48213
                     */
                    "Content-Length": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                    "*/*": Blob;
                };
            };
            /** @description `client_ref` is missing, or the client's channel delivers media inline. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such client, or the provider does not know the media id for this client. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The client has no channel credentials on file. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    createEmbeddedSignupSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionRequest"];
            };
        };
        responses: {
            201: components["responses"]["SessionCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The reference, or its number, is already connected. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createSocialConnectSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SessionRequest"];
            };
        };
        responses: {
            201: components["responses"]["SessionCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The reference, or the social account, is already connected. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listClients: {
        parameters: {
            query?: {
                /**
                 * @description Page size.
                 * @example 20
                 */
                limit?: number;
                /**
                 * @description Number of clients to skip, at most 1,000,000.
                 * @example 0
                 */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The partner-chosen client reference.
                 * @example acme-shoes-de
                 */
                client_ref: components["schemas"]["ClientRef"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ClientNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    completeClientSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientSignupRequest"];
            };
        };
        responses: {
            /** @description The client was connected. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description The request is invalid, or the code is invalid, expired or already used. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The reference, number or business account is already connected. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    listTemplates: {
        parameters: {
            query: {
                /**
                 * @description The client whose business account holds the templates.
                 * @example acme-shoes-de
                 */
                client_ref: components["parameters"]["ClientRefQuery"];
                /**
                 * @description Only templates in this review state.
                 * @example APPROVED
                 */
                status?: components["schemas"]["TemplateStatus"];
                /**
                 * @description Only templates of this category.
                 * @example UTILITY
                 */
                category?: components["schemas"]["TemplateCategory"];
                /**
                 * @description Only templates in this language.
                 * @example de_DE
                 */
                language?: components["schemas"]["LanguageCode"];
                /**
                 * @description Case-insensitive match on part of the template name (free text; `+` and other reserved characters are accepted as sent).
                 * @example order
                 */
                search?: components["schemas"]["TemplateName"];
                /**
                 * @description Pull from the provider before answering instead of serving the mirror.
                 * @example false
                 */
                refresh?: components["parameters"]["RefreshQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching templates. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateList"];
                };
            };
            400: components["responses"]["TemplateBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ClientNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateRequest"];
            };
        };
        responses: {
            /** @description The template was submitted and is in review. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description The payload is invalid, or the provider rejected it. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ClientNotFound"];
            /** @description A template with the same name and language exists, or the name was deleted less than 30 days ago. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    uploadTemplateMedia: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["TemplateMediaUploadRequest"];
            };
        };
        responses: {
            /** @description The media was uploaded; use `handle` as `header.media_handle`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateMediaResponse"];
                };
            };
            /** @description The file is missing, of an unsupported type, or over the size ceiling. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ClientNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    getTemplate: {
        parameters: {
            query: {
                /**
                 * @description The client whose business account holds the templates.
                 * @example acme-shoes-de
                 */
                client_ref: components["parameters"]["ClientRefQuery"];
                /**
                 * @description Language of the template, to choose among templates sharing a name.
                 * @example de_DE
                 */
                language?: components["schemas"]["LanguageCode"];
                /**
                 * @description Pull from the provider before answering instead of serving the mirror.
                 * @example false
                 */
                refresh?: components["parameters"]["RefreshQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The provider's template id, or the template name.
                 * @example order_shipped
                 */
                template_ref: components["schemas"]["TemplateRef"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            400: components["responses"]["TemplateBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["TemplateOrClientNotFound"];
            409: components["responses"]["TemplateNameAmbiguous"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteTemplate: {
        parameters: {
            query: {
                /**
                 * @description The client whose business account holds the templates.
                 * @example acme-shoes-de
                 */
                client_ref: components["parameters"]["ClientRefQuery"];
                /**
                 * @description Language of the template, to choose among templates sharing a name.
                 * @example de_DE
                 */
                language?: components["schemas"]["LanguageCode"];
            };
            header?: never;
            path: {
                /**
                 * @description The provider's template id, or the template name.
                 * @example order_shipped
                 */
                template_ref: components["schemas"]["TemplateRef"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template was deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is invalid, or the provider refused the deletion. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["TemplateOrClientNotFound"];
            409: components["responses"]["TemplateNameAmbiguous"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    updateTemplate: {
        parameters: {
            query: {
                /**
                 * @description The client whose business account holds the templates.
                 * @example acme-shoes-de
                 */
                client_ref: components["parameters"]["ClientRefQuery"];
                /**
                 * @description Language of the template, to choose among templates sharing a name.
                 * @example de_DE
                 */
                language?: components["schemas"]["LanguageCode"];
            };
            header?: never;
            path: {
                /**
                 * @description The provider's template id, or the template name.
                 * @example order_shipped
                 */
                template_ref: components["schemas"]["TemplateRef"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateRequest"];
            };
        };
        responses: {
            /** @description The template was edited and resubmitted for review. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description The body is invalid, tries to change the name or language, or the provider refused it. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["TemplateOrClientNotFound"];
            /** @description The template is in a state that refuses edits, its edit allowance is spent, or the name is ambiguous. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnavailable"];
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage of the current month and the closed months before it. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusResponse"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    onMessageReceived: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageReceivedEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
    onMessageStatus: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageStatusEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
    onMessageReaction: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageReactionEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
    onMessageEcho: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageEchoEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
    onMessageRead: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageReadEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
    onMessagePostback: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessagePostbackEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
    onTemplateStatus: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateStatusEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
    onUserPreferences: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserPreferencesEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
    onWebhookTest: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the exact raw request body, keyed with the
                 *     signing secret from the partner portal. Verify over the raw bytes, in constant time; answer a mismatch
                 *     with `401`.
                 * @example sha256=6f1d2a8c0b4e9f37a5c1d8e2b6f04a93c7e15d28b9a6f3e0c4d7b1a8e2f5c963
                 */
                "X-Service-Signature": components["parameters"]["ServiceSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAcknowledged"];
            401: components["responses"]["WebhookSignatureRejected"];
        };
    };
}
