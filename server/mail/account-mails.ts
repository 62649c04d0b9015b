import { renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

type Recipient = { email: string; firstname: string };

const greeting = (recipient: Recipient) =>
  recipient.firstname.trim() ? `Hello ${recipient.firstname.trim()},` : "Hello,";

export function verifyEmailMail(siteName: string, recipient: Recipient, url: string): MailMessage {
  return {
    to: recipient.email,
    subject: `${siteName}: Verify Email Address`,
    link: url,
    ...renderMail({
      siteName,
      greeting: greeting(recipient),
      lines: [
        `Please click the button below to verify your email address for your ${siteName} account.`,
      ],
      action: { label: "Verify Email Address", url },
      outro: [
        "This link will expire in 60 minutes.",
        "If you did not create an account, no further action is required.",
      ],
    }),
  };
}

export function resetPasswordMail(
  siteName: string,
  recipient: Recipient,
  url: string,
): MailMessage {
  return {
    to: recipient.email,
    subject: `${siteName}: Reset Password Notification`,
    link: url,
    ...renderMail({
      siteName,
      greeting: greeting(recipient),
      lines: [
        `You are receiving this email because we received a password reset request for your ${siteName} account.`,
      ],
      action: { label: "Reset Password", url },
      outro: [
        "This password reset link will expire in 60 minutes.",
        "If you did not request a password reset, no further action is required.",
      ],
    }),
  };
}
