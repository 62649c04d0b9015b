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

/**
 * To the address a member moved away from: the change, the new address partly hidden (this
 * mailbox may be the one that was lost), and what to do if it was not them.
 */
export function emailChangedMail(
  siteName: string,
  recipient: Recipient,
  { newEmail, contactUrl }: { newEmail: string; contactUrl: string },
): MailMessage {
  return {
    to: recipient.email,
    subject: `${siteName}: Your email address was changed`,
    ...renderMail({
      siteName,
      greeting: greeting(recipient),
      lines: [
        `The email address of your ${siteName} account was changed to ${maskEmail(newEmail)}.`,
        "Mail about your account now goes to the new address.",
      ],
      action: { label: "Contact Us", url: contactUrl },
      outro: [
        "If you made this change, no further action is required.",
        "If you did not make this change, someone else may be using your account: contact us at once.",
      ],
    }),
  };
}

/** `newaddress@example.org` → `ne***@example.org`: enough to recognise, too little to use. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, Math.max(at, 0));
  const shown = local.length > 3 ? 2 : 1;
  return `${local.slice(0, shown)}***${email.slice(at)}`;
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

/** An admin added the recipient (record 036): the link sets their password and verifies the address. */
export function invitationMail(
  siteName: string,
  recipient: Recipient,
  { url, inviter, days }: { url: string; inviter: string; days: number },
): MailMessage {
  const who = inviter.trim() || "An administrator";
  return {
    to: recipient.email,
    subject: `${siteName}: You are invited`,
    link: url,
    ...renderMail({
      siteName,
      greeting: greeting(recipient),
      lines: [
        `${who} has added you to the ${siteName} web site with this email address.`,
        "Choose your password with the button below, then log in with it.",
      ],
      action: { label: "Set Your Password", url },
      outro: [
        `This invitation link will expire in ${days === 1 ? "1 day" : `${days} days`} and works once.`,
        "If you did not expect this invitation, no further action is required.",
      ],
    }),
  };
}

/**
 * To a member whose two-factor sign-in staff turned off (record 063): they asked for it, having
 * lost their authenticator; anyone else who reads this learns that something is wrong.
 */
export function twoFactorTurnedOffMail(
  siteName: string,
  recipient: Recipient,
  { accountUrl, contactUrl }: { accountUrl: string; contactUrl: string },
): MailMessage {
  return {
    to: recipient.email,
    subject: `${siteName}: Two-factor sign-in was turned off`,
    link: accountUrl,
    ...renderMail({
      siteName,
      greeting: greeting(recipient),
      lines: [
        `Our staff turned off two-factor sign-in for your ${siteName} account. You now log in with your email address and password alone.`,
        "To turn it on again with your new phone or authenticator app, go to Two Factor Auth in your account.",
      ],
      action: { label: "Two Factor Auth", url: accountUrl },
      outro: [`If you did not ask for this, contact us at once: ${contactUrl}`],
      links: [contactUrl],
    }),
  };
}
