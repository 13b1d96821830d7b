export {
  webhookSpecSchema,
  agentWebhookSpecSchema,
  wantsEvent,
  eventNameOf,
  WEBHOOK_EVENT_NAMES,
  type WebhookSpec,
  type WebhookEventName,
} from './spec.js';
export {
  startedEvent,
  pageEvent,
  pageFailedEvent,
  completedEvent,
  failedEvent,
  actionEvent,
  cancelledEvent,
  type WebhookEvent,
  type WebhookJobKind,
} from './events.js';
export { buildEnvelope, type WebhookEnvelope } from './envelope.js';
export { signPayload, verifySignature } from './signature.js';
export { WEBHOOK_USER_AGENT } from './request-headers.js';
export {
  createWebhookSender,
  type WebhookSender,
  type WebhookSenderOptions,
  type WebhookDeliveryFailure,
  type DeliveryOutcome,
  type SendOptions,
} from './sender.js';
