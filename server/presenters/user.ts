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
