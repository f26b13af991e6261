// The try-it console: Swagger UI on the contract this server serves, with this server's own /v1 as its only
// server, so "Try it out" (and the curl it shows) talks to the server the page came from. Nothing is loaded from another host
// (validatorUrl: null turns off Swagger UI's call to its online validator).
(async function startConsole() {
  const contractUrl = new URL('../../openapi.json', window.location.href);
  const apiBase = new URL('../../v1', window.location.href).href;
  const response = await fetch(contractUrl);
  const spec = await response.json();
  spec.servers = [{ url: apiBase, description: 'This server' }];
  document.getElementById('console-server').textContent = apiBase;
  window.ui = SwaggerUIBundle({
    spec,
    dom_id: '#console',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    filter: true,
    validatorUrl: null,
    persistAuthorization: false,
  });
})();
