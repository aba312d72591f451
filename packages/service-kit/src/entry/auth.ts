// Who is asking: access tokens, roles, ownership, and the sessions revoked since a token was issued.
export * from '../auth.ts';
export * from '../revocations.ts';
