/** The verified admin that global-setup.ts asks scripts/serve.ts to create (ADMIN_EMAIL/ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "e2e-admin@example.org", password: "e2e-admin-password-1" };
