import type { Invitation } from "../domain/invitations.ts";
import type { User } from "../types.ts";

export function presentUser(user: User) {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role: user.role,
    two_factor: user.two_factor_confirmed_at !== null,
    email_verified_at: user.email_verified_at,
  };
}

export function presentUserPage(users: User[], total: number) {
  return { results: users.map(presentUser), total };
}

/**
 * A user as the admin calls answer (record 036): `invitation` is the open invitation of a user who
 * has not set a password yet (`mailed_at` null when its mail failed), else null.
 */
export function presentAdminUser(user: User, invitation: Invitation | undefined) {
  return {
    ...presentUser(user),
    invitation: invitation
      ? {
          created_at: invitation.created_at,
          expires_at: invitation.expires_at,
          mailed_at: invitation.mailed_at,
        }
      : null,
  };
}

export function presentAdminUserPage(
  users: User[],
  total: number,
  invitations: Map<number, Invitation>,
) {
  return { results: users.map((user) => presentAdminUser(user, invitations.get(user.id))), total };
}
