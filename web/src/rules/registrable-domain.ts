// The registrable domain ("eTLD+1") of a host name, for the external-link rule of
// docs/pages-and-links.md#link-rules. The full Public Suffix List is about 40 KB gzip, too
// much for the first chunk; this compact set covers the multi-label suffixes a cinema site
// links to in practice (country second-level domains and the hosting platforms whose
// sub-domains belong to different owners). Every other suffix is one label, the
// reserved top-level domains of docs/pages-and-links.md#link-rules among them (localhost,
// local, example, invalid, test: RFC 2606 and 6761), which no public list names but local
// setups, demos and tests use: marquee.test and tickets.marquee.test are one site,
// other.test another.
const MULTI_LABEL_SUFFIXES = new Set([
  // Country second-level domains.
  'co.uk', 'org.uk', 'me.uk', 'ltd.uk', 'plc.uk', 'net.uk', 'ac.uk', 'gov.uk', 'nhs.uk',
  'com.au', 'net.au', 'org.au', 'edu.au', 'gov.au', 'asn.au', 'id.au',
  'co.nz', 'org.nz', 'net.nz', 'govt.nz', 'ac.nz',
  'co.jp', 'ne.jp', 'or.jp', 'ac.jp', 'go.jp',
  'co.kr', 'or.kr', 'ne.kr',
  'com.br', 'net.br', 'org.br', 'gov.br',
  'com.mx', 'org.mx', 'gob.mx',
  'com.ar', 'com.co', 'com.pe', 'com.uy', 'com.ve', 'com.ec', 'cl.cl',
  'co.za', 'org.za', 'gov.za',
  'co.in', 'net.in', 'org.in', 'gov.in', 'ac.in',
  'com.cn', 'net.cn', 'org.cn', 'gov.cn',
  'com.hk', 'org.hk', 'com.tw', 'org.tw', 'com.sg', 'org.sg', 'com.my', 'com.ph',
  'co.id', 'or.id', 'co.th', 'in.th', 'com.vn', 'com.tr', 'org.tr', 'gen.tr',
  'co.il', 'org.il', 'ac.il', 'com.eg', 'com.sa', 'com.pk', 'com.ng', 'co.ke',
  'com.pl', 'net.pl', 'org.pl', 'co.at', 'or.at', 'gv.at', 'com.pt', 'com.es', 'com.gr',
  'com.ua', 'co.ua', 'com.ru', 'com.cy', 'com.mt', 'co.hu',
  'qc.ca', 'on.ca', 'bc.ca', 'ab.ca',
  // Hosting platforms: each sub-domain is its own site.
  'github.io', 'gitlab.io', 'netlify.app', 'vercel.app', 'pages.dev', 'workers.dev',
  'herokuapp.com', 'azurewebsites.net', 'cloudfront.net', 'appspot.com', 'web.app',
  'firebaseapp.com', 'blogspot.com', 'wordpress.com', 'wixsite.com', 'squarespace.com',
  'myshopify.com', 's3.amazonaws.com', 'onrender.com', 'fly.dev',
]);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The public suffix of `host`: the longest known multi-label suffix, else its last label. */
export function publicSuffix(host: string): string {
  const labels = normaliseHost(host).split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    const candidate = labels.slice(start).join('.');
    if (MULTI_LABEL_SUFFIXES.has(candidate)) return candidate;
  }
  return labels[labels.length - 1] ?? '';
}

/**
 * The registrable domain of `host`: its public suffix and one label more. An IP
 * address, a single-label host (localhost) or a bare suffix is its own domain.
 */
export function registrableDomain(host: string): string {
  const name = normaliseHost(host);
  if (IPV4.test(name) || name.startsWith('[') || !name.includes('.')) return name;
  const suffix = publicSuffix(name);
  if (suffix === name) return name;
  const rest = name.slice(0, name.length - suffix.length - 1).split('.');
  return `${rest[rest.length - 1]}.${suffix}`;
}

/** Lower case, without a port or the trailing dot of a fully qualified name. */
function normaliseHost(host: string): string {
  const lower = host.trim().toLowerCase();
  const withoutPort = lower.startsWith('[') ? lower.replace(/\]:\d+$/, ']') : lower.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}
