/**
 * The API paths of a document's files (issue 17): relative to the API's base URL, so they hold
 * behind any proxy; they need the same Bearer key and X-Issuer-Id as the document itself.
 */
export function documentLinks(accessKey: string): { rideUrl: string; xmlUrl: string } {
  return { rideUrl: `/v1/documents/${accessKey}/ride`, xmlUrl: `/v1/documents/${accessKey}/xml` };
}
