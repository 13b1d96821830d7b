/** The HTML escape for text placed in an attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The console's one HTML page: no inline script or style (the CSP forbids them), its hashed
 * script and stylesheet under the API's mount prefix, which the app reads back from a meta tag to
 * reach the API.
 */
export function indexPage(prefix: string, assets: { script: string; style: string }): string {
  const base = attribute(prefix);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="trawl-api-base" content="${base}">
<title>Trawl console</title>
<link rel="stylesheet" href="${base}/console/${attribute(assets.style)}">
<script type="module" src="${base}/console/${attribute(assets.script)}"></script>
</head>
<body>
<noscript>The Trawl console needs JavaScript. The API itself answers at ${base}/v2.</noscript>
<div id="app"></div>
</body>
</html>
`;
}
