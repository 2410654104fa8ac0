import { randomBase62, type SecretBox } from '../../shared/secrets.js';

/** A signing secret: `whsec_` + 40 base62 characters (~238 bits). The HMAC key is the whole string. */
export function newEndpointSecret(): string {
  return `whsec_${randomBase62(40)}`;
}

/** Bound to the endpoint id, so a sealed secret copied onto another row does not open. */
const aad = (endpointId: string) => `webhook-secret:${endpointId}`;

export function sealEndpointSecret(secrets: SecretBox, endpointId: string, secret: string): Buffer {
  return secrets.seal(secret, aad(endpointId));
}

export function openEndpointSecret(
  secrets: SecretBox,
  endpoint: { id: string; secretSealed: Buffer },
): string {
  return secrets.openString(endpoint.secretSealed, aad(endpoint.id));
}
