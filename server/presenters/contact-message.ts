import type { ContactMessage } from "../domain/contact.ts";

/**
 * A visitor's message as the admins' list shows it; `mailed_at` is null until it was mailed,
 * `state` is unread, read or archived (record 036).
 */
export function presentContactMessage(message: ContactMessage) {
  return {
    id: message.id,
    name: message.name,
    telephone: message.telephone,
    email: message.email,
    message: message.message,
    state: message.state,
    created_at: message.created_at,
    mailed_at: message.mailed_at,
  };
}

/** A page of messages, and how many are unread in all (whatever the page's filter). */
export function presentContactMessagePage(
  messages: ContactMessage[],
  total: number,
  unread: number,
) {
  return { results: messages.map(presentContactMessage), total, unread };
}
