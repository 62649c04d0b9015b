/** The JSON shapes of the Fortify-compatible account calls (DESIGN §5 "Account"). */

export const presentLoginResult = (twoFactor: boolean) => ({ two_factor: twoFactor });

export const presentMessage = (message: string) => ({ message });

export const presentPasswordConfirmationStatus = (confirmed: boolean) => ({ confirmed });

export const presentTwoFactorQrCode = (qrCode: { svg: string; url: string }) => ({
  svg: qrCode.svg,
  url: qrCode.url,
});

export const presentTwoFactorSecretKey = (secretKey: string) => ({ secretKey });

export const presentRecoveryCodes = (codes: string[]) => [...codes];
