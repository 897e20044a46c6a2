import type { Config } from '../config.ts';

/**
 * Notification channels (architecture map, "Building blocks"): the message centre always, and SMS through
 * this interface. The default channel is the outbox itself: a message is stored in `sms_messages` and
 * counts as handed over ('outbox'); a school that has an SMS provider sets SMS_GATEWAY_URL and each message
 * is posted to it as JSON, its answer deciding 'sent' or 'failed' (with the error kept for the outbox page).
 */
export interface SmsMessage {
  id: number;
  phone: string;
  text: string;
}

export type SmsOutcome = { id: number; ok: true } | { id: number; ok: false; error: string };

export interface SmsChannel {
  /** 'outbox' or 'gateway', stored with each message. */
  readonly name: string;
  send(messages: SmsMessage[]): Promise<SmsOutcome[]>;
}

/** Keeps the messages in the outbox for whoever reads it (an operator, a later gateway): nothing can fail. */
export const outboxChannel: SmsChannel = {
  name: 'outbox',
  async send(messages) {
    return messages.map((message) => ({ id: message.id, ok: true as const }));
  },
};

/** Posts `{ phone, text, reference }` to the gateway, a few at a time; a 2xx answer is a sent message. */
export function gatewayChannel(url: string, token: string, timeoutMs: number): SmsChannel {
  const sendOne = async (message: SmsMessage): Promise<SmsOutcome> => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ phone: message.phone, text: message.text, reference: String(message.id) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) return { id: message.id, ok: true };
      return { id: message.id, ok: false, error: `gateway answered ${response.status}` };
    } catch (error) {
      return { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
  return {
    name: 'gateway',
    async send(messages) {
      const outcomes: SmsOutcome[] = [];
      for (let i = 0; i < messages.length; i += 8) outcomes.push(...(await Promise.all(messages.slice(i, i + 8).map(sendOne))));
      return outcomes;
    },
  };
}

export function smsChannelOf(config: Pick<Config, 'sms'>): SmsChannel {
  return config.sms.gatewayUrl ? gatewayChannel(config.sms.gatewayUrl, config.sms.gatewayToken, config.sms.timeoutMs) : outboxChannel;
}
