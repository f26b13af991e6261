// Generated from server/sandbox/openapi.yaml by `npm run generate`. Do not edit.

/** The values of every enumeration the contract names (`components.schemas` with an `enum`), by schema. */
export const ENUMS = {
  FaultKind: ["429", "500", "502", "delay", "drop", "duplicate_delivery", "out_of_order_delivery"],
  EventKind: ["message.received", "message.status", "message.reaction", "message.echo", "message.read", "message.postback", "template.status", "user.preferences", "webhook.test"],
  KeyMode: ["test", "live"],
  DeliveryState: ["pending", "succeeded", "failed"],
  InboundKind: ["message", "reaction", "read", "postback", "echo", "preferences"],
  ReviewOutcome: ["APPROVED", "REJECTED", "PAUSED", "DISABLED", "IN_APPEAL", "FLAGGED"],
  SimulatedMessageStatus: ["delivered", "read", "failed"],
  Channel: ["chat", "social"],
  MediaKind: ["image", "video", "audio", "document", "sticker"],
  PreferenceValue: ["opt_in", "opt_out"],
} as const;

/** The bounds (lengths, sizes, ranges) of every named schema that states them, by schema. */
export const LIMITS = {
  Duration: { maxLength: 32 },
  SigningSecret: { minLength: 16, maxLength: 200 },
  ClientRef: { minLength: 1, maxLength: 128 },
  Recipient: { minLength: 1, maxLength: 64 },
} as const;
