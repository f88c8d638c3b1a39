// The loyalty transport of docs/loyalty.md#transport: every call is a POST to /api/cypher
// whose body carries reqMetadata {method, route, responseFormat, g-recaptcha-response}
// beside the payload, with the session and refresh tokens in {Brand}-Session-Token and
// {Brand}-Refresh-Session-Token headers.

export const CYPHER_PATH = '/api/cypher';

export type ResponseFormat = 'json' | 'raw' | 'blob';

export type CypherCall = {
  method: 'GET' | 'POST';
  route: string;
  payload?: Record<string, unknown>;
  responseFormat?: ResponseFormat;
  sessionToken?: string;
  refreshToken?: string;
  captchaToken?: string;
  /** Send the payload as multipart form data, with reqMetadata as a JSON string field. */
  asForm?: boolean;
};

/** 'boxoffice' -> 'Boxoffice', as the header names spell the brand. */
export function headerBrand(brand: string): string {
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

export function sessionHeaderName(brand: string): string {
  return `${headerBrand(brand)}-Session-Token`;
}

export function refreshHeaderName(brand: string): string {
  return `${headerBrand(brand)}-Refresh-Session-Token`;
}

function requestMetadata(call: CypherCall) {
  return {
    method: call.method,
    route: call.route,
    responseFormat: call.responseFormat ?? 'json',
    ...(call.captchaToken ? { 'g-recaptcha-response': call.captchaToken } : {}),
  };
}

/** The fetch init of one loyalty call. */
export function cypherRequestInit(call: CypherCall, brand: string): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (call.sessionToken) headers[sessionHeaderName(brand)] = call.sessionToken;
  if (call.refreshToken) headers[refreshHeaderName(brand)] = call.refreshToken;
  if (call.asForm) {
    const form = new FormData();
    for (const [name, value] of Object.entries(call.payload ?? {})) {
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    form.append('reqMetadata', JSON.stringify(requestMetadata(call)));
    return { method: 'POST', headers, body: form };
  }
  headers['Content-Type'] = 'application/json';
  return {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...call.payload, reqMetadata: requestMetadata(call) }),
  };
}
