// The sandbox command's rows for what end users and the provider do: connect a client, write in, review, move a status.
import { readFileSync } from 'node:fs';
import { ENUMS } from '../../sandbox/generated/constants';
import { BOOLEANS, missing, type SandboxCommand } from './table';

export const CONNECT_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'connect',
    summary: 'a connected client, as a person completing the hosted page connects it',
    operation: 'sandboxConnectClient',
    args: [{ name: 'client_ref' }],
    flags: {
      channel: { choices: ENUMS.Channel, required: true, help: 'the channel of the client' },
      phone: { value: 'DIGITS', help: 'chat: the number to connect (default: derived from client_ref)' },
      username: { value: 'HANDLE', help: 'social: the account handle (default: derived from client_ref)' },
      'business-name': { value: 'NAME', help: 'the business name (default: client_ref)' },
    },
    send: (api, g) =>
      api.POST('/clients', {
        params: { query: g.partner },
        body: {
          client_ref: g.arg('client_ref'),
          channel: g.flagOf('channel', ENUMS.Channel)!,
          phone_number: g.flag('phone'), username: g.flag('username'), business_name: g.flag('business-name'),
        },
      }),
  },
];

export const SIMULATOR_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'inbound',
    summary: 'an end user acts on a client: writes (text or a media file), reacts, reads, taps, changes a preference',
    operation: 'sandboxSimulateInbound',
    args: [{ name: 'client_ref' }],
    flags: {
      from: { value: 'USER', required: true, help: 'the end user: a phone number (chat) or a scoped user id (social)' },
      text: { value: 'T', help: 'the text written (message, echo)' },
      name: { value: 'N', help: "the end user's profile name" },
      kind: { choices: ENUMS.InboundKind, help: 'what the end user does (default message)' },
      'media-file': { value: 'PATH', help: 'a file the end user sends (message)' },
      'media-type': { choices: ENUMS.MediaKind, help: 'its type (with --media-file)' },
      mime: { value: 'TYPE', help: 'its declared MIME type (with --media-file)' },
      caption: { value: 'C', help: 'its caption (with --media-file)' },
      'message-id': { value: 'ID', help: 'the message reacted to, read or tapped in' },
      emoji: { value: 'E', help: 'the reaction (none: the reaction is taken back)' },
      payload: { value: 'P', help: "the postback's payload" },
      title: { value: 'T', help: "the postback's button title" },
      value: { choices: ENUMS.PreferenceValue, help: 'the preference (default opt_out)' },
    },
    send: (api, g) => {
      const file = g.flag('media-file');
      return api.POST('/inbound', {
        params: { query: g.partner },
        body: {
          client_ref: g.arg('client_ref'),
          from: g.flag('from')!,
          text: g.flag('text'),
          name: g.flag('name'),
          kind: g.flagOf('kind', ENUMS.InboundKind),
          message_id: g.flag('message-id'),
          emoji: g.flag('emoji'),
          payload: g.flag('payload'),
          title: g.flag('title'),
          value: g.flagOf('value', ENUMS.PreferenceValue),
          media:
            file === undefined
              ? undefined
              : {
                  type: g.flagOf('media-type', ENUMS.MediaKind) ?? missing('inbound', '--media-type'),
                  content_base64: readFileSync(file).toString('base64'),
                  filename: file.split('/').pop(),
                  mime_type: g.flag('mime'),
                  caption: g.flag('caption'),
                },
        },
      });
    },
  },
  {
    name: 'review',
    summary: "decide a template's review (or its next provider move) now",
    operation: 'sandboxDecideReview',
    args: [{ name: 'client_ref' }, { name: 'template_ref' }],
    flags: {
      language: { value: 'L', help: 'the template language, when its name exists in several' },
      status: { choices: ENUMS.ReviewOutcome, help: 'the decision (default: the planned next move)' },
      reason: { value: 'R', help: 'the reason of a rejection' },
    },
    send: (api, g) =>
      api.POST('/templates/review', {
        params: { query: g.partner },
        body: { client_ref: g.arg('client_ref'), template_ref: g.arg('template_ref'), language: g.flag('language'), status: g.flagOf('status', ENUMS.ReviewOutcome), reason: g.flag('reason') },
      }),
  },
  {
    name: 'provider',
    summary: "the simulated provider's template service up or down, for every partner",
    operation: 'sandboxSetProvider',
    flags: { 'templates-reachable': { choices: BOOLEANS, required: true, help: 'false: every template call fails as unreachable' } },
    send: (api, g) => api.PUT('/provider', { body: { templates_reachable: g.flagOf('templates-reachable', BOOLEANS) === 'true' } }),
  },
  {
    name: 'message-status',
    summary: "move a sent message's delivery status on, as the provider reports it",
    operation: 'sandboxAdvanceMessage',
    args: [{ name: 'message_id' }, { name: 'status', choices: ENUMS.SimulatedMessageStatus, value: ENUMS.SimulatedMessageStatus.join('|') }],
    flags: { 'error-code': { value: 'N', help: "a failure's provider code (default 131000)" }, 'error-title': { value: 'T', help: "a failure's title" } },
    send: (api, g) =>
      api.POST('/messages/{message_id}/status', {
        params: { path: { message_id: g.arg('message_id') }, query: g.partner },
        body: { status: g.argOf('status', ENUMS.SimulatedMessageStatus), error_code: g.integer('error-code'), error_title: g.flag('error-title') },
      }),
  },
  {
    name: 'test-recipient',
    summary: "register a number that receives a client's test-key sends (at most 5)",
    operation: 'sandboxRegisterTestRecipient',
    args: [{ name: 'client_ref' }, { name: 'recipient' }],
    send: (api, g) => api.POST('/test-recipients', { params: { query: g.partner }, body: { client_ref: g.arg('client_ref'), recipient: g.arg('recipient') } }),
  },
];
