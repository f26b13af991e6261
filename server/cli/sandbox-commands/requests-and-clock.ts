// The sandbox command's rows for the partner's request log and its clock.
import { OPERATIONS as API_OPERATIONS } from '../../../generated/server';
import type { SandboxCommand } from './table';

/** The operations of openapi.yaml, by operationId: what `requests --operation` takes. */
const API_OPERATION_IDS = Object.keys(API_OPERATIONS);

export const REQUEST_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'requests',
    summary: "the partner's request log, newest first: each /v1 request of its keys with its status, error code and request id",
    operation: 'sandboxListRequests',
    flags: {
      operation: { value: 'OPERATION_ID', choices: API_OPERATION_IDS, help: 'the requests of one operation (its operationId, e.g. sendMessage)' },
      status: { value: 'N', help: 'the requests answered with this HTTP status' },
      'error-code': { value: 'CODE', help: 'the requests answered with this error.code (e.g. outside_service_window)' },
      'request-id': { value: 'ID', help: 'the request whose answer carried this X-Request-Id' },
      key: { value: '<key id or prefix>', help: 'the requests made with this key' },
      since: { value: '<ISO>', help: "requests at or after this time (the partner's time)" },
      until: { value: '<ISO>', help: "requests before this time (the partner's time)" },
      limit: { value: 'N', help: 'at most N (1 to 500, default 50)' },
      cursor: { value: 'C', help: 'the next_cursor of the page before (older requests)' },
    },
    send: (api, g) =>
      api.GET('/requests', {
        params: {
          query: {
            ...g.partner,
            operation: g.flagOf('operation', API_OPERATION_IDS),
            status: g.integer('status'),
            error_code: g.flag('error-code'),
            request_id: g.flag('request-id'),
            key: g.flag('key'),
            since: g.flag('since'),
            until: g.flag('until'),
            limit: g.integer('limit'),
            cursor: g.flag('cursor'),
          },
        },
      }),
  },
  {
    name: 'request',
    summary: 'one request of the log with its headers and both bodies (keys, secrets and tokens redacted)',
    operation: 'sandboxGetRequest',
    args: [{ name: 'request id' }],
    send: (api, g) => api.GET('/requests/{request_id}', { params: { path: { request_id: g.arg('request id') }, query: g.partner } }),
  },
];

export const CLOCK_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'clock show',
    summary: "the partner's current time and how far it is ahead of the server's",
    operation: 'sandboxGetClock',
    send: (api, g) => api.GET('/clock', { params: { query: g.partner } }),
  },
  {
    name: 'clock advance',
    summary: "move the partner's time forward (windows close, sessions, media, keys and trials expire, the month rolls over; due reviews and webhook retries run)",
    operation: 'sandboxAdvanceClock',
    args: [{ name: 'duration', value: '<duration: 25h, 31d, 1d12h, 90m>' }],
    send: (api, g) => api.POST('/clock/advance', { params: { query: g.partner }, body: { by: g.arg('duration') } }),
  },
  {
    name: 'clock reset',
    summary: "put the partner's time back to the server's",
    operation: 'sandboxResetClock',
    send: (api, g) => api.POST('/clock/reset', { params: { query: g.partner } }),
  },
];
