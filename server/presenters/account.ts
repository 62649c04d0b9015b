import type { AccountData } from "../domain/account-export.ts";

// The JSON shapes of the Fortify-compatible account calls (DESIGN §5 "Account"), and ours.

export const presentLoginResult = (twoFactor: boolean) => ({ two_factor: twoFactor });

export const presentMessage = (message: string) => ({ message });

export const presentPasswordConfirmationStatus = (confirmed: boolean) => ({ confirmed });

export const presentTwoFactorQrCode = (qrCode: { svg: string; url: string }) => ({
  svg: qrCode.svg,
  url: qrCode.url,
});

export const presentTwoFactorSecretKey = (secretKey: string) => ({ secretKey });

export const presentRecoveryCodes = (codes: string[]) => [...codes];

/**
 * A member's own data as they download it (record 037): what the site keeps about them, never a
 * password hash, two-factor secret, recovery code, remember token or session id.
 */
export function presentAccountData(data: AccountData, exportedAt: Date) {
  const { user } = data;
  return {
    exported_at: exportedAt.toISOString(),
    profile: {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      role: user.role,
      email_verified_at: user.email_verified_at,
      two_factor: user.two_factor_confirmed_at !== null,
      two_factor_enabled_at: user.two_factor_confirmed_at,
      created_at: user.created_at,
      updated_at: user.updated_at,
    },
    sessions: data.sessions.map((session) => ({
      ip_address: session.ip_address,
      user_agent: session.user_agent,
      last_active_at: new Date(session.last_activity * 1000).toISOString(),
    })),
    activity: data.activity.map((line) => ({
      action: line.action,
      subject: line.subject,
      subject_id: line.subject_id,
      title: line.title,
      ip_address: line.ip_address,
      created_at: line.created_at,
    })),
    // What staff did to the account; their addresses are theirs, not the member's.
    activity_about_you: data.activityAboutThem.map((line) => ({
      action: line.action,
      by: line.user_name || null,
      created_at: line.created_at,
    })),
    drafts: data.drafts.map((draft) => ({
      subject: draft.subject,
      subject_id: draft.subject_id,
      version: draft.version,
      data: draft.data,
      saved_at: draft.saved_at,
    })),
    saved_versions: data.revisions.map((revision) => ({
      subject: revision.subject,
      subject_id: revision.subject_id,
      version: revision.version,
      changed: revision.changed,
      created_at: revision.created_at,
    })),
    contact_messages: data.contactMessages.map((message) => ({
      name: message.name,
      telephone: message.telephone,
      email: message.email,
      message: message.message,
      created_at: message.created_at,
    })),
  };
}
