import type { ContactMessage } from "../domain/contact.ts";

/** A visitor's message as the admins' list shows it; `mailed_at` is null until it was mailed. */
export function presentContactMessage(message: ContactMessage) {
  return {
    id: message.id,
    name: message.name,
    telephone: message.telephone,
    email: message.email,
    message: message.message,
    created_at: message.created_at,
    mailed_at: message.mailed_at,
  };
}

export function presentContactMessagePage(messages: ContactMessage[], total: number) {
  return { results: messages.map(presentContactMessage), total };
}
