export interface IssuerClaims {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

export function emailForLogin(login: string): string;

export function startOidcIssuer(opts: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  port?: number;
  claimsFor?: (login: string) => IssuerClaims | undefined;
}): Promise<{ issuer: string; close(): Promise<void> }>;
