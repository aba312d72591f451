import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Knex } from '@cropvest/service-kit/db';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function fromPrivateJwk(privateJwk: JWK): Promise<SigningKey> {
  const { d: _d, ...publicJwk } = privateJwk;
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateKey: (await importJWK(privateJwk, 'ES256')) as CryptoKey,
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' },
  };
}

/**
 * The ES256 key that signs access tokens: from JWT_PRIVATE_KEY when set (production), otherwise generated
 * on first boot and kept in this service's schema, so a restart keeps sessions and replicas share it.
 */
export async function loadSigningKey(db: Knex, pem: string | undefined): Promise<SigningKey> {
  if (pem) {
    const key = await importPKCS8(pem.replace(/\\n/g, '\n'), 'ES256', { extractable: true });
    return fromPrivateJwk(await exportJWK(key));
  }
  const existing = await db('signing_keys')
    .orderBy('created_at')
    .first<{ private_jwk: JWK } | undefined>('private_jwk');
  if (existing) return fromPrivateJwk(existing.private_jwk);
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = await fromPrivateJwk(await exportJWK(privateKey));
  await db('signing_keys')
    .insert({
      kid: signingKey.kid,
      private_jwk: await exportJWK(privateKey),
      public_jwk: signingKey.publicJwk,
    })
    .onConflict('kid')
    .ignore();
  // Two replicas may have raced; both use whichever key was stored first.
  const first = await db('signing_keys').orderBy('created_at').first<{ private_jwk: JWK }>('private_jwk');
  return fromPrivateJwk(first.private_jwk);
}
